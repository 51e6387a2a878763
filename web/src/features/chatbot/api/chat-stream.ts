import { ChatStreamEventSchema, type ChatRequest } from '@shared/schemas/chat';
import { ErrorBodySchema } from '@shared/errors';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';

/** A reply that ended with an error the reader should see (its code and message). */
export class ChatError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The error's details as the server sent them (a QUOTA_EXCEEDED's limit, reset time, plan to upgrade to). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

export interface StreamChatOptions {
  url: string;
  body: ChatRequest;
  token?: string | null;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
  fetch?: typeof fetch;
}

/** Hex SHA-256 of the exact bytes sent, which CloudFront's origin access control signs with. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POSTs a question and reads the server-sent events as they arrive, handing each piece of
 * the answer on at once. Every event is checked against the shared schema; a non-2xx reply
 * becomes a ChatError with the server's own message.
 */
export async function streamChat(options: StreamChatOptions): Promise<{ model: string; offline: boolean }> {
  const doFetch = options.fetch ?? fetch;
  const body = JSON.stringify(options.body);
  // The chat is a function URL behind CloudFront's origin access control (see shared/streaming-headers.ts):
  // the body's hash goes with it, and the token in its own header, as `Authorization` carries the signature.
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    [CONTENT_SHA256_HEADER]: await sha256Hex(body),
  };
  if (options.token) headers[STREAM_TOKEN_HEADER] = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ChatError('NETWORK_ERROR', 'The assistant could not be reached. Check your connection and try again.');
  }
  if (!response.ok || !response.body) {
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) {
      throw new ChatError(parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
    }
    throw new ChatError('UNKNOWN_ERROR', 'The assistant could not answer. Please try again.');
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done: { model: string; offline: boolean } | undefined;
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (value) buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        throw new ChatError('UNKNOWN_ERROR', 'The assistant sent a reply that could not be read.');
      }
      const event = ChatStreamEventSchema.safeParse(json);
      if (!event.success) throw new ChatError('UNKNOWN_ERROR', 'The assistant sent a reply that could not be read.');
      if (event.data.type === 'delta') options.onDelta(event.data.text);
      else if (event.data.type === 'done') done = { model: event.data.model, offline: event.data.offline };
      else throw new ChatError(event.data.error.code, event.data.error.message);
    }
    if (ended) break;
  }
  if (!done) throw new ChatError('UPSTREAM_ERROR', 'The answer was cut off. Please ask again.');
  return done;
}
