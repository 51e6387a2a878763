import * as z from 'zod';
import type { ZodType } from 'zod';
import { GraphError, parseMetaError, toAppError, type GraphErrorInit } from './graph-errors';
import { toSearchParams, type GraphParams } from './graph-params';
import { cleanPath, invalidResponse, parseJson, type GraphMethod, type Transport } from './graph-transport';

/**
 * Meta's batch API: up to 50 requests in one POST, answered with one
 * `{code, body: "<json string>"}` per request (or null when one did not finish).
 * Failures are returned per item, not thrown, so one bad item does not hide
 * the others' results.
 */

export interface BatchRequest {
  method: GraphMethod;
  /** Relative to the version, e.g. `act_1/campaigns` or `/123`. */
  path: string;
  params?: GraphParams;
  /** Meta's batch `name`, for JSONPath references between requests. */
  name?: string;
}

export type BatchItemResult<T> =
  { ok: true; status: number; body: T } | { ok: false; status?: number; error: GraphError };

/** Meta's limit on requests per batch call. */
export const MAX_BATCH_SIZE = 50;

/** Split into calls of at most 50; one result per request, in order. */
export async function sendBatch<T>(
  transport: Transport,
  requests: readonly BatchRequest[],
  itemSchema: ZodType<T> | undefined,
): Promise<BatchItemResult<T>[]> {
  const results: BatchItemResult<T>[] = [];
  // One chunk at a time: Meta counts every request in a batch against the
  // same limits, so parallel chunks would only reach the throttle sooner.
  for (let start = 0; start < requests.length; start += MAX_BATCH_SIZE) {
    results.push(...(await sendChunk(transport, requests.slice(start, start + MAX_BATCH_SIZE), itemSchema)));
  }
  return results;
}

const BatchReplySchema = z.array(
  z.union([
    z.null(),
    z.looseObject({
      code: z.number(),
      body: z.string().optional(),
    }),
  ]),
);

async function sendChunk<T>(
  transport: Transport,
  chunk: readonly BatchRequest[],
  itemSchema: ZodType<T> | undefined,
): Promise<BatchItemResult<T>[]> {
  const entries = chunk.map((request) => {
    const relative = `${transport.version}/${cleanPath(request.path)}`;
    const encoded = toSearchParams(request.params).toString();
    const entry: Record<string, string> = { method: request.method, relative_url: relative };
    if (request.method === 'POST') {
      if (encoded) entry.body = encoded;
    } else if (encoded) {
      entry.relative_url = `${relative}?${encoded}`;
    }
    if (request.name) entry.name = request.name;
    return entry;
  });
  const body = new URLSearchParams({ batch: JSON.stringify(entries), include_headers: 'false' });
  transport.addCredentials(body);
  const url = new URL('/', transport.origin);
  const idempotent = chunk.every((request) => request.method !== 'POST');
  const reply = await transport.send({ method: 'POST', url, body, idempotent, batchSize: chunk.length });

  const parsed = BatchReplySchema.safeParse(reply);
  if (!parsed.success || parsed.data.length !== chunk.length) {
    throw toAppError(invalidResponse('POST', url, parsed.success ? 'batch reply length differs' : parsed.error));
  }
  return parsed.data.map((item, index) => readItem(item, chunk[index]!, transport.version, itemSchema));
}

type BatchReplyItem = z.infer<typeof BatchReplySchema>[number];

function readItem<T>(
  item: BatchReplyItem,
  request: BatchRequest,
  version: string,
  itemSchema: ZodType<T> | undefined,
): BatchItemResult<T> {
  const failed = (status: number | undefined, init: Pick<GraphErrorInit, 'kind' | 'message' | 'meta' | 'cause'>) => ({
    ok: false as const,
    ...(status !== undefined ? { status } : {}),
    error: new GraphError({ ...init, method: request.method, path: `/${version}/${cleanPath(request.path)}`, status }),
  });

  // Meta answers null for a request that did not complete within the batch.
  if (item === null) return failed(undefined, { kind: 'timeout', message: 'Batch item did not complete' });
  const json = parseJson(item.body);
  if (item.code < 200 || item.code >= 300) {
    const meta = parseMetaError(json);
    return failed(item.code, { kind: meta ? 'meta' : 'http', message: meta?.message ?? `HTTP ${item.code}`, meta });
  }
  if (json === undefined) return failed(item.code, { kind: 'invalid-response', message: 'Unreadable batch item body' });
  if (!itemSchema) return { ok: true, status: item.code, body: json as T };
  const checked = itemSchema.safeParse(json);
  if (!checked.success) {
    return failed(item.code, {
      kind: 'invalid-response',
      message: 'Batch item does not fit its schema',
      cause: checked.error,
    });
  }
  return { ok: true, status: item.code, body: checked.data };
}
