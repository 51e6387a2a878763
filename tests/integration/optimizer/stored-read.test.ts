import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationList, RecommendationsReply } from '@shared/schemas/optimizer';
import { resetFaults, sandbox, setFaults } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, type OptimizerUsers } from './optimizer-setup';

/**
 * Issue 23, requirement 16: a large account's read of Meta takes seconds, so no request waits on it. The route answers
 * from what the last read stored, without a Graph call; a stale read or a refresh starts one read in the background
 * (optimizer-worker; one per account at a time) and the answer says `updating` until it lands. What was acted on since
 * moves out of the open proposals; nothing is counted twice.
 */

describe('optimizer: answering again from the last read of Meta', () => {
  let users: OptimizerUsers;
  // One request, as it answers (no waiting for a read in the background).
  const read = async (query = ''): Promise<RecommendationList> => {
    const reply = await users.user.call(`/api/optimizer/ad-accounts/${users.usdAccount}/recommendations${query}`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as RecommendationList;
  };

  beforeAll(async () => {
    users = await optimizerUsers('stored-read');
  });
  afterAll(() => users.remove());

  it('starts one background read for requests at once, answers 202 until it lands, then from the store; refresh reads again', async () => {
    const path = `/api/optimizer/ad-accounts/${users.usdAccount}/recommendations`;
    const seq = async () => ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;
    const before = await seq();
    // A slow Meta: the read takes seconds, and no request waits for it.
    await setFaults({ latencyMs: 300 });
    try {
      const replies = await Promise.all([1, 2, 3].map(() => users.user.call(path)));
      expect(replies.map((r) => r.status)).toEqual([202, 202, 202]);
      const bodies = (await Promise.all(replies.map((r) => r.json()))) as RecommendationsReply[];
      for (const body of bodies) {
        expect(body).toMatchObject({ pending: true, updating: true });
        // At most the ad account list (cached per user), never the account's read.
        expect(body.graphCalls).toBeLessThanOrEqual(1);
      }
      const whileReading = await users.user.call(path);
      expect(whileReading.status).toBe(202);
    } finally {
      await resetFaults();
    }
    const first = await readRecommendations(users.user, users.usdAccount);
    expect(first.graphCalls).toBe(0);
    expect(first.metaReadGraphCalls).toBeGreaterThan(0);
    expect(first.metaReadGraphCalls).toBeLessThanOrEqual(12);
    // One read for the four requests: the campaigns list was asked for once.
    const log = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: { seq: number; method: string; path: string }[];
    };
    const campaignReads = log.calls.filter(
      (c) => c.seq > before && c.method === 'GET' && c.path.endsWith(`/${users.usdAccount}/campaigns`),
    );
    expect(campaignReads).toHaveLength(1);
    const open = first.data.filter((r) => r.status === 'proposed').map((r) => r.id);
    expect(open.length).toBeGreaterThan(3);

    const again = await read();
    expect(again.graphCalls).toBe(0);
    expect(again.updating).toBeUndefined();
    expect(again.metaReadAt).toBe(first.metaReadAt);
    expect(Date.parse(again.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.generatedAt));
    expect(again.data.filter((r) => r.status === 'proposed').map((r) => r.id)).toEqual(open);
    expect(again.health).toEqual(first.health);
    expect(again.currency).toBe(first.currency);

    // Refresh answers the stored figures at once, marked updating; the new read lands in the background.
    const refreshing = await read('?refresh=true');
    expect(refreshing.updating).toBe(true);
    expect(refreshing.metaReadAt).toBe(first.metaReadAt);
    expect(refreshing.data.filter((r) => r.status === 'proposed').map((r) => r.id)).toEqual(open);
    const refreshed = await readRecommendations(users.user, users.usdAccount);
    expect(refreshed.updating).toBeUndefined();
    expect(Date.parse(refreshed.metaReadAt)).toBeGreaterThan(Date.parse(first.metaReadAt));
  });

  it('moves an approved proposal to the acted-on ones in the stored answer, and its value out of the open total', async () => {
    const before = await read();
    const shift = before.data.find((r) => r.kind === 'budget_shift' && r.status === 'proposed')!;
    expect(shift).toBeTruthy();
    const approved = await users.user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: shift.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
    expect(approved.status).toBe(200);

    const after = await read();
    expect(after.graphCalls).toBe(0);
    const rows = after.data.filter((r) => r.id === shift.id);
    expect(rows.map((r) => r.status)).toEqual(['applied']);
    expect(after.health.opportunityPerWeek).toBeCloseTo(
      before.health.opportunityPerWeek - Math.max(0, shift.valuePerWeek),
      2,
    );
  });

  it('refuses a refresh flag that is not true or false', async () => {
    const reply = await users.user.call(`/api/optimizer/ad-accounts/${users.usdAccount}/recommendations?refresh=1`);
    expect(reply.status).toBe(400);
  });
});
