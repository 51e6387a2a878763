import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MMM_SHARE_LINK_BUCKET, MMM_SHARE_VIEWER_BUCKET } from '@shared/constants';
import { localTableName } from '@infra/twin/function-environment';
import { shareToken } from '@lambdas/lib/mmm/share-token';
import { BucketEmptyError, takeToken } from '@lambdas/lib/rate-limit/user-token-bucket';
import { openSharedReport, viewerBucketKey, type ShareDeps } from '@lambdas/marketing-mix/shares';
import { startLocalAws } from '@tests/support/local-aws';

/**
 * The public share page's own rate limits, on the real token bucket in local DynamoDB: per viewer address
 * (spent before anything is read) and per genuine link (a forged token never spends a real link's budget).
 */
const KEY = 'k'.repeat(48);
const SHARE = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';

describe('marketing-mix share page rate limits', () => {
  let local: Awaited<ReturnType<typeof startLocalAws>>;
  let deps: ShareDeps;
  let clock = Date.parse('2026-11-22T12:00:00Z');
  const calls: string[] = [];

  beforeAll(async () => {
    local = await startLocalAws();
    const buckets = { doc: local.doc, table: localTableName('rateLimitBuckets'), now: () => clock };
    deps = {
      mmm: { doc: local.doc, datasets: localTableName('mmmDatasets'), models: localTableName('mmmModels') },
      shares: { doc: local.doc, table: localTableName('mmmShares') },
      key: async () => KEY,
      now: () => new Date(clock),
      takeToken: (key, rule) => {
        calls.push(key);
        return takeToken(buckets, key, rule);
      },
    };
  });
  afterAll(() => local?.stop());

  const open = (token: string, address: string) =>
    openSharedReport(deps, token, address).then(
      () => 'opened',
      (error: unknown) => error,
    );
  const genuine = () => shareToken(KEY, SHARE, new Date(clock + 7 * 86_400_000));

  it('holds one address to its burst, then answers 429 with the wait for the next token', async () => {
    const forged = `${SHARE}.${Math.floor(clock / 1000) + 86_400}.${'a'.repeat(43)}`;
    for (let i = 0; i < MMM_SHARE_VIEWER_BUCKET.capacity; i += 1) {
      expect(await open(forged, '198.51.100.7')).toMatchObject({ code: 'NOT_FOUND' });
    }
    const limited = await open(forged, '198.51.100.7');
    expect(limited).toBeInstanceOf(BucketEmptyError);
    expect(limited).toMatchObject({ statusCode: 429, retryAfterSeconds: 6 });
    // Another reader is not held back by that one.
    expect(await open(forged, '198.51.100.8')).toMatchObject({ code: 'NOT_FOUND' });
    // The stored key is a hash, never the address.
    expect(calls.some((key) => key.includes('198.51.100.7'))).toBe(false);
    expect(calls).toContain(viewerBucketKey('198.51.100.7'));

    clock += 6_000;
    expect(await open(forged, '198.51.100.7')).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives a genuine link its own budget, which forged tokens for the same share cannot spend', async () => {
    const token = genuine();
    const [id, seconds] = token.split('.');
    const forged = `${id}.${seconds}.${'b'.repeat(43)}`;
    for (let i = 0; i < 10; i += 1) await open(forged, `203.0.113.${i}`);
    expect(calls.filter((key) => key === `mmm-share#link#${SHARE}`)).toHaveLength(0);

    // Many readers at once: each address has tokens, the link runs out. (No share row: the link reads as revoked.)
    for (let i = 0; i < MMM_SHARE_LINK_BUCKET.capacity; i += 1) {
      expect(await open(token, `192.0.2.${i}`)).toMatchObject({ code: 'NOT_FOUND' });
    }
    const limited = await open(token, '192.0.2.250');
    expect(limited).toBeInstanceOf(BucketEmptyError);
    expect(limited).toMatchObject({ statusCode: 429, retryAfterSeconds: 2 });
  });
});
