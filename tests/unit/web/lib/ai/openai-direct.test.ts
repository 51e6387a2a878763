import { describe, expect, it, vi } from 'vitest';
import { AI_COMPLETION } from '@shared/constants';
import {
  COPYWRITER_SYSTEM_MESSAGE,
  createOwnKeyClient,
  directAdCopyCompletion,
  OpenAiDirectError,
} from '@web/lib/ai/openai-direct';
import { parseDirectReply } from '@web/features/ad-copy/lib/parse-direct-reply';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const completion = (content: string | null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: content === null ? [] : [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

describe('direct AI chat completion', () => {
  it('sends the spec’s request with the user’s key and returns the first choice’s content', async () => {
    const fetch = vi.fn(async () => reply(200, completion('Headline: Fresh bars')));
    const client = createOwnKeyClient('sk-user-key-0123456789', 'http://127.0.0.1:3006/v1/', fetch);

    const content = await directAdCopyCompletion(client, { product: 'Vegan protein bars', audience: 'gym beginners' });

    expect(content).toBe('Headline: Fresh bars');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3006/v1/chat/completions');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer sk-user-key-0123456789');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      model: AI_COMPLETION.model,
      max_tokens: AI_COMPLETION.maxTokens,
      temperature: AI_COMPLETION.temperature,
    });
    expect(body.messages[0]).toEqual({ role: 'system', content: COPYWRITER_SYSTEM_MESSAGE });
    expect(body.messages[0].content).toMatch(/expert digital marketing copywriter/);
    expect(body.messages[1].content).toMatch(
      /headline, a description and a call-to-action for a Facebook\/Instagram ad/,
    );
    expect(body.messages[1].content).toContain('Product: Vegan protein bars');
    expect(body.messages[1].content).toContain('Target audience: gym beginners');
  });

  it('returns an empty string when there is no choice', async () => {
    const client = createOwnKeyClient('sk-user-key-0123456789', 'https://api.openai.com/v1', async () =>
      reply(200, completion(null)),
    );
    expect(await directAdCopyCompletion(client, { product: 'a', audience: 'b' })).toBe('');
  });

  it('logs "OpenAI API Error:" and rethrows, with a code the central handler knows', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createOwnKeyClient('sk-user-key-0123456789', 'https://api.openai.com/v1', async () =>
      reply(401, {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      }),
    );

    const error = await directAdCopyCompletion(client, { product: 'a', audience: 'b' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(OpenAiDirectError);
    expect(error).toMatchObject({ code: 'AUTH_ERROR', status: 401, message: 'Incorrect API key provided' });
    expect(log).toHaveBeenCalledWith('OpenAI API Error:', error);
  });
});

describe('parseDirectReply', () => {
  it('reads the labelled lines into the variant shape, mapping the call to action onto Meta’s type', () => {
    expect(
      parseDirectReply(
        'Headline: Fuel your first workout\nPrimary text: Plant protein that tastes like a treat.\nDescription: 20 g protein\nCall to action: Shop now',
        'benefit',
      ),
    ).toEqual({
      angle: 'benefit',
      headline: 'Fuel your first workout',
      primaryText: 'Plant protein that tastes like a treat.',
      description: '20 g protein',
      callToAction: 'SHOP_NOW',
    });
  });

  it('copes with markdown and missing parts', () => {
    const variant = parseDirectReply(
      '**Headline:** "Bars that keep up"\n**Description:** Protein on the go\n**CTA:** Sign up today',
      'urgency',
    );
    expect(variant).toMatchObject({
      headline: 'Bars that keep up',
      primaryText: 'Protein on the go',
      description: 'Protein on the go',
      callToAction: 'SIGN_UP',
    });
    expect(parseDirectReply('', 'benefit')).toBeNull();
  });
});
