import { describe, expect, it } from 'vitest';
import { isErrorReply, readChatRequest } from '@infra/twin/openai/chat-request';

const messages = [{ role: 'user', content: 'Write a headline' }];

function refusal(body: Record<string, unknown>) {
  const reply = readChatRequest(body);
  if (!isErrorReply(reply)) throw new Error('the request was accepted');
  return reply;
}

describe('readChatRequest', () => {
  it('accepts the spec’s own-key call: gpt-4o-mini, max_tokens 1000, temperature 0.7', () => {
    const reply = readChatRequest({ model: 'gpt-4o-mini', messages, max_tokens: 1000, temperature: 0.7 });

    expect(isErrorReply(reply)).toBe(false);
    expect(reply).toMatchObject({ maxTokens: 1000, temperature: 0.7 });
  });

  it('refuses a parameter Chat Completions does not have, as OpenAI words it', () => {
    expect(refusal({ model: 'gpt-4o-mini', messages, thinking: { type: 'off' } })).toEqual({
      status: 400,
      body: {
        error: {
          message: 'Unrecognized request argument supplied: thinking',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      },
    });
    expect(refusal({ model: 'gpt-4o-mini', messages, functions: [], foo: 1, bar: 2 }).body.error.message).toBe(
      'Unrecognized request arguments supplied: foo, bar',
    );
  });

  it('refuses reasoning_effort on a model that does not reason, and takes it on one that does', () => {
    expect(refusal({ model: 'gpt-4o-mini', messages, reasoning_effort: 'low' }).body.error.message).toBe(
      'Unrecognized request argument supplied: reasoning_effort',
    );
    expect(isErrorReply(readChatRequest({ model: 'o4-mini', messages, reasoning_effort: 'low' }))).toBe(false);
  });

  it('refuses max_tokens on reasoning models and points to max_completion_tokens', () => {
    for (const model of ['o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini']) {
      expect(refusal({ model, messages, max_tokens: 1000 }).body.error).toEqual({
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      });
    }
    expect(isErrorReply(readChatRequest({ model: 'gpt-5-mini', messages, max_completion_tokens: 1000 }))).toBe(false);
  });

  it('refuses a temperature other than 1 on reasoning models', () => {
    expect(refusal({ model: 'o4-mini', messages, temperature: 0.7 }).body.error).toEqual({
      message:
        "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
    });
    expect(isErrorReply(readChatRequest({ model: 'o4-mini', messages, temperature: 1 }))).toBe(false);
  });

  it('names the limit parameter that was sent when it is too large', () => {
    expect(refusal({ model: 'gpt-4o-mini', messages, max_completion_tokens: 20_000 }).body.error).toMatchObject({
      param: 'max_completion_tokens',
      message:
        'max_completion_tokens is too large: 20000. This model supports at most 16384 completion tokens, whereas you provided 20000.',
    });
  });
});
