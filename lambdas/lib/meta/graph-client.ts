import { createHmac } from 'node:crypto';
import * as z from 'zod';
import type { ZodType } from 'zod';
import { META_DEFAULT_GRAPH_VERSION } from '../../../shared/constants';
import { AppError } from '../errors';
import { GraphError, categorise, isRetryable, parseMetaError, toAppError } from './graph-errors';
import { toSearchParams, type GraphParams } from './graph-params';
import { parseUsageHeaders, secondsUntilAccess, type GraphUsage } from './graph-usage';

/**
 * A small client for Meta's Graph/Marketing API.
 *
 * - Every authenticated call carries `access_token` and `appsecret_proof`
 *   (HMAC-SHA256 of the token keyed by the app secret, hex) as parameters: in
 *   the query for GET/DELETE, in the form body for POST. Parameters are what
 *   Meta documents everywhere and what its paging URLs use; neither value is
 *   ever put in `onCall` info, errors or logs (paths are reported without query).
 * - Failures are retried with exponential backoff and jitter only when they are
 *   transient (network, timeout, 5xx, codes 1/2, is_transient) or rate limits;
 *   a rate limit whose announced wait exceeds `maxRateLimitWaitSeconds` fails at
 *   once with RATE_LIMITED: a Lambda behind API Gateway cannot wait minutes.
 * - POSTs are not retried after a timeout or a dropped connection unless the call
 *   says it is idempotent: Meta may have applied the write (e.g. created a campaign).
 * - Replies are checked with the caller's zod schema; a reply that does not fit is
 *   UPSTREAM_ERROR "Meta returned an unexpected response.".
 * - Methods throw AppErrors from our catalogue (see graph-errors.ts `toAppError`);
 *   the GraphError with Meta's code, subcode and fbtrace_id is the `cause`.
 */

export type GraphMethod = 'GET' | 'POST' | 'DELETE';

export interface GraphCallInfo {
  method: GraphMethod;
  /** Path without query, e.g. `/v26.0/act_1/insights`: never contains the token. */
  path: string;
  /** HTTP status; undefined when no reply came (network error, timeout). */
  status?: number;
  durationMs: number;
  /** 1 for the first try. */
  attempt: number;
  usage?: GraphUsage;
  /** Meta's error code when the call failed with one. */
  errorCode?: number;
  /** For batch calls: how many requests the call carried (Meta counts each). */
  batchSize?: number;
}

export interface GraphTransportOptions {
  /** Default 'https://graph.facebook.com'. */
  baseUrl?: string;
  /** Default META_DEFAULT_GRAPH_VERSION. */
  version?: string;
  /** Per attempt. Default 10 000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /**
   * Time for a whole call, retries and waits included, from its first attempt.
   * No retry starts that cannot finish inside it, and the last attempt's timeout
   * is cut to what is left. Default 25 000: API Gateway gives up at 30 s.
   */
  deadlineMs?: number;
  /** Longest rate-limit wait worth sleeping through. Default 5 seconds. */
  maxRateLimitWaitSeconds?: number;
  /** First backoff delay, doubled per retry up to `backoffMaxMs`. Defaults 200 and 2 000. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1), for jitter. */
  random?: () => number;
  onCall?: (info: GraphCallInfo) => void;
}

export interface GraphClientOptions extends GraphTransportOptions {
  appSecret: string;
  accessToken: string;
}

export interface RequestOptions {
  /**
   * Safe to repeat when Meta may already have applied it (a status update is; a
   * create is not). GET and DELETE are idempotent; POST defaults to false.
   */
  idempotent?: boolean;
}

export interface PaginateOptions {
  /** Stop after this many pages even when Meta offers more. Default 10. */
  maxPages?: number;
}

export interface PageResult<T> {
  items: T[];
  pages: number;
  /** Meta offered a next page that was not followed because of `maxPages`. */
  hasMore: boolean;
}

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

