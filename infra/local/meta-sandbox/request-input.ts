import type { IncomingMessage } from 'node:http';
import { GraphError } from './graph-error.js';

/**
 * Graph API parameters come from the query string and, for POST/DELETE, from a
 * form-encoded or JSON body (body wins). Non-string JSON values are passed on
 * as JSON text, which is how Graph treats them (e.g. time_range, filtering).
 */

const MAX_BODY_BYTES = 1_000_000;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw new GraphError(413, { message: '(#100) The request body is too large', type: 'OAuthException', code: 100 });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseBody(body: string, contentType: string | undefined): Record<string, string> {
  if (body.trim() === '') return {};
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new GraphError(400, {
        message: '(#100) The request body is not valid JSON',
        type: 'OAuthException',
        code: 100,
      });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new GraphError(400, {
        message: '(#100) The request body must be a JSON object',
        type: 'OAuthException',
        code: 100,
      });
    }
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
  }
  if (type === 'multipart/form-data') {
    throw new GraphError(400, {
      message: '(#100) The Adsmith Meta sandbox accepts form-encoded or JSON bodies only',
      type: 'OAuthException',
      code: 100,
    });
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export function queryParams(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}
