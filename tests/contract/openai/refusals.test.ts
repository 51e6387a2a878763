import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { apiErrorOf, openaiClient } from './openai-client';

/**
 * What api.openai.com refuses, as the official client receives it: the status picks the error
 * class, and `message`, `type`, `param` and `code` come from the body. Sources are named per test;
 * /work/shared/reference/openai/notes.md lists them.
 */

const messages = [{ role: 'user' as const, content: 'Write a headline for trail shoes' }];

describe('keys', () => {
  // Source: the 401 body quoted in chatanywhere/GPT_API_free#62 (the key masked to 8 + 4 characters).
  it('refuses a key OpenAI did not issue: 401 invalid_api_key, the key masked', async () => {
    const key = 'sk-revoked-0123456789abcdefghijklmnop';
    const error = await apiErrorOf(openaiClient(key).chat.completions.create({ model: 'gpt-4o-mini', messages }));

    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.status).toBe(401);
    expect(error).toMatchObject({ type: 'invalid_request_error', param: null, code: 'invalid_api_key' });
    expect(error.error).toEqual({
      message: `Incorrect API key provided: sk-revok${'*'.repeat(key.length - 12)}mnop. You can find your API key at https://platform.openai.com/account/api-keys.`,
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    });
  });

  it('refuses a key that is not shaped like one, on images too', async () => {
    const error = await apiErrorOf(openaiClient('not-a-key').images.generate({ model: 'gpt-image-1', prompt: 'x' }));

    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
  });
});

describe('request parameters', () => {
  // Source: 400 bodies in nashsu/llm_wiki#336 and coroot/coroot#698 (param and code null).
  it('refuses a parameter Chat Completions does not have', async () => {
    const body = { model: 'gpt-4o-mini', messages, thinking: { type: 'disabled' } };
    const error = await apiErrorOf(openaiClient().chat.completions.create(body as never));

    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toEqual({
      message: 'Unrecognized request argument supplied: thinking',
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
  });

  // Source: davidmigloz/langchain_dart#712 (gpt-4o-mini with reasoning_effort).
  it('refuses reasoning_effort on a model that does not reason', async () => {
    const error = await apiErrorOf(
      openaiClient().chat.completions.create({ model: 'gpt-4o-mini', messages, reasoning_effort: 'low' }),
    );

    expect(error.status).toBe(400);
    expect(error.message).toBe('400 Unrecognized request argument supplied: reasoning_effort');
  });
});

describe('reasoning models (o-series, gpt-5 family)', () => {
  // Source: notes.md [O4] (max_tokens "not compatible with o-series models") and [O9] for the body.
  it.each(['o4-mini', 'gpt-5-mini'])('%s refuses max_tokens and points to max_completion_tokens', async (model) => {
    const error = await apiErrorOf(openaiClient().chat.completions.create({ model, messages, max_tokens: 1000 }));

    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
  });

  // Source: notes.md [O9] (openai/codex#88 and others).
  it('refuses a temperature other than the default 1', async () => {
    const error = await apiErrorOf(
      openaiClient().chat.completions.create({ model: 'o4-mini', messages, temperature: 0.7 }),
    );

    expect(error.error).toEqual({
      message:
        "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
    });
  });

  it('answers with max_completion_tokens and no temperature', async () => {
    const completion = await openaiClient().chat.completions.create({
      model: 'gpt-5-mini',
      messages,
      max_completion_tokens: 500,
    });

    expect(completion.model).toBe('gpt-5-mini-2025-08-07');
  });
});

describe('strict json_schema', () => {
  const strict = (schema: Record<string, unknown>) =>
    openaiClient().chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      response_format: { type: 'json_schema', json_schema: { name: 'plan', strict: true, schema } },
    });
  const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    ...extra,
  });

  /** Chat Completions sends schema errors with param response_format and code null (notes.md [O9]). */
  async function schemaRefusal(schema: Record<string, unknown>): Promise<string> {
    const error = await apiErrorOf(strict(schema));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ type: 'invalid_request_error', param: 'response_format', code: null });
    return error.error && typeof error.error === 'object' ? String((error.error as { message: string }).message) : '';
  }

  // Source: notes.md [O9] (the exact message).
  it('refuses an object without additionalProperties: false', async () => {
    expect(await schemaRefusal({ type: 'object', properties: {}, required: [] })).toBe(
      "Invalid schema for response_format 'plan': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
  });

  // Source: notes.md [O9] ("… Missing 'roles'.").
  it('refuses a property left out of required', async () => {
    expect(
      await schemaRefusal({ ...closed({ a: { type: 'string' }, roles: { type: 'string' } }), required: ['a'] }),
    ).toBe(
      "Invalid schema for response_format 'plan': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'roles'.",
    );
  });

  // Source: a 400 quoted in public code ("reference to component '#/$defs/Verdict' which was not found").
  it('refuses a $ref to a missing definition', async () => {
    expect(await schemaRefusal(closed({ verdict: { $ref: '#/$defs/Verdict' } }))).toBe(
      "Invalid schema for response_format 'plan': In context=('properties', 'verdict'), reference to component '#/$defs/Verdict' which was not found in the schema.",
    );
  });

  // Source: the guide's supported types; the wording of this message is the stand-in's (not found quoted).
  it('refuses a type strict mode does not support', async () => {
    expect(await schemaRefusal(closed({ when: { type: 'date' } }))).toContain(
      "In context=('properties', 'when'), 'date' is not a valid type",
    );
  });

  // Source: 400s quoted in public code ("'uniqueItems' is not permitted.", "'uri' is not a valid format.").
  it('refuses keywords and formats strict mode does not support', async () => {
    expect(await schemaRefusal(closed({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }))).toBe(
      "Invalid schema for response_format 'plan': In context=('properties', 'tags'), 'uniqueItems' is not permitted.",
    );
    expect(await schemaRefusal(closed({ link: { type: 'string', format: 'uri' } }))).toBe(
      "Invalid schema for response_format 'plan': In context=('properties', 'link'), 'uri' is not a valid format.",
    );
  });

  // Source: the guide ("up to 10 levels of nesting"); wording as quoted in tidyverse/ellmer#671.
  it('refuses more than 10 levels of nesting', async () => {
    let schema: Record<string, unknown> = closed({ leaf: { type: 'string' } });
    for (let level = 2; level <= 11; level++) schema = closed({ next: schema });

    expect(await schemaRefusal(schema)).toBe(
      "Invalid schema for response_format 'plan': 11 levels of nesting exceeds limit of 10.",
    );
  });

  // Source: the guide ("up to 1000 enum values across all enum properties"); wording is the stand-in's.
  it('refuses more than 1000 enum values', async () => {
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);

    expect(await schemaRefusal(closed({ pick: { type: 'string', enum: values } }))).toBe(
      "Invalid schema for response_format 'plan': 1001 enum values in total exceeds limit of 1000.",
    );
  });
});
