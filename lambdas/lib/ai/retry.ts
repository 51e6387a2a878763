/**
 * Retries a call to the model on the failures that are worth retrying (429,
 * 408, 409, 5xx, connection errors, timeouts), waiting what the server asks
 * (`retry-after-ms`, `retry-after` in seconds or as a date) or an exponential
 * backoff with jitter. A wait that would pass the deadline is not made: the
 * caller fails fast instead of holding a Lambda until API Gateway gives up.
 */
export interface RetryPolicy {
  maxRetries: number;
  /** Epoch ms after which no new attempt starts. */
  deadline: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

export interface RetryableFailure {
  status?: number;
  headers?: { get(name: string): string | null } | null;
}

const RETRYABLE_STATUS = new Set([408, 409, 429]);
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

export function isRetryable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  if (name === 'APIUserAbortError' || name === 'AbortError') return false;
  if (name === 'APIConnectionError' || name === 'APIConnectionTimeoutError') return true;
  const { status, headers } = error as RetryableFailure;
  const shouldRetry = headers?.get?.('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  return typeof status === 'number' && (RETRYABLE_STATUS.has(status) || status >= 500);
}

/** The delay the server asked for, in ms, or undefined when it did not say. */
export function serverDelayMs(error: unknown, now: number = Date.now()): number | undefined {
  const headers = (error as RetryableFailure | undefined)?.headers;
  if (!headers?.get) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (Number.isFinite(Number(after))) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** retryIndex, MAX_BACKOFF_MS);
  return Math.round(base * (1 - 0.25 * random()));
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetries<T>(call: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const now = policy.now ?? Date.now;
  const sleep = policy.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.maxRetries || !isRetryable(error)) throw error;
      const delayMs = serverDelayMs(error, now()) ?? backoffMs(attempt, policy.random);
      if (now() + delayMs >= policy.deadline) throw error;
      policy.onRetry?.({ attempt: attempt + 1, delayMs, reason: describe(error) });
      await sleep(delayMs);
    }
  }
}

function describe(error: unknown): string {
  const status = (error as RetryableFailure).status;
  return status ? `HTTP ${status}` : ((error as Error).name ?? 'error');
}
