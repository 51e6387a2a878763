import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { BucketEmptyError, takeToken } from '@lambdas/lib/rate-limit/user-token-bucket';
import { startLocalAws } from '@tests/support/local-aws';

describe('per-user token bucket (DynamoDB)', () => {
  let local: Awaited<ReturnType<typeof startLocalAws>>;
  beforeAll(async () => {
    local = await startLocalAws();
  });
  afterAll(() => local?.stop());

  const rule = { capacity: 3, refillPerSecond: 0.5 };

  it('lets a burst of `capacity` through, then answers 429 with the wait until the next token', async () => {
    let now = 1_000_000;
    const store = { doc: local.doc, table: localTableName('rateLimitBuckets'), now: () => now };
    expect(await takeToken(store, 'u1#meta', rule)).toBe(2);
    expect(await takeToken(store, 'u1#meta', rule)).toBe(1);
    expect(await takeToken(store, 'u1#meta', rule)).toBe(0);
    const empty = await takeToken(store, 'u1#meta', rule).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(BucketEmptyError);
    expect(empty).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429, retryAfterSeconds: 2 });

    // Two seconds later one token is back (0.5 per second), and only one.
    now += 2_000;
    expect(await takeToken(store, 'u1#meta', rule)).toBe(0);
    await expect(takeToken(store, 'u1#meta', rule)).rejects.toBeInstanceOf(BucketEmptyError);
    // Another user has a bucket of their own.
    expect(await takeToken(store, 'u2#meta', rule)).toBe(2);
  });

  it('never hands out more tokens than the bucket holds to concurrent requests', async () => {
    const store = { doc: local.doc, table: localTableName('rateLimitBuckets'), now: () => 5_000_000 };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => takeToken(store, 'racer#meta', { capacity: 4, refillPerSecond: 0.001 })),
    );
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    // Never more than the bucket holds; a racer that lost every race is told to slow down too.
    expect(granted).toBeLessThanOrEqual(4);
    expect(granted).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(BucketEmptyError);
    }
  });
});
