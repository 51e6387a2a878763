import type OpenAI from 'openai';
import { completionLimits } from './completion-limits';
import { withRetries } from './retry';
import type { ModelSettings } from './structured-generation';
import type { TokenUsage } from './token-usage';
import { toUpstreamAppError } from './upstream-errors';
import type { PromptMessages } from './prompts/prompt';

/**
 * The streaming entry point (the chatbot's): text deltas as the model writes
 * them, then the usage. Only opening the stream is retried; once text has been
 * handed on, a failure ends the stream with an UPSTREAM_ERROR, since the
 * reader has already shown part of the answer.
 */
export interface StreamRequest {
  client: OpenAI;
  settings: ModelSettings;
  messages: PromptMessages;
  deadline?: number;
  signal?: AbortSignal;
}

export type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; usage: TokenUsage; model: string };

export async function* streamCompletion(request: StreamRequest): AsyncGenerator<StreamEvent> {
  const { client, settings } = request;
  const deadline = request.deadline ?? Date.now() + 25_000;
  let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
  try {
    stream = await withRetries(
      () =>
        client.chat.completions.create(
          {
            model: settings.model,
            messages: request.messages,
            ...completionLimits(settings),
            stream: true,
            stream_options: { include_usage: true },
          },
          { maxRetries: 0, timeout: Math.max(100, deadline - Date.now()), signal: request.signal },
        ),
      { maxRetries: settings.maxRetries, deadline },
    );
  } catch (error) {
    throw toUpstreamAppError(error);
  }
  let usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let model = settings.model;
  try {
    for await (const chunk of stream) {
      model = chunk.model || model;
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) yield { type: 'delta', text };
      if (chunk.usage)
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
    }
  } catch (error) {
    throw toUpstreamAppError(error);
  }
  yield { type: 'done', usage, model };
}
