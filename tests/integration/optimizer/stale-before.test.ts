import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { RecommendationList, StoredRecommendation } from '@shared/schemas/optimizer';
import { twin } from '../twin-client';
import { auditRows, connectMeta, sandbox, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, sandboxToken, type OptimizerUsers } from './optimizer-setup';

/**
 * Approving refuses a stale "before": when Meta's budget, status or creative is no longer the value the
 * drawer showed (someone changed it in Ads Manager, or another recommendation on the same object was
 * approved first), the approval answers 409 STALE_BEFORE naming the object and both values, and nothing is
 * written: Meta keeps its values and no audit row is made for it. A refreshed list proposes from Meta's values.
 */

describe('optimizer: a stale before is refused at approval', () => {
  let users: OptimizerUsers;
  let token: string;

  /** A fresh sandbox world: the seeded budget shift holds as seeded, and no ad set has budget changes this hour. */
  const resetWorld = async () => {
    const reset = await fetch(`${sandbox()}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ world: true }),
    });
    expect(reset.status).toBe(200);
  };

  beforeAll(async () => {
    // Other suites change the same ad sets.
    await resetWorld();
    users = await optimizerUsers('stale-before');
    token = await sandboxToken(users.user);
  });
  afterAll(() => users.remove());

  // Each case has its own user (both connected to the demo Meta user): recommendations are stored per user, and
  // the first case's shift is undone by its end, which a list keeps as done.
  // `refresh`: read Meta now, as the drawer's "refresh" does, and wait for the background read to land.
  const recommendations = (who: FreshUser, refresh = false) => readRecommendations(who, users.usdAccount, { refresh });
  const shiftOf = (list: RecommendationList) =>
    list.data.find((r) => r.kind === 'budget_shift' && r.status === 'proposed')!;
  const approve = (who: FreshUser, rec: StoredRecommendation) =>
    who.call(`/api/optimizer/recommendations/${rec.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: rec.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
  const undo = (who: FreshUser, rec: StoredRecommendation) =>
    who.call(`/api/optimizer/recommendations/${rec.id}/undo`, { method: 'POST' });
  /** An ad set's daily budget as Meta has it, read with the test's own token. */
  const metaBudget = async (id: string) => {
    const url = new URL(`${sandbox()}/v26.0/${id}`);
    url.search = new URLSearchParams({ fields: 'daily_budget', access_token: token }).toString();
    return Number(((await (await fetch(url)).json()) as { daily_budget: string }).daily_budget);
  };
  /** Someone outside Adsmith (Ads Manager) sets a budget. */
  const setMetaBudget = async (id: string, dailyBudget: number) => {
    const reply = await fetch(`${sandbox()}/v26.0/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ daily_budget: String(dailyBudget), access_token: token }).toString(),
    });
    expect(reply.status).toBe(200);
  };
  const rowsOf = async (sub: string, rec: StoredRecommendation) =>
    (await auditRows(sub)).filter((r) => r.source === `optimizer:${rec.id}`);

  it('a budget changed at Meta between listing and approving: 409 naming both values, nothing written', async () => {
    const { user, userSub } = users;
    const shift = shiftOf(await recommendations(user));
    const [from, to] = shift.changes as [StoredRecommendation['changes'][0], StoredRecommendation['changes'][0]];
    expect(from.before.dailyBudget).toBe(6000);
    await setMetaBudget(from.objectId, 5500);

    const reply = await approve(user, shift);
    expect(reply.status).toBe(409);
    const { error } = (await reply.json()) as {
      error: { code: string; message: string; details: Record<string, string> };
    };
    expect(error.code).toBe('STALE_BEFORE');
    expect(error.details).toEqual({
      [from.objectId]: `Ad set “${from.objectName}”: the daily budget was $60.00 when proposed; Meta now has $55.00.`,
    });
    expect(error.message).toContain(from.objectName);
    // Neither object changed (the other half of the shift is not applied alone), no audit row, still proposed.
    expect(await metaBudget(from.objectId)).toBe(5500);
    expect(await metaBudget(to.objectId)).toBe(to.before.dailyBudget);
    expect(await rowsOf(userSub, shift)).toEqual([]);

    // Refreshing proposes from Meta's values: the new before is 55.00, and that approval goes through.
    const fresh = shiftOf(await recommendations(user, true));
    expect(fresh.id).toBe(shift.id);
    expect(fresh.changes[0]!.before.dailyBudget).toBe(5500);
    const applied = await approve(user, fresh);
    expect(applied.status).toBe(200);
    expect(await metaBudget(from.objectId)).toBe(fresh.changes[0]!.change.dailyBudget);
    expect((await undo(user, fresh)).status).toBe(200);
    await setMetaBudget(from.objectId, 6000);
  });

  it('two recommendations on the same object approved one after the other: the second is refused', async () => {
    // The first case changed these ad sets' budgets four times within the hour (the outside edit, approve, undo,
    // the edit put back), and Meta allows four budget changes per ad set per hour: this case starts from a fresh
    // world, whose tokens are new, so its user connects again and the test reads Meta with a new token.
    await resetWorld();
    const who = users.other;
    await connectMeta(who);
    token = await sandboxToken(users.user);
    const sub = ((await (await who.call('/api/me')).json()) as { uid: string }).uid;
    const shift = shiftOf(await recommendations(who));
    // A second proposal computed from the same before, as a tab opened earlier holds one (a list makes only
    // one change per object now, so it is stored here as such a row would be).
    const twinRec: StoredRecommendation = { ...shift, id: `${shift.id}-earlier-tab` };
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: twin().dynamodb,
        region: twin().cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    await doc.send(
      new PutCommand({
        TableName: localTableName('optimizerRecommendations'),
        Item: {
          user_id: sub,
          recommendation_id: twinRec.id,
          status: 'proposed',
          record: twinRec,
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
        },
      }),
    );

    expect((await approve(who, shift)).status).toBe(200);
    const after = await Promise.all(shift.changes.map((c) => metaBudget(c.objectId)));
    expect(after).toEqual(shift.changes.map((c) => c.change.dailyBudget));

    const second = await approve(who, twinRec);
    expect(second.status).toBe(409);
    const { error } = (await second.json()) as { error: { code: string; details: Record<string, string> } };
    expect(error.code).toBe('STALE_BEFORE');
    // Both objects were moved by the first: each is named with the value proposed from and Meta's now.
    expect(Object.keys(error.details).sort()).toEqual(shift.changes.map((c) => c.objectId).sort());
    const [cut, raise] = shift.changes;
    expect(error.details[cut!.objectId]).toBe(
      `Ad set “${cut!.objectName}”: the daily budget was $60.00 when proposed; Meta now has $48.00.`,
    );
    expect(error.details[raise!.objectId]).toContain('Meta now has $72.00');
    // The first one's values stand; the second wrote nothing and can still be looked at.
    expect(await Promise.all(shift.changes.map((c) => metaBudget(c.objectId)))).toEqual(after);
    expect(await rowsOf(sub, twinRec)).toEqual([]);
    expect((await undo(who, shift)).status).toBe(200);
  });
});
