import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { altTextProblem, designAltText } from '@shared/graphics/alt-text';
import { defaultDesign, templateIds, textLimits, type Design } from '@shared/graphics/design-schema';
import { ALT_TEXT_MAX_CHARS } from '@shared/schemas/graphics';
import { writeAltText, type AltTextDeps } from '@lambdas/lib/graphics-export/alt-text';

const settings = { model: 'gpt-4o-mini', temperature: 0.7, maxTokens: 200, timeoutMs: 2000, maxRetries: 0 };

/** A stand-in OpenAI client answering every chat completion with `content` (or throwing `error`). */
function fakeModel(reply: { content?: string; error?: Error }) {
  const requests: unknown[] = [];
  const client = {
    chat: {
      completions: {
        create: async (body: unknown) => {
          requests.push(body);
          if (reply.error) throw reply.error;
          return {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 0,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } }],
            usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
          };
        },
      },
    },
  } as unknown as OpenAI;
  const logs: string[] = [];
  const deps: AltTextDeps = {
    openai: async () => ({ client, settings }),
    deadline: Date.now() + 5000,
    log: (message, facts) => logs.push(`${message} ${JSON.stringify(facts)}`),
  };
  return { deps, requests, logs };
}

const long = (n: number) => 'Handmade stoneware mugs for slow mornings '.repeat(20).slice(0, n);

function designWith(texts: Partial<Design['texts']>, templateId: Design['templateId'] = 'offer-badge'): Design {
  return defaultDesign({ templateId, texts: { ...defaultDesign().texts, ...texts } });
}

describe('altTextProblem', () => {
  it.each([
    ['Ad for handmade mugs reading “Slow mornings”, button “Shop now”.', null],
    ['x'.repeat(ALT_TEXT_MAX_CHARS), null],
    ['x'.repeat(ALT_TEXT_MAX_CHARS + 1), `longer than ${ALT_TEXT_MAX_CHARS} characters`],
    ['Short', 'shorter than 10 characters'],
    ['   ', 'shorter than 10 characters'],
    ['Ad for mugs.\nShop now.', 'more than one line'],
    ['Image of a mug on a table', 'starts with "image of"'],
    ['A picture showing a mug on a table', 'starts with "image of"'],
    ['Ad <b>for</b> mugs today', 'contains markup'],
  ])('%j → %j', (text, problem) => {
    expect(altTextProblem(text)).toBe(problem);
  });

  it('counts characters, not UTF-16 units (emoji and accents count once)', () => {
    expect(altTextProblem('é'.repeat(ALT_TEXT_MAX_CHARS))).toBeNull();
    expect(altTextProblem('🙂'.repeat(ALT_TEXT_MAX_CHARS))).toBeNull();
  });
});

describe('designAltText (the fallback from the design’s own words)', () => {
  it('leads with the headline, keeps the offer and ends with the button', () => {
    const text = designAltText(designWith({ headline: 'Spring sale', badge: '-30 %', cta: 'Shop now' }));
    expect(text).toBe('Ad: Spring sale. -30 %. Button: Shop now.');
  });

  it('uses the quote when a testimonial has no headline', () => {
    const text = designAltText(
      designWith({ headline: '', quote: 'Best mug I own', attribution: 'Ana, Lisbon', cta: '' }, 'testimonial'),
    );
    expect(text).toBe('Ad: “Best mug I own”. By Ana, Lisbon.');
  });

  it.each(templateIds)('stays within %s’s limit with every text at its longest, keeping lead and button', (id) => {
    const design = designWith(
      {
        headline: long(textLimits.headline),
        body: long(textLimits.body),
        cta: 'Get yours today',
        badge: long(textLimits.badge),
        quote: long(textLimits.quote),
        attribution: long(textLimits.attribution),
        features: [long(textLimits.feature), long(textLimits.feature)],
        eventDate: long(textLimits.eventDate),
        eventPlace: long(textLimits.eventPlace),
        caption: long(textLimits.caption),
      },
      id,
    );
    const text = designAltText(design);
    expect([...text].length).toBeLessThanOrEqual(ALT_TEXT_MAX_CHARS);
    expect(altTextProblem(text)).toBeNull();
    expect(text).toMatch(/^Ad: “?Handmade/);
    expect(text.endsWith('Button: Get yours today.')).toBe(true);
  });
});

describe('writeAltText', () => {
  const design = designWith({ headline: 'Spring sale', badge: '-30 %', cta: 'Shop now' });

  it('uses the model’s alt text when it is valid, sending the design as data', async () => {
    const model = fakeModel({
      content: JSON.stringify({ altText: 'Offer ad for mugs reading “Spring sale”, 30 % off.' }),
    });
    const alt = await writeAltText(model.deps, design, ['product: mug.png']);
    expect(alt).toEqual({ text: 'Offer ad for mugs reading “Spring sale”, 30 % off.', source: 'model' });
    const sent = JSON.stringify(model.requests[0]);
    expect(sent).toContain('Spring sale');
    expect(sent).toContain('product: mug.png');
    expect(sent).toContain('"name":"alt_text"');
  });

  it.each([
    ['too long', JSON.stringify({ altText: 'x'.repeat(ALT_TEXT_MAX_CHARS + 5) })],
    ['"image of"', JSON.stringify({ altText: 'Image of a sale banner for mugs' })],
    ['not JSON', 'Sure! Here is your alt text'],
  ])('falls back to the design’s words when the reply is %s', async (_what, content) => {
    const model = fakeModel({ content });
    const alt = await writeAltText(model.deps, design, []);
    expect(alt).toEqual({ text: 'Ad: Spring sale. -30 %. Button: Shop now.', source: 'design' });
    expect(model.logs[0]).toContain('Alt text from the design');
  });

  it('falls back when the model fails, without failing the export', async () => {
    const model = fakeModel({ error: new Error('connect ECONNREFUSED') });
    const alt = await writeAltText(model.deps, design, []);
    expect(alt.source).toBe('design');
    expect(alt.text).toBe('Ad: Spring sale. -30 %. Button: Shop now.');
  });
});
