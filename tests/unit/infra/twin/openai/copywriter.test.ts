import { describe, expect, it } from 'vitest';
import { readBrief } from '@infra/twin/openai/brief';
import { shortForm, writeAd } from '@infra/twin/openai/copywriter';
import { randomFor } from '@infra/twin/meta-sandbox/prng';

/** The user message the ad copy prompt sends: the brief as JSON (angles, and a variation for later takes). */
function brief(angles: string[], variation?: string) {
  const content = JSON.stringify({
    product: 'Hand-thrown ceramic mugs',
    targetAudience: 'Remote workers who love slow mornings',
    tone: 'warm',
    campaignObjective: 'OUTCOME_SALES',
    angles,
    ...(variation ? { variation } : {}),
  });
  return readBrief([{ role: 'user', content }]);
}

describe('the offline model’s copywriter', () => {
  it('shortens a product to what it is, not what it is made for', () => {
    expect(shortForm('Trail shoes made to move')).toBe('Trail shoes');
    expect(shortForm('Bags built for the commute')).toBe('Bags');
    expect(shortForm('Hand-thrown ceramic mugs')).toBe('Hand-thrown ceramic mugs');
  });

  it('reads which take a brief asks for', () => {
    expect(brief(['benefit']).take).toBe(1);
    expect(brief(['benefit'], 'take #3: differ from earlier takes').take).toBe(3);
  });

  it.each(['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'])(
    'regenerating the %s variant alone always gives new words (not the first take’s)',
    (angle) => {
      // The first take came from a request with every angle; the regeneration asks for this one only.
      const first = writeAd(brief(['benefit', 'social_proof', 'urgency', 'question']), angle, randomFor('a'));
      const again = writeAd(brief([angle], 'take #2: differ from earlier takes'), angle, randomFor('b'));
      expect(again.primaryText).not.toBe(first.primaryText);
      expect(again.headline).not.toBe(first.headline);
    },
  );

  it('writes the same headline for the same brief and angle, whatever else the request holds', () => {
    const a = writeAd(brief(['urgency']), 'urgency', randomFor('x'));
    const b = writeAd(brief(['urgency', 'benefit']), 'urgency', randomFor('y'));
    expect(b.headline).toBe(a.headline);
  });
});

// Issue 25, requirement 12: a good demo writes about what the marketer told it, in sentences a person would write.
describe('the offline model writes from the brief’s facts', () => {
  const ANGLES = ['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'];
  const factual = (product: string) =>
    readBrief([
      {
        role: 'user',
        content: JSON.stringify({
          product,
          targetAudience: 'Trail runners',
          tone: 'friendly',
          campaignObjective: 'OUTCOME_SALES',
          angles: ANGLES,
        }),
      },
    ]);
  const ads = (product: string) => ANGLES.map((angle) => writeAd(factual(product), angle, randomFor(angle)));

  it('puts the price, the free returns and the material into the ads', () => {
    const written = ads('Merino wool running socks, $24, free returns for 100 days, made from recycled yarn');
    const texts = written.map((ad) => ad.primaryText);
    for (const text of texts) expect(text).toMatch(/\$24|free returns|recycled yarn/i);
    expect(texts.some((t) => t.includes('$24'))).toBe(true);
    expect(texts.some((t) => /free returns for 100 days/i.test(t))).toBe(true);
    expect(texts.some((t) => /made from recycled yarn/i.test(t))).toBe(true);
    // The product is named by its name, never by the whole comma list of the brief.
    for (const ad of written) expect(`${ad.headline} ${ad.primaryText}`).not.toContain('$24, free returns');
    expect(written.some((ad) => ad.description.includes('$24'))).toBe(true);
  });

  it.each([
    'Merino wool running socks, $24, free returns for 100 days, made from recycled yarn',
    'Hand-thrown ceramic mugs made of stoneware, €18 each',
    'Online yoga classes',
  ])('writes grammatical sentences for “%s”', (product) => {
    for (const ad of ads(product)) {
      for (const text of [ad.primaryText, ad.headline, ad.description]) {
        expect(text, text).not.toMatch(/\s{2,}|\s[.,!?:]|[.,!?]{2,}|\b(\w+) \1\b|,\s*[.!?]|^\s|\s$/i);
      }
      const sentences = ad.primaryText.split(/(?<=[.!?])\s+/);
      for (const sentence of sentences) {
        expect(sentence, ad.primaryText).toMatch(/^[A-Z$€£¥0-9“"]/);
        expect(sentence, ad.primaryText).toMatch(/[.!?]$/);
      }
      expect([...ad.primaryText].length).toBeLessThanOrEqual(125);
      expect([...ad.headline].length).toBeLessThanOrEqual(40);
      expect([...ad.description].length).toBeLessThanOrEqual(30);
    }
  });
});
