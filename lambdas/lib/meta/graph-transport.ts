import { META_DEFAULT_GRAPH_VERSION } from '@shared/constants';
import { AppError } from '../errors';
import { GraphError, categorise, isRetryable, parseMetaError, toAppError } from './graph-errors';
import { parseUsageHeaders, secondsUntilAccess, type GraphUsage } from './graph-usage';

/**
 * One Graph call over HTTP with its retries: timeouts per attempt and for the
 * whole call, exponential backoff with jitter for transient failures, waits
 * announced by rate-limit headers when they are short, and `onCall` reports.
 * The client (graph-client.ts) builds URLs and bodies on top of it.
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

export interface Transport {
  version: string;
  origin: string;
  /** Absolute URL of a path under the version, without parameters. */
  urlFor(path: string): URL;
  send(call: Call): Promise<unknown>;
  addCredentials(search: URLSearchParams): void;
}

export interface Call {
  method: GraphMethod;
  url: URL;
  /** Form-encoded parameters, or a multipart form when a file goes with them (a video upload). */
  body?: URLSearchParams | FormData;
  idempotent: boolean;
  batchSize?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTransport(
  options: GraphTransportOptions,
  addCredentials: (search: URLSearchParams) => void,
): Transport {
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

  // An observer that throws (a logger, a benchmark counter) must not fail the Graph call it observes.
  function report(info: GraphCallInfo): void {
    try {
      options.onCall?.(info);
    } catch {
      // Nothing useful to do: the call itself went fine or failed on its own terms.
    }
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
          // fetch writes a FormData's multipart content type itself, with its boundary.
          ...(call.body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: call.body instanceof FormData ? call.body : call.body?.toString(),
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
    report({
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
export function cleanPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  if (!PATH_PATTERN.test(trimmed) || trimmed.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new AppError('VALIDATION_ERROR', 'That Meta id is not valid.');
  }
  return trimmed;
}

export function invalidResponse(
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

export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
