import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationList } from '@shared/schemas/optimizer';
import { optimizerUsers, type OptimizerUsers } from './optimizer-setup';

/**
 * Issue 23, requirement 16: a large account's read of Meta takes seconds, so the recommendations route reads Meta
 * at most once per freshness window and answers again from what that read stored, without a Graph call, until the
 * marketer asks for a refresh. What was acted on since moves out of the open proposals; nothing is counted twice.
 */
describe('optimizer: answering again from the last read of Meta', () => {
  let users: OptimizerUsers;
  const read = async (query = ''): Promise<RecommendationList> => {
    const reply = await users.user.call(`/api/optimizer/ad-accounts/${users.usdAccount}/recommendations${query}`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as RecommendationList;
  };

  beforeAll(async () => {
    users = await optimizerUsers('stored-read');
  });
  afterAll(() => users.remove());

  it('reads Meta once, answers the same proposals again without a Graph call, and reads again on refresh', async () => {
    const first = await read();
    expect(first.graphCalls).toBeGreaterThan(0);
    expect(first.metaReadAt).toBe(first.generatedAt);
    const open = first.data.filter((r) => r.status === 'proposed').map((r) => r.id);
    expect(open.length).toBeGreaterThan(3);

    const again = await read();
    expect(again.graphCalls).toBe(0);
    expect(again.metaReadAt).toBe(first.metaReadAt);
    expect(Date.parse(again.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.generatedAt));
    expect(again.data.filter((r) => r.status === 'proposed').map((r) => r.id)).toEqual(open);
    expect(again.health).toEqual(first.health);
    expect(again.currency).toBe(first.currency);

    const refreshed = await read('?refresh=true');
    expect(refreshed.graphCalls).toBeGreaterThan(0);
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
