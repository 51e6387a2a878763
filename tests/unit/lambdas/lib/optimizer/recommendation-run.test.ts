import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import {
  claimRead,
  endRead,
  readRunItem,
  saveRun,
  type ReadLease,
  type RecommendationRun,
} from '@lambdas/lib/optimizer/recommendation-run';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const table = localTableName('optimizerRecommendations');
const store = () => ({ doc: aws.doc, table });
const now = new Date('2026-11-29T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
let seq = 0;
const account = () => `act_${1000 + ++seq}`;
const lease = (id: string, untilSeconds = 120): ReadLease => ({
  id,
  startedAt: now.toISOString(),
  until: later(untilSeconds).toISOString(),
});
const run = (metaReadAt: string): RecommendationRun => ({
  metaReadAt,
  currency: 'USD',
  health: {
    activeCampaigns: 2,
    activeAdSets: 3,
    activeAds: 4,
    spendLast7Days: 10,
    resultsLast7Days: 5,
    resultsByType: [{ resultType: 'lead', results: 5 }],
    learningLimitedAdSets: 0,
  },
  partial: false,
  graphCalls: 5,
  openIds: ['1.a', '1.b'],
});

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

describe('the run item’s read lease', () => {
  it('lets one caller claim a read; a second waits until the first ends or its lease runs out', async () => {
    const id = account();
    expect(await claimRead(store(), 'u-1', id, lease('a'), now)).toBe(true);
    expect(await claimRead(store(), 'u-1', id, lease('b'), later(30))).toBe(false);
    // Another user's item, another account: their own leases.
    expect(await claimRead(store(), 'u-2', id, lease('c'), now)).toBe(true);
    // A killed worker's lease runs out: the next read may start.
    expect(await claimRead(store(), 'u-1', id, lease('d', 300), later(120))).toBe(true);
    expect((await readRunItem(store(), 'u-1', id)).reading?.id).toBe('d');
  });

  it('stores a read under its lease, ends the lease and clears an earlier failure', async () => {
    const id = account();
    await claimRead(store(), 'u-1', id, lease('a'), now);
    await endRead(store(), 'u-1', id, 'a', { at: now.toISOString(), message: 'Meta could not be read just now.' });
    expect(await readRunItem(store(), 'u-1', id)).toEqual({
      failure: { at: now.toISOString(), message: 'Meta could not be read just now.' },
    });
    await claimRead(store(), 'u-1', id, lease('b'), later(1));
    await saveRun(store(), 'u-1', id, run(later(5).toISOString()), later(5), 'b');
    const item = await readRunItem(store(), 'u-1', id);
    expect(item).toEqual({ run: run(later(5).toISOString()) });
    // Kept as long as the recommendations beside it.
    const raw = await aws.doc.send(
      new GetCommand({ TableName: table, Key: { user_id: 'u-1', recommendation_id: `run#${id.slice(4)}` } }),
    );
    expect(raw.Item?.expires_at).toBeGreaterThan(Math.floor(now.getTime() / 1000));
  });

  it('lands a read that outlived its lease without ending the newer one; a stale end leaves it too', async () => {
    const id = account();
    await claimRead(store(), 'u-1', id, lease('old', 10), now);
    await claimRead(store(), 'u-1', id, lease('new', 200), later(20));
    await saveRun(store(), 'u-1', id, run(later(25).toISOString()), later(25), 'old');
    await endRead(store(), 'u-1', id, 'old', { at: later(26).toISOString(), message: 'late' });
    const item = await readRunItem(store(), 'u-1', id);
    expect(item.run?.metaReadAt).toBe(later(25).toISOString());
    expect(item.reading?.id).toBe('new');
    expect(item.failure).toBeUndefined();
  });
});
