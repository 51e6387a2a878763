import { ChatStreamEventSchema, type ChatRequest } from '@shared/schemas/chat';
import { postEventStream, StreamError } from '@web/lib/streaming/event-stream';

/** A reply that ended with an error the reader should see (its code and message). */
export class ChatError extends StreamError {
  override name = 'ChatError';
}

export interface StreamChatOptions {
  url: string;
  body: ChatRequest;
  token?: string | null;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
  fetch?: typeof fetch;
}

const WORDS = {
  unreachable: 'The assistant could not be reached. Check your connection and try again.',
  failed: 'The assistant could not answer. Please try again.',
  unreadable: 'The assistant sent a reply that could not be read.',
};

/**
 * POSTs a question and reads the server-sent events as they arrive, handing each piece of
 * the answer on at once. Every event is checked against the shared schema; a non-2xx reply
 * becomes a ChatError with the server's own message.
 */
export async function streamChat(options: StreamChatOptions): Promise<{ model: string; offline: boolean }> {
  let done: { model: string; offline: boolean } | undefined;
  try {
    await postEventStream({
      url: options.url,
      body: options.body,
      token: options.token,
      signal: options.signal,
      fetch: options.fetch,
      schema: ChatStreamEventSchema,
      words: WORDS,
      onEvent: (event) => {
        if (event.type === 'delta') options.onDelta(event.text);
        else if (event.type === 'done') done = { model: event.model, offline: event.offline };
        else throw new ChatError(event.error.code, event.error.message);
      },
    });
  } catch (error) {
    if (error instanceof StreamError && !(error instanceof ChatError))
      throw new ChatError(error.code, error.message, error.details);
    throw error;
  }
  if (!done) throw new ChatError('UPSTREAM_ERROR', 'The answer was cut off. Please ask again.');
  return done;
}