export interface GraphClient {
  readonly version: string;
  get(path: string, params?: GraphParams): Promise<unknown>;
  get<T>(path: string, params: GraphParams | undefined, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  post(path: string, params: GraphParams): Promise<unknown>;
  post<T>(path: string, params: GraphParams, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  delete(path: string, params?: GraphParams): Promise<unknown>;
  delete<T>(path: string, params: GraphParams | undefined, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  paginate<T>(
    path: string,
    params: GraphParams | undefined,
    itemSchema: ZodType<T>,
    options?: PaginateOptions,
  ): Promise<PageResult<T>>;
  /** Split into calls of at most 50; one result per request, in order. */
  batch<T = unknown>(requests: readonly BatchRequest[], itemSchema?: ZodType<T>): Promise<BatchItemResult<T>[]>;
}

export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const proof = appSecretProof(options.accessToken, options.appSecret);
  const transport = createTransport(options, (search) => {
    search.set('access_token', options.accessToken);
    search.set('appsecret_proof', proof);
  });
  return clientOver(transport);
}

/**
 * Calls made with the app's own credentials in the parameters (OAuth code and
 * token exchange), so without a user token or appsecret_proof.
 */
export function createAppGraphClient(options: GraphTransportOptions): GraphClient {
  return clientOver(createTransport(options, () => {}));
}

interface Transport {
  version: string;
  origin: string;
  /** Absolute URL of a path under the version, without parameters. */
  urlFor(path: string): URL;
  send(call: Call): Promise<unknown>;
  addCredentials(search: URLSearchParams): void;
}

interface Call {
  method: GraphMethod;
  url: URL;
  body?: URLSearchParams;
  idempotent: boolean;
  batchSize?: number;
}

function clientOver(transport: Transport): GraphClient {
  async function call<T>(
    method: GraphMethod,
    path: string,
    params: GraphParams | undefined,
    schema: ZodType<T> | undefined,
    options: RequestOptions | undefined,
  ): Promise<T> {
    const url = transport.urlFor(path);
    const search = toSearchParams(params);
    transport.addCredentials(search);
    let body: URLSearchParams | undefined;
    if (method === 'POST') body = search;
    else url.search = search.toString();
    const reply = await transport.send({ method, url, body, idempotent: options?.idempotent ?? method !== 'POST' });
    return schema ? checkReply(schema, reply, method, url) : (reply as T);
  }

  const client: GraphClient = {
    version: transport.version,
    get: <T>(path: string, params?: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('GET', path, params, schema, options),
    post: <T>(path: string, params: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('POST', path, params, schema, options),
    delete: <T>(path: string, params?: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('DELETE', path, params, schema, options),

    async paginate<T>(
      path: string,
      params: GraphParams | undefined,
      itemSchema: ZodType<T>,
      options?: PaginateOptions,
    ) {
      const maxPages = options?.maxPages ?? 10;
      const pageSchema = z.object({
        data: z.array(itemSchema),
        paging: z.looseObject({ next: z.string().optional() }).optional(),
      });
      const items: T[] = [];
      let url = transport.urlFor(path);
      const search = toSearchParams(params);
      transport.addCredentials(search);
      url.search = search.toString();
      for (let pages = 1; ; pages++) {
        const page = checkReply(pageSchema, await transport.send({ method: 'GET', url, idempotent: true }), 'GET', url);
        items.push(...page.data);
        const next = page.paging?.next;
        if (!next) return { items, pages, hasMore: false };
        if (pages >= maxPages) return { items, pages, hasMore: true };
        url = followableNext(next, transport, url);
      }
    },

    async batch<T>(requests: readonly BatchRequest[], itemSchema?: ZodType<T>) {
      const results: BatchItemResult<T>[] = [];
      // One chunk at a time: Meta counts every request in a batch against the
      // same limits, so parallel chunks would only reach the throttle sooner.
      for (let start = 0; start < requests.length; start += MAX_BATCH_SIZE) {
        const chunk = requests.slice(start, start + MAX_BATCH_SIZE);
        results.push(...(await sendBatch(transport, chunk, itemSchema)));
      }
      return results;
    },
  };
  return client;
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

async function sendBatch<T>(
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
  return parsed.data.map((item, index): BatchItemResult<T> => {
    const request = chunk[index]!;
    const path = `/${transport.version}/${cleanPath(request.path)}`;
    if (item === null) {
      // Meta answers null for a request that did not complete within the batch.
      return {
        ok: false,
        error: new GraphError({
          kind: 'timeout',
          message: 'Batch item did not complete',
          method: request.method,
          path,
        }),
      };
    }
    const json = parseJson(item.body);
    if (item.code >= 200 && item.code < 300) {
      if (json === undefined) {
        return {
          ok: false,
          status: item.code,
          error: new GraphError({
            kind: 'invalid-response',
            message: 'Unreadable batch item body',
            method: request.method,
            path,
            status: item.code,
          }),
        };
      }
      if (!itemSchema) return { ok: true, status: item.code, body: json as T };
      const checked = itemSchema.safeParse(json);
      return checked.success
        ? { ok: true, status: item.code, body: checked.data }
        : {
            ok: false,
            status: item.code,
            error: new GraphError({
              kind: 'invalid-response',
              message: 'Batch item does not fit its schema',
              method: request.method,
              path,
              status: item.code,
              cause: checked.error,
            }),
          };
    }
    const meta = parseMetaError(json);
    return {
      ok: false,
      status: item.code,
      error: new GraphError({
        kind: meta ? 'meta' : 'http',
        message: meta ? meta.message : `HTTP ${item.code}`,
        method: request.method,
        path,
        status: item.code,
        meta,
      }),
    };
  });
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function createTransport(options: GraphTransportOptions, addCredentials: (search: URLSearchParams) => void): Transport {
  const base = new URL(options.baseUrl ?? 'https://graph.facebook.com');
  const version = options.version ?? META_DEFAULT_GRAPH_VERSION;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 3;
  const deadlineMs = options.deadlineMs ?? 25_000;
  const maxRateLimitWaitSeconds = options.maxRateLimitWaitSeconds ?? 5;
  const backoffBaseMs = options.backoffBaseMs ?? 200;
  const backoffMaxMs = options.backoffMaxMs ?? 2_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const basePath = base.pathname.replace(/\/+$/, '');

  function backoff(attempt: number): number {
    const ceiling = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  async function attempt(
    call: Call,
    attemptNumber: number,
    attemptTimeoutMs: number,
  ): Promise<{ body: unknown } | { error: GraphError }> {
    const path = call.url.pathname;
    const started = performance.now();
    let status: number | undefined;
    let usage: GraphUsage | undefined;
    let outcome: { body: unknown } | { error: GraphError };
    try {
      const response = await fetchImpl(call.url, {
        method: call.method,
        headers: {
          accept: 'application/json',
          ...(call.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: call.body?.toString(),
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      status = response.status;
      usage = parseUsageHeaders(response.headers);
      const json = parseJson(await response.text());
      if (response.ok) {
        outcome =
          json === undefined
            ? { error: invalidResponse(call.method, call.url, 'body is not JSON', status, usage) }
            : { body: json };
      } else {
        const meta = parseMetaError(json);
        outcome = {
          error: new GraphError({
            kind: meta ? 'meta' : 'http',
            message: meta ? meta.message : `HTTP ${status}`,
            method: call.method,
            path,
            status,
            meta,
            usage,
          }),
        };
      }
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      outcome = {
        error: new GraphError({
          kind: timedOut ? 'timeout' : 'network',
          message: timedOut ? `No reply within ${attemptTimeoutMs} ms` : 'Network error',
          method: call.method,
          path,
          status,
          usage,
          cause: error,
        }),
      };
    }
    options.onCall?.({
      method: call.method,
      path,
      ...(status !== undefined ? { status } : {}),
      durationMs: Math.round(performance.now() - started),
      attempt: attemptNumber,
      ...(usage ? { usage } : {}),
      ...('error' in outcome && outcome.error.code !== undefined ? { errorCode: outcome.error.code } : {}),
      ...(call.batchSize !== undefined ? { batchSize: call.batchSize } : {}),
    });
    return outcome;
  }

  return {
    version,
    origin: base.origin,
    addCredentials,
    urlFor: (path) => new URL(`${basePath}/${version}/${cleanPath(path)}`, base.origin),
    async send(call) {
      const startedAt = performance.now();
      const remainingMs = () => deadlineMs - (performance.now() - startedAt);
      for (let attemptNumber = 1; ; attemptNumber++) {
        // AbortSignal.timeout accepts only whole milliseconds.
        const attemptTimeoutMs = Math.max(1, Math.floor(Math.min(timeoutMs, remainingMs())));
        const outcome = await attempt(call, attemptNumber, attemptTimeoutMs);
        if ('body' in outcome) return outcome.body;
        const error = outcome.error;
        if (!isRetryable(error) || attemptNumber > maxRetries) throw toAppError(error);
        if (!call.idempotent && mayHaveReachedMeta(error)) throw toAppError(error);
        let delayMs = backoff(attemptNumber);
        if (categorise(error) === 'rate-limit') {
          const wait = secondsUntilAccess(error.usage);
          if (wait !== undefined && wait > maxRateLimitWaitSeconds) throw toAppError(error);
          if (wait !== undefined && wait > 0) delayMs = wait * 1000;
        }
        // A retry that would start after the deadline only delays the same answer.
        if (delayMs >= remainingMs()) throw toAppError(error);
        await sleep(delayMs);
      }
    },
  };
}

/**
 * A timeout or a dropped connection leaves us not knowing whether Meta applied
 * the call; a refused connection or a failed DNS lookup means it never left.
 */
function mayHaveReachedMeta(error: GraphError): boolean {
  if (error.kind === 'timeout') return true;
  if (error.kind !== 'network') return false;
  const code = errorCodeOf(error.cause);
  return !(code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN');
}

function errorCodeOf(error: unknown): string | undefined {
  // undici wraps the socket error: TypeError('fetch failed', { cause: { code } }).
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return undefined;
}

const PATH_PATTERN = /^[A-Za-z0-9_.\-/]*$/;

/** Ids reach paths from requests; anything but plain path segments is refused rather than encoded. */
function cleanPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  if (!PATH_PATTERN.test(trimmed) || trimmed.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new AppError('VALIDATION_ERROR', 'That Meta id is not valid.');
  }
  return trimmed;
}

/**
 * Meta's `paging.next` is an absolute URL carrying its own copy of the token.
 * It is followed only on our Graph origin (anything else would receive our
 * credentials), with the credentials replaced by ours.
 */
function followableNext(next: string, transport: Transport, current: URL): URL {
  let url: URL;
  try {
    url = new URL(next);
  } catch (error) {
    throw toAppError(invalidResponse('GET', current, error));
  }
  if (url.origin !== transport.origin) {
    throw toAppError(invalidResponse('GET', current, `paging.next points to another origin (${url.origin})`));
  }
  url.searchParams.delete('access_token');
  url.searchParams.delete('appsecret_proof');
  transport.addCredentials(url.searchParams);
  return url;
}

function checkReply<T>(schema: ZodType<T>, reply: unknown, method: GraphMethod, url: URL): T {
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw toAppError(invalidResponse(method, url, parsed.error));
  return parsed.data;
}

function invalidResponse(
  method: GraphMethod,
  url: URL,
  cause: unknown,
  status?: number,
  usage?: GraphUsage,
): GraphError {
  return new GraphError({
    kind: 'invalid-response',
    message: 'Meta returned an unexpected response',
    method,
    path: url.pathname,
    status,
    usage,
    cause,
  });
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
