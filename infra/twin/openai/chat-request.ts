import * as z from 'zod';
import { openAiError, type OpenAiErrorReply } from './openai-errors';

/**
 * The parts of a Chat Completions request the offline model reads, with the
 * checks api.openai.com makes and its wording when they fail.
 */
/** A function call the model made, as an assistant message carries it back (openai-node `ChatCompletionMessageFunctionToolCall`). */
const ToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

const MessageSchema = z.object({
  role: z.enum(['developer', 'system', 'user', 'assistant', 'tool']),
  content: z
    .union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()), z.null()])
    // An assistant message that only calls tools may leave content out.
    .optional()
    .default(null),
  tool_calls: z.array(ToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

/** A function the model may call (openai-node `ChatCompletionFunctionTool`). */
const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});
export type ToolDefinition = z.infer<typeof ToolSchema>;

const ToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
]);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

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
  /** The functions the model may call; empty when the request offers none. */
  tools: ToolDefinition[];
  toolChoice: ToolChoice;
  /** Whether the model may call several tools in one answer (OpenAI's default: true). */
  parallelToolCalls: boolean;
}

/**
 * The models the offline model answers as, with the completion tokens each may write at most
 * (gpt-4o-mini and gpt-4o: 16384) and whether it is a reasoning model (the o-series and the gpt-5
 * family), which OpenAI refuses `max_tokens` and a non-default `temperature` for.
 */
export const MODELS: Record<string, { snapshot: string; maxCompletionTokens: number; reasoning?: true }> = {
  'gpt-4o-mini': { snapshot: 'gpt-4o-mini-2024-07-18', maxCompletionTokens: 16_384 },
  'gpt-4o': { snapshot: 'gpt-4o-2024-08-06', maxCompletionTokens: 16_384 },
  'gpt-4.1-mini': { snapshot: 'gpt-4.1-mini-2025-04-14', maxCompletionTokens: 32_768 },
  'gpt-4.1': { snapshot: 'gpt-4.1-2025-04-14', maxCompletionTokens: 32_768 },
  'o3-mini': { snapshot: 'o3-mini-2025-01-31', maxCompletionTokens: 100_000, reasoning: true },
  'o4-mini': { snapshot: 'o4-mini-2025-04-16', maxCompletionTokens: 100_000, reasoning: true },
  o3: { snapshot: 'o3-2025-04-16', maxCompletionTokens: 100_000, reasoning: true },
  'gpt-5': { snapshot: 'gpt-5-2025-08-07', maxCompletionTokens: 128_000, reasoning: true },
  'gpt-5-mini': { snapshot: 'gpt-5-mini-2025-08-07', maxCompletionTokens: 128_000, reasoning: true },
  'gpt-5-nano': { snapshot: 'gpt-5-nano-2025-08-07', maxCompletionTokens: 128_000, reasoning: true },
};

/**
 * The request body parameters of Chat Completions (openai-node v6.49 `ChatCompletionCreateParams`,
 * the API reference's list). Anything else is refused before the model is looked at, as OpenAI
 * does: 400 "Unrecognized request argument supplied: thinking" with param and code null (bodies
 * quoted in nashsu/llm_wiki#336, coroot/coroot#698; several at once: "Unrecognized request
 * arguments supplied: function_call, functions", langchain-ai/langchain#8593).
 */
const CHAT_PARAMETERS = new Set([
  'messages',
  'model',
  'audio',
  'frequency_penalty',
  'function_call',
  'functions',
  'logit_bias',
  'logprobs',
  'max_completion_tokens',
  'max_tokens',
  'metadata',
  'modalities',
  'n',
  'parallel_tool_calls',
  'prediction',
  'presence_penalty',
  'prompt_cache_key',
  'prompt_cache_retention',
  'reasoning_effort',
  'response_format',
  'safety_identifier',
  'seed',
  'service_tier',
  'stop',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'user',
  'verbosity',
  'web_search_options',
]);
/**
 * Reasoning-only parameters: a model that does not reason does not know them ("Unrecognized request
 * argument supplied: reasoning_effort" for gpt-4o-mini, davidmigloz/langchain_dart#712).
 */
const REASONING_ONLY_PARAMETERS = new Set(['reasoning_effort']);

export function isReasoningModel(model: string): boolean {
  return MODELS[model]?.reasoning === true;
}

function unrecognizedArguments(body: Record<string, unknown>): OpenAiErrorReply | null {
  const reasoning = typeof body.model === 'string' && isReasoningModel(body.model);
  const unknown = Object.keys(body).filter(
    (key) => !CHAT_PARAMETERS.has(key) || (!reasoning && REASONING_ONLY_PARAMETERS.has(key) && body[key] !== null),
  );
  if (unknown.length === 0) return null;
  return openAiError(
    400,
    unknown.length === 1
      ? `Unrecognized request argument supplied: ${unknown[0]}`
      : `Unrecognized request arguments supplied: ${unknown.join(', ')}`,
  );
}

/**
 * Reasoning models refuse `max_tokens` (use `max_completion_tokens`) and any `temperature` but the
 * default 1, with these bodies (reference/openai/notes.md [O9]: openai/codex#88, vercel/ai#6484 and
 * others; the o-series docs: max_tokens "not compatible with o-series models").
 */
