import type { z } from 'zod';
import { ErrorBodySchema } from '@shared/errors';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';

/**
 * POSTing to a streaming route (the chat, the agent) and reading its server-sent events as they arrive. Both are
 * function URLs behind CloudFront's origin access control (shared/streaming-headers.ts): the body's hash goes with
 * the request, and the access token in its own header, as `Authorization` carries CloudFront's signature.
 */

/** A reply that ended with an error the reader should see (its code and message). */
export class StreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The error's details as the server sent them (a QUOTA_EXCEEDED's limit, reset time, plan to upgrade to). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

/** What the reader is told when the stream itself fails, in the words of the feature reading it. */
export interface StreamWords {
  unreachable: string;
  failed: string;
  unreadable: string;
}

export interface PostEventStreamOptions<S extends z.ZodType> {
  url: string;
  body: unknown;
  token?: string | null;
  signal?: AbortSignal;
  /** Every event is checked against it; one that does not match ends the read with `unreadable`. */
  schema: S;
  onEvent: (event: z.output<S>) => void;
  words: StreamWords;
  fetch?: typeof fetch;
}

/** Hex SHA-256 of the exact bytes sent, which CloudFront's origin access control signs with. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POSTs the body and hands on each event as it arrives; a non-2xx reply is a StreamError with the server's message. */
export async function postEventStream<S extends z.ZodType>(options: PostEventStreamOptions<S>): Promise<void> {
  const doFetch = options.fetch ?? fetch;
  const body = JSON.stringify(options.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    [CONTENT_SHA256_HEADER]: await sha256Hex(body),
  };
  if (options.token) headers[STREAM_TOKEN_HEADER] = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await doFetch(options.url, { method: 'POST', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new StreamError('NETWORK_ERROR', options.words.unreachable);
  }
  if (!response.ok || !response.body) {
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success)
      throw new StreamError(parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
    throw new StreamError('UNKNOWN_ERROR', options.words.failed);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
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
        throw new StreamError('UNKNOWN_ERROR', options.words.unreadable);
      }
      const event = options.schema.safeParse(json);
      if (!event.success) throw new StreamError('UNKNOWN_ERROR', options.words.unreadable);
      options.onEvent(event.data);
    }
    if (done) break;
  }
}
