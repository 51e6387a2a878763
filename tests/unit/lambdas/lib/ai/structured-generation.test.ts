import type OpenAI from 'openai';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { AdCopyModelOutputSchema } from '@shared/schemas/ai';
import { generateStructured } from '@lambdas/lib/ai/structured-generation';
import { strictJsonSchema } from '@lambdas/lib/ai/strict-json-schema';
import { AppError } from '@lambdas/lib/errors';

const settings = { model: 'gpt-4o-mini', temperature: 0.7, maxTokens: 1000, timeoutMs: 5000, maxRetries: 0 };
const Schema = z.object({ title: z.string(), score: z.number() });

function completion(content: string | null, finish = 'stop') {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finish, logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function fakeClient(...replies: unknown[]) {
  const create = vi.fn();
  for (const reply of replies) create.mockResolvedValueOnce(reply);
  return { client: { chat: { completions: { create } } } as unknown as OpenAI, create };
}

const run = (client: OpenAI) =>
  generateStructured({
    client,
    settings,
    messages: [{ role: 'user', content: 'hi' }],
    schemaName: 'thing',
    schema: Schema,
  });

describe('generateStructured', () => {
  it('asks for strict json_schema output and returns the validated value with its usage', async () => {
    const { client, create } = fakeClient(completion('{"title":"Mugs","score":3}'));

    const result = await run(client);

    expect(result).toMatchObject({ value: { title: 'Mugs', score: 3 }, calls: 1 });
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 5 });
    const [body, options] = create.mock.calls[0]!;
    expect(body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      // OpenAI deprecated max_tokens and refuses it on reasoning models (issue 22, finding 7).
      max_completion_tokens: 1000,
      response_format: { type: 'json_schema', json_schema: { name: 'thing', strict: true } },
    });
    expect(body).not.toHaveProperty('max_tokens');
    expect(options).toMatchObject({ maxRetries: 0 });
  });

  it('leaves temperature out for a reasoning model, which refuses anything but its default', async () => {
    const { client, create } = fakeClient(completion('{"title":"Mugs","score":3}'));

    await generateStructured({
      client,
      settings: { ...settings, model: 'gpt-5-mini' },
      messages: [{ role: 'user', content: 'hi' }],
      schemaName: 'thing',
      schema: Schema,
    });

    const [body] = create.mock.calls[0]!;
    expect(body).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 1000 });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('max_tokens');
  });

  it('asks once more when the reply is not valid JSON, adding up the usage', async () => {
    const { client, create } = fakeClient(completion('{"title":"Mu'), completion('{"title":"Mugs","score":3}'));

    const result = await run(client);

    expect(create).toHaveBeenCalledTimes(2);
    expect(result.value.title).toBe('Mugs');
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 10 });
  });

  it('fails with UPSTREAM_ERROR when the second reply does not match the schema either', async () => {
    const { client, create } = fakeClient(completion('{"title":1}'), completion('{"nope":true}'));

    const error = await run(client).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', statusCode: 502 });
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('treats a cut-off or refused reply as invalid', async () => {
    const cut = fakeClient(completion('{"title":"a","score":1}', 'length'), completion('{"title":"b","score":2}'));
    expect((await run(cut.client)).value.title).toBe('b');
    const refused = completion(null);
    (refused.choices[0]!.message as { refusal: string | null }).refusal = 'I cannot help with that.';
    const refusing = fakeClient(refused, refused);
    await expect(run(refusing.client)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
  });

  it('turns a transport failure into UPSTREAM_ERROR without leaking the upstream message', async () => {
    const create = vi
      .fn()
      .mockRejectedValue(Object.assign(new Error('401 Incorrect API key provided: sk-abc***'), { status: 401 }));
    const client = { chat: { completions: { create } } } as unknown as OpenAI;

    const error = (await run(client).catch((e: unknown) => e)) as AppError;

    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).not.toContain('sk-');
  });
});

describe('strictJsonSchema', () => {
  it('closes every object and requires every property, as strict mode demands', () => {
    const schema = strictJsonSchema(AdCopyModelOutputSchema);
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['variants'] });
    const item = (schema.properties as { variants: { items: Record<string, unknown> } }).variants.items;
    expect(item).toMatchObject({
      additionalProperties: false,
      required: ['angle', 'headline', 'primaryText', 'description', 'callToAction'],
    });
  });
});