function reasoningModelProblem(body: Record<string, unknown>): OpenAiErrorReply | null {
  if (typeof body.model !== 'string' || !isReasoningModel(body.model)) return null;
  if (body.max_tokens !== undefined && body.max_tokens !== null)
    return openAiError(
      400,
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      { param: 'max_tokens', code: 'unsupported_parameter' },
    );
  if (typeof body.temperature === 'number' && body.temperature !== 1)
    return openAiError(
      400,
      `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
      { param: 'temperature', code: 'unsupported_value' },
    );
  return null;
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export function readChatRequest(body: Record<string, unknown>): ChatRequest | OpenAiErrorReply {
  const unrecognized = unrecognizedArguments(body);
  if (unrecognized) return unrecognized;
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
  const conversation = toolConversationProblem(messages);
  if (conversation) return conversation;
  const toolset = readTools(body);
  if ('status' in toolset) return toolset;
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
  const reasoning = reasoningModelProblem(body);
  if (reasoning) return reasoning;
  const limitParam = body.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens';
  const maxTokensRaw = body.max_completion_tokens ?? body.max_tokens ?? null;
  if (
    maxTokensRaw !== null &&
    (typeof maxTokensRaw !== 'number' || !Number.isInteger(maxTokensRaw) || maxTokensRaw < 1)
  )
    return openAiError(400, `Invalid '${limitParam}': integer below minimum value. Expected a value >= 1.`, {
      param: limitParam,
      code: 'integer_below_min_value',
    });
  const known = MODELS[body.model];
  if (known && typeof maxTokensRaw === 'number' && maxTokensRaw > known.maxCompletionTokens)
    return openAiError(
      400,
      `${limitParam} is too large: ${maxTokensRaw}. This model supports at most ${known.maxCompletionTokens} completion tokens, whereas you provided ${maxTokensRaw}.`,
      { param: limitParam, code: 'invalid_value' },
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
    ...toolset,
  };
}

/**
 * `tools`, `tool_choice` and `parallel_tool_calls` with OpenAI's checks: function names match
 * ^[a-zA-Z0-9_-]{1,64}$ (openai-node's `FunctionDefinition.name`: "a-z, A-Z, 0-9, or contain
 * underscores and dashes, with a maximum length of 64"), a named tool_choice must be one of the tools,
 * and tool_choice without tools is refused ("'tool_choice' is only allowed when 'tools' are specified.").
 */
function readTools(
  body: Record<string, unknown>,
): Pick<ChatRequest, 'tools' | 'toolChoice' | 'parallelToolCalls'> | OpenAiErrorReply {
  const tools: ToolDefinition[] = [];
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools))
      return openAiError(400, "Invalid type for 'tools': expected an array, but got an object instead.", {
        param: 'tools',
        code: 'invalid_type',
      });
    for (const [i, raw] of body.tools.entries()) {
      const parsed = ToolSchema.safeParse(raw);
      if (!parsed.success)
        return openAiError(400, `Invalid value for 'tools[${i}]': not a valid function tool.`, {
          param: `tools[${i}]`,
          code: 'invalid_value',
        });
      if (!NAME_PATTERN.test(parsed.data.function.name))
        return openAiError(
          400,
          `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          { param: `tools[${i}].function.name`, code: 'invalid_value' },
        );
      tools.push(parsed.data);
    }
  }
  const choice = ToolChoiceSchema.safeParse(body.tool_choice ?? (tools.length > 0 ? 'auto' : 'none'));
  if (!choice.success)
    return openAiError(400, "Invalid value for 'tool_choice': not a supported tool choice.", {
      param: 'tool_choice',
      code: 'invalid_value',
    });
  if (body.tool_choice != null && tools.length === 0)
    return openAiError(
      400,
      "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
      {
        param: 'tool_choice',
      },
    );
  const named = typeof choice.data === 'object' ? choice.data.function.name : undefined;
  if (named && !tools.some((tool) => tool.function.name === named))
    return openAiError(400, `Invalid value for 'tool_choice': tool '${named}' is not among the tools.`, {
      param: 'tool_choice',
      code: 'invalid_value',
    });
  return { tools, toolChoice: choice.data, parallelToolCalls: body.parallel_tool_calls !== false };
}

/**
 * The order OpenAI requires of a tool-calling conversation: every `tool` message answers a call of the
 * assistant message just before the run of tool messages it is in, and every call of such an assistant
 * message is answered before the next message. The two refusals' wording is OpenAI's own, as clients
 * quote it (agno-agi/agno#3105, BerriAI/litellm#10083: "The following tool_call_ids did not have response
 * messages: call_…"; the role-'tool' one: openai/openai-python#1795 and many reports of "messages with role
 * 'tool' must be a response to a preceeding message with 'tool_calls'", OpenAI's spelling).
 */
function toolConversationProblem(messages: readonly ChatMessage[]): OpenAiErrorReply | null {
  let open: Set<string> | null = null;
  for (const [i, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (!open || !message.tool_call_id || !open.has(message.tool_call_id))
        return openAiError(
          400,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          { param: `messages.[${i}].role` },
        );
      open.delete(message.tool_call_id);
      continue;
    }
    if (open && open.size > 0)
      return openAiError(
        400,
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`,
        { param: 'messages' },
      );
    open =
      message.role === 'assistant' && message.tool_calls?.length ? new Set(message.tool_calls.map((c) => c.id)) : null;
  }
  if (open && open.size > 0)
    return openAiError(
      400,
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`,
      { param: 'messages' },
    );
  return null;
}

export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) return message.content.map((part) => part.text ?? '').join('\n');
  return '';
}

export function isErrorReply(value: ChatRequest | OpenAiErrorReply): value is OpenAiErrorReply {
  return 'status' in value && 'body' in value;
}
