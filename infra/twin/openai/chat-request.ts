import * as z from 'zod';
import { openAiError, type OpenAiErrorReply } from './openai-errors';

/**
 * The parts of a Chat Completions request the offline model reads, with the
 * checks api.openai.com makes and its wording when they fail.
 */
const MessageSchema = z.object({
  role: z.enum(['developer', 'system', 'user', 'assistant', 'tool']),
  content: z.union([
    z.string(),
    z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()),
    z.null(),
  ]),
});

const ResponseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string(),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

export type ChatMessage = z.infer<typeof MessageSchema>;
export type ResponseFormat = z.infer<typeof ResponseFormatSchema>;

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number | null;
  responseFormat: ResponseFormat;
  stream: boolean;
  includeUsage: boolean;
}

/** Completion tokens each model may write at most (gpt-4o-mini and gpt-4o: 16384). */
export const MODELS: Record<string, { snapshot: string; maxCompletionTokens: number }> = {
  'gpt-4o-mini': { snapshot: 'gpt-4o-mini-2024-07-18', maxCompletionTokens: 16_384 },
  'gpt-4o': { snapshot: 'gpt-4o-2024-08-06', maxCompletionTokens: 16_384 },
  'gpt-4.1-mini': { snapshot: 'gpt-4.1-mini-2025-04-14', maxCompletionTokens: 32_768 },
  'gpt-4.1': { snapshot: 'gpt-4.1-2025-04-14', maxCompletionTokens: 32_768 },
};

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export function readChatRequest(body: Record<string, unknown>): ChatRequest | OpenAiErrorReply {
  if (typeof body.model !== 'string' || !body.model) return openAiError(400, 'you must provide a model parameter');
  if (body.messages === undefined)
    return openAiError(400, "Missing required parameter: 'messages'.", {
      param: 'messages',
      code: 'missing_required_parameter',
    });
  if (!Array.isArray(body.messages))
    return openAiError(400, "Invalid type for 'messages': expected an array of objects, but got a string instead.", {
      param: 'messages',
      code: 'invalid_type',
    });
  if (body.messages.length === 0)
    return openAiError(
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      { param: 'messages', code: 'empty_array' },
    );
  const messages: ChatMessage[] = [];
  for (const [i, raw] of body.messages.entries()) {
    const parsed = MessageSchema.safeParse(raw);
    if (!parsed.success)
      return openAiError(400, `Invalid value for 'messages[${i}]': not a valid chat message.`, {
        param: `messages[${i}]`,
        code: 'invalid_value',
      });
    messages.push(parsed.data);
  }
  const temperature = body.temperature ?? 1;
  if (typeof temperature !== 'number')
    return openAiError(400, "Invalid type for 'temperature': expected a decimal, but got a string instead.", {
      param: 'temperature',
      code: 'invalid_type',
    });
  if (temperature > 2)
    return openAiError(
      400,
      `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${temperature} instead.`,
      { param: 'temperature', code: 'decimal_above_max_value' },
    );
  if (temperature < 0)
    return openAiError(
      400,
      `Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got ${temperature} instead.`,
      { param: 'temperature', code: 'decimal_below_min_value' },
    );
  const maxTokensRaw = body.max_completion_tokens ?? body.max_tokens ?? null;
  if (
    maxTokensRaw !== null &&
    (typeof maxTokensRaw !== 'number' || !Number.isInteger(maxTokensRaw) || maxTokensRaw < 1)
  )
    return openAiError(400, `Invalid 'max_tokens': integer below minimum value. Expected a value >= 1.`, {
      param: 'max_tokens',
      code: 'integer_below_min_value',
    });
  const known = MODELS[body.model];
  if (known && typeof maxTokensRaw === 'number' && maxTokensRaw > known.maxCompletionTokens)
    return openAiError(
      400,
      `max_tokens is too large: ${maxTokensRaw}. This model supports at most ${known.maxCompletionTokens} completion tokens, whereas you provided ${maxTokensRaw}.`,
      { param: 'max_tokens', code: 'invalid_value' },
    );
  const format = ResponseFormatSchema.safeParse(body.response_format ?? { type: 'text' });
  if (!format.success)
    return openAiError(400, "Invalid value for 'response_format': not a supported response format.", {
      param: 'response_format',
      code: 'invalid_value',
    });
  if (format.data.type === 'json_schema' && !NAME_PATTERN.test(format.data.json_schema.name))
    return openAiError(
      400,
      "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      { param: 'response_format.json_schema.name', code: 'invalid_value' },
    );
  if (format.data.type === 'json_object' && !messages.some((m) => /json/i.test(textOf(m))))
    return openAiError(
      400,
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      { param: 'messages' },
    );
  const stream = body.stream === true;
  if (body.stream_options !== undefined && body.stream_options !== null && !stream)
    return openAiError(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", {
      param: 'stream_options',
    });
  const includeUsage =
    stream && typeof body.stream_options === 'object' && body.stream_options !== null
      ? (body.stream_options as { include_usage?: unknown }).include_usage === true
      : false;
  return {
    model: body.model,
    messages,
    temperature,
    maxTokens: maxTokensRaw as number | null,
    responseFormat: format.data,
    stream,
    includeUsage,
  };
}

export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) return message.content.map((part) => part.text ?? '').join('\n');
  return '';
}

export function isErrorReply(value: ChatRequest | OpenAiErrorReply): value is OpenAiErrorReply {
  return 'status' in value && 'body' in value;
}
