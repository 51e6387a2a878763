import type OpenAI from 'openai';
import type { z } from 'zod';
import { upstreamError } from '../errors';
import { completionLimits } from './completion-limits';
import { withRetries } from './retry';
import type { JsonSchema } from './strict-json-schema';
import { addUsage, NO_USAGE, type TokenUsage } from './token-usage';
import { toUpstreamAppError } from './upstream-errors';
import type { PromptMessages } from './prompts/prompt';

/**
 * One structured generation: the prompt's messages, a strict json_schema
 * response format (the zod schema's, converted by strictJsonSchema: at each
 * call in structured-generation.ts, or at build time), and the reply validated
 * against the zod schema. A reply that is not valid JSON, does not match,
 * was cut off or refused is asked for once more; a second failure is an
 * UPSTREAM_ERROR. Transport failures (429, 5xx, timeouts) are retried with
 * backoff inside each attempt (see retry.ts).
 */
export interface ModelSettings {
  model: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  maxRetries: number;
}

export interface StructuredRequest<S extends z.ZodType> {
  client: OpenAI;
  settings: ModelSettings;
  messages: PromptMessages;
  /** Names the response format (a-z, A-Z, 0-9, _ and -; at most 64). */
  schemaName: string;
  schema: S;
  /** The schema as strict JSON Schema (strictJsonSchema(schema)), the response format the model is held to. */
  jsonSchema: JsonSchema;
  /** The whole generation must finish by then (epoch ms); defaults to now + 25 s. */
  deadline?: number;
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  onInvalidReply?: (info: { attempt: number; problem: string }) => void;
}

export interface StructuredResult<T> {
  value: T;
  usage: TokenUsage;
  model: string;
  /** Model calls made, retries included. */
  calls: number;
}

/** Answers asked for in total when replies do not validate: the first and one more. */
export const STRUCTURED_ATTEMPTS = 2;

/**
 * A structured generation whose response format is given as JSON Schema: what a caller whose schema is converted at
 * build time calls, so its function's bundle needs no JSON Schema conversion (ad-copy.ts, in the agent).
 */
export async function generateStructuredReply<S extends z.ZodType>(
  request: StructuredRequest<S>,
): Promise<StructuredResult<z.output<S>>> {
  const { client, settings } = request;
  const deadline = request.deadline ?? Date.now() + 25_000;
  const responseFormat = {
    type: 'json_schema' as const,
    json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema },
  };
  let usage = NO_USAGE;
  let calls = 0;
  let lastProblem = '';
  for (let attempt = 1; attempt <= STRUCTURED_ATTEMPTS; attempt++) {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await withRetries(
        () => {
          calls++;
          return client.chat.completions.create(
            {
              model: settings.model,
              messages: request.messages,
              ...completionLimits(settings),
              response_format: responseFormat,
            },
            {
              // Retries are ours (retry.ts): they respect the deadline and log each wait.
              maxRetries: 0,
              timeout: Math.max(100, Math.min(settings.timeoutMs, deadline - Date.now())),
              signal: request.signal,
            },
          );
        },
        { maxRetries: settings.maxRetries, deadline, onRetry: request.onRetry },
      );
    } catch (error) {
      throw toUpstreamAppError(error);
    }
    usage = addUsage(usage, {
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    });
    const checked = checkReply(completion, request.schema);
    if (checked.ok) return { value: checked.value, usage, model: completion.model, calls };
    lastProblem = checked.problem;
    request.onInvalidReply?.({ attempt, problem: checked.problem });
  }
  throw upstreamError(`The AI service answered in an unexpected form twice (${lastProblem}). Please try again.`);
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function checkReply<S extends z.ZodType>(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  schema: S,
): Checked<z.output<S>> {
  const choice = completion.choices?.[0];
  if (!choice) return { ok: false, problem: 'no choices' };
  if (choice.message?.refusal) return { ok: false, problem: 'the model refused' };
  if (choice.finish_reason === 'length') return { ok: false, problem: 'the reply was cut off' };
  if (choice.finish_reason === 'content_filter') return { ok: false, problem: 'the content filter stopped it' };
  const content = choice.message?.content;
  if (!content) return { ok: false, problem: 'an empty reply' };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, problem: `does not match the schema at ${first?.path.join('.') || '(root)'}` };
  }
  return { ok: true, value: parsed.data };
}
