import { GraphError } from './graph-error.js';
import type { GraphRequest } from './graph-routes.js';
import type { Reply } from './reply.js';

/**
 * Graph batch requests: `POST /` with `batch=[{method, relative_url, body?, name?}]`
 * (at most 50). Each item runs as its own Graph call (counted, throttled and
 * logged separately, as on Meta) and is answered as `{code, headers?, body}`
 * with the body as a JSON string. JSONPath references between items
 * (`{result=name:$.id}`) are not supported.
 */

export const MAX_BATCH_SIZE = 50;

const VERSION_PATTERN = /^v\d+\.\d+$/;

function batchError(message: string): GraphError {
  return new GraphError(400, { message, type: 'GraphBatchException', code: 1 });
}

export async function handleBatch(
  outer: Record<string, string>,
  base: Pick<GraphRequest, 'authorization' | 'origin' | 'version'>,
  run: (call: GraphRequest) => Promise<Reply>,
): Promise<Reply> {
  let items: unknown;
  try {
    items = JSON.parse(outer.batch ?? '');
  } catch {
    throw new GraphError(400, {
      message: '(#100) The parameter batch must be a JSON array',
      type: 'OAuthException',
      code: 100,
    });
  }
  if (!Array.isArray(items) || items.length === 0) {
    throw new GraphError(400, {
      message: '(#100) The parameter batch must be a non-empty JSON array',
      type: 'OAuthException',
      code: 100,
    });
  }
  if (items.length > MAX_BATCH_SIZE)
    throw batchError(`Too many requests in batch message. Maximum batch size is ${MAX_BATCH_SIZE}`);
  const includeHeaders = outer.include_headers !== 'false';
  const credentials: Record<string, string> = {};
  if (outer.access_token) credentials.access_token = outer.access_token;
  if (outer.appsecret_proof) credentials.appsecret_proof = outer.appsecret_proof;

  const results: unknown[] = [];
  for (const [index, raw] of items.entries()) {
    const item = raw as { method?: unknown; relative_url?: unknown; body?: unknown };
    if (typeof item !== 'object' || item === null || typeof item.relative_url !== 'string') {
      throw batchError(`Batch parameter item ${index} must be an object with a relative_url`);
    }
    const method = (typeof item.method === 'string' ? item.method : 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE')
      throw batchError(`Unsupported method ${method} in batch item ${index}`);
    const url = new URL(item.relative_url.replace(/^\/+/, ''), 'http://batch.local/');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    let version = base.version;
    if (segments[0] && VERSION_PATTERN.test(segments[0])) version = segments.shift()!;
    const query = { ...credentials, ...Object.fromEntries(url.searchParams) };
    const body = typeof item.body === 'string' ? Object.fromEntries(new URLSearchParams(item.body)) : {};
    const reply = await run({
      method,
      version,
      segments,
      params: { ...query, ...body },
      query,
      authorization: base.authorization,
      origin: base.origin,
    });
    const text = JSON.stringify(reply.json ?? null).replace(/\//g, '\\/');
    results.push({
      code: reply.status,
      ...(includeHeaders && {
        headers: [
          { name: 'Content-Type', value: 'text/javascript; charset=UTF-8' },
          ...Object.entries(reply.headers ?? {}).map(([name, value]) => ({ name, value })),
        ],
      }),
      body: text,
    });
  }
  return { status: 200, json: results };
}
