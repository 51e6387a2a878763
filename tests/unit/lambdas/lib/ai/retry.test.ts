import { describe, expect, it, vi } from 'vitest';
import { backoffMs, isRetryable, serverDelayMs, withRetries } from '@lambdas/lib/ai/retry';

const failure = (status: number, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });

describe('serverDelayMs', () => {
  it('prefers retry-after-ms, then retry-after in seconds, then as a date', () => {
    expect(serverDelayMs(failure(429, { 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(serverDelayMs(failure(429, { 'retry-after': '1.5' }))).toBe(1500);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(serverDelayMs(failure(429, { 'retry-after': 'Sun, 22 Nov 2026 10:00:03 GMT' }), now)).toBe(3000);
    expect(serverDelayMs(failure(429))).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it('retries 408, 409, 429, 5xx and connection errors, not other 4xx or a user abort', () => {
    for (const status of [408, 409, 429, 500, 503]) expect(isRetryable(failure(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 422]) expect(isRetryable(failure(status))).toBe(false);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'APIConnectionTimeoutError' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'APIUserAbortError' }))).toBe(false);
  });

  it('lets x-should-retry overrule the status', () => {
    expect(isRetryable(failure(429, { 'x-should-retry': 'false' }))).toBe(false);
    expect(isRetryable(failure(400, { 'x-should-retry': 'true' }))).toBe(true);
  });
});

describe('withRetries', () => {
  const clock = () => {
    let now = 1_000_000;
    return {
      now: () => now,
      sleep: vi.fn(async (ms: number) => {
        now += ms;
      }),
    };
  };

  it('waits what the server asks, then succeeds', async () => {
    const { now, sleep } = clock();
    const call = vi
      .fn()
      .mockRejectedValueOnce(failure(429, { 'retry-after': '2' }))
      .mockResolvedValueOnce('ok');

    await expect(withRetries(call, { maxRetries: 2, deadline: now() + 10_000, now, sleep })).resolves.toBe('ok');
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('backs off exponentially without a server hint, and gives up after maxRetries', async () => {
    const { now, sleep } = clock();
    const call = vi.fn().mockRejectedValue(failure(500));

    await expect(
      withRetries(call, { maxRetries: 2, deadline: now() + 60_000, now, sleep, random: () => 0 }),
    ).rejects.toMatchObject({ status: 500 });
    expect(call).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000]);
    expect(backoffMs(10, () => 0)).toBe(8000);
  });

  it('does not start a wait that would pass the deadline', async () => {
    const { now, sleep } = clock();
    const call = vi.fn().mockRejectedValue(failure(429, { 'retry-after': '30' }));

    await expect(withRetries(call, { maxRetries: 2, deadline: now() + 5_000, now, sleep })).rejects.toMatchObject({
      status: 429,
    });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('does not retry a 400', async () => {
    const { now, sleep } = clock();
    const call = vi.fn().mockRejectedValue(failure(400));
    await expect(withRetries(call, { maxRetries: 2, deadline: now() + 5_000, now, sleep })).rejects.toBeDefined();
    expect(call).toHaveBeenCalledTimes(1);
  });
});
