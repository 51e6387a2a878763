import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import type { AppliedList } from '@shared/schemas/optimizer-outcomes';
import type { RuleDraft, RuleRun } from '@shared/schemas/rules';
import { defaultSafeguards } from '@shared/rule-language';
import { twin } from '../twin-client';
import { auditRows, sandbox, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, sandboxToken, until, type OptimizerUsers } from './optimizer-setup';

/**
 * Closing the loop on the twin: a budget shift is approved, it is "measuring" at once; then eight
 * days pass in the Meta sandbox (its world's history moves back, and our record of when it was
 * applied with it) and the outcome is measured from the sandbox's own insights: the same
 * results, spend and cost per result Meta reports for the 7 days before and after. Another user
 * never sees it. The sandbox and the change are put back afterwards.
 */

/** Two whole weeks: the sandbox's past keeps its exact numbers when whole weeks pass. */
const DAYS = 14;

interface SandboxRow {
  adset_id?: string;
  spend: string;
  results?: Array<{ indicator: string; values?: Array<{ value: string }> }>;
  cost_per_result?: Array<{ indicator: string; values?: Array<{ value: string }> }>;
}

/**
 * Meta's own totals for some ad sets over a window, read with a token of our own: added up by Meta
 * (one row), and per ad set.
 */
async function sandboxTotals(
  token: string,
  accountId: string,
  ids: string[],
  window: { since: string; until: string },
) {
  const range = { since: window.since, until: window.until };
  const [total] = await sandboxRows(token, accountId, ids, range, {});
  const perAdset = await sandboxRows(token, accountId, ids, range, { level: 'adset' });
  const results = (row: SandboxRow | undefined) => Number(row?.results?.[0]?.values?.[0]?.value ?? 0);
  return {
    spend: Number(total?.spend ?? 0),
    results: results(total),
    costPerResult: total?.cost_per_result?.[0]?.values?.[0]?.value,
    byAdset: new Map(perAdset.map((row) => [row.adset_id!, { spend: Number(row.spend), results: results(row) }])),
  };
}

async function sandboxRows(
  token: string,
  accountId: string,
  ids: string[],
  range: { since: string; until: string },
  extra: Record<string, string>,
): Promise<SandboxRow[]> {
  const url = new URL(`${sandbox()}/v26.0/${accountId}/insights`);
  url.search = new URLSearchParams({
    ...extra,
    fields: 'adset_id,spend,results,cost_per_result',
    filtering: JSON.stringify([{ field: 'adset.id', operator: 'IN', value: ids }]),
    time_range: JSON.stringify(range),
    use_unified_attribution_setting: 'true',
    limit: '100',
    access_token: token,
  }).toString();
  const reply = await fetch(url);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: SandboxRow[] }).data;
}

async function advanceSandbox(days: number): Promise<void> {
  const reply = await fetch(`${sandbox()}/__admin/advance-days`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!reply.ok) throw new Error(`advance-days failed: ${reply.status} ${await reply.text()}`);
}

function recommendationsTable() {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** Sets our record of when it was applied to `days` before it was (the sandbox's history moved as much). */
async function shiftApplied(userSub: string, rec: StoredRecommendation, days: number): Promise<void> {
  const shift = (iso: string) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();
  const key = { user_id: userSub, recommendation_id: rec.id };
  const table = localTableName('optimizerRecommendations');
  const { Item } = await recommendationsTable().send(new GetCommand({ TableName: table, Key: key }));
  // The row keeps its recommendation as one JSON string (lambdas/lib/optimizer/recommendation-rows.ts).
  const stored = JSON.parse(Item!.record as string) as StoredRecommendation;
  const moved = { ...stored, appliedAt: shift(rec.appliedAt!), undoUntil: shift(rec.undoUntil!) };
  await recommendationsTable().send(
    new UpdateCommand({
      TableName: table,
      Key: key,
      UpdateExpression: 'SET #record = :record',
      ExpressionAttributeNames: { '#record': 'record' },
      ExpressionAttributeValues: { ':record': JSON.stringify(moved) },
    }),
  );
}

describe('optimizer: applied recommendations, predicted against actual', () => {
  let users: OptimizerUsers;
  let user: FreshUser;
  let other: FreshUser;
  let userSub: string;
  let usdAccount: string;
  let applied: StoredRecommendation | undefined;
  let advanced = false;

  beforeAll(async () => {
    users = await optimizerUsers('outcomes');
    ({ user, other, userSub, usdAccount } = users);
  });

  afterAll(async () => {
    // Put the shared sandbox back as it was found, then undo the change (it is "today" again).
    if (advanced) await advanceSandbox(-DAYS);
    if (applied) {
      await shiftApplied(userSub, applied, 0);
      await user.call(`/api/optimizer/recommendations/${applied.id}/undo`, { method: 'POST' });
    }
    await users.remove();
  });

  const readApplied = async (who: FreshUser) => {
    const reply = await who.call(`/api/optimizer/ad-accounts/${usdAccount}/applied`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as AppliedList;
  };

  it('shows nothing applied yet, with every detector that changes something at "not enough history"', async () => {
    const list = await readApplied(user);
    expect(list.data).toEqual([]);
    expect(list.detectors.map((d) => d.kind)).toContain('budget_shift');
    expect(list.detectors.every((d) => d.n === 0 && d.hitRate === null && !d.enoughHistory)).toBe(true);
  });

  it('tracks an approved budget shift, measures it 7 days on from Meta’s insights, and shows it to no one else', async () => {
    const recs = await readRecommendations(user, usdAccount);
    const shift = recs.data.find((r) => r.kind === 'budget_shift' && r.status === 'proposed')!;
    expect(shift).toBeDefined();
    const approve = await user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: shift.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
    expect(approve.status).toBe(200);
    applied = (await approve.json()) as StoredRecommendation;

    // Day 1 of 7: what was predicted is kept with it.
    const measuring = await readApplied(user);
    const tracked = measuring.data.find((a) => a.id === shift.id)!;
    expect(tracked).toMatchObject({
      kind: 'budget_shift',
      status: 'applied',
      predicted: shift.expectedEffect,
      outcome: { state: 'measuring', day: 1 },
    });
    expect(tracked.objects.map((o) => o.objectId).sort()).toEqual(shift.changes.map((c) => c.objectId).sort());
    expect((await readApplied(other)).data.find((a) => a.id === shift.id)).toBeUndefined();

    // Eight days pass.
    await advanceSandbox(DAYS);
    advanced = true;
    await shiftApplied(userSub, applied, DAYS);

    const list = await readApplied(user);
    const item = list.data.find((a) => a.id === shift.id)!;
    expect(item.outcome.state).toBe('measured');
    if (item.outcome.state !== 'measured') return;
    const { before, after, actual, noise, withinRange } = item.outcome;
    expect(before.until < after.since).toBe(true);
    // Applied DAYS ago: the after window is the 7 days that followed.
    const dayOf = (offset: number) =>
      new Date(Date.parse(`${list.today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    expect(after).toMatchObject({ since: dayOf(-DAYS + 1), until: dayOf(-DAYS + 7) });
    expect(before).toMatchObject({ since: dayOf(-DAYS - 7), until: dayOf(-DAYS - 1) });

    // The numbers are Meta's: the sandbox's own totals for the two ad sets over each window.
    const token = await sandboxToken(user);
    const ids = shift.changes.map((c) => c.objectId);
    const metaBefore = await sandboxTotals(token, usdAccount, ids, before);
    const metaAfter = await sandboxTotals(token, usdAccount, ids, after);
    expect(before.results).toBe(metaBefore.results);
    expect(after.results).toBe(metaAfter.results);
    expect(before.spend).toBeCloseTo(metaBefore.spend, 2);
    expect(after.spend).toBeCloseTo(metaAfter.spend, 2);
    expect(after.costPerResult).toBeCloseTo(Number(metaAfter.costPerResult), 2);
    expect(before.costPerResult).toBeCloseTo(Number(metaBefore.costPerResult), 2);
    expect(actual).toBe(after.results - before.results);
    // Judged against the predicted range widened by the two weeks' own chance variation (1.96·√(before + after)).
    expect(noise).toBeCloseTo(1.96 * Math.sqrt(before.results + after.results), 1);
    expect(withinRange).toBe(
      actual >= shift.expectedEffect.low - noise! - 0.005 && actual <= shift.expectedEffect.high + noise! + 0.005,
    );

    // The sandbox reacted to the budgets: the ad set that gained spent more, the one that lost less.
    const [from, to] = shift.changes;
    const gained = metaAfter.byAdset.get(to!.objectId)!.spend / metaBefore.byAdset.get(to!.objectId)!.spend;
    const lost = metaAfter.byAdset.get(from!.objectId)!.spend / metaBefore.byAdset.get(from!.objectId)!.spend;
    expect(gained).toBeGreaterThan(1.08);
    expect(lost).toBeLessThan(0.92);

    // The detector's score counts it; one measurement is not enough history for a percentage.
    const score = list.detectors.find((d) => d.kind === 'budget_shift')!;
    expect(score).toMatchObject({ n: 1, hits: withinRange ? 1 : 0, hitRate: null, enoughHistory: false });

    // Read again (Meta may still attribute late conversions for a week), the same numbers.
    const again = (await readApplied(user)).data.find((a) => a.id === shift.id)!.outcome;
    expect(again).toMatchObject({ state: 'measured', actual, before, after });

    // Still no one else's.
    const stranger = await readApplied(other);
    expect(stranger.data.find((a) => a.id === shift.id)).toBeUndefined();
  });

  it('refuses a malformed account id and a bad advance of the sandbox', async () => {
    const bad = await user.call('/api/optimizer/ad-accounts/not-an-account/applied');
    expect(bad.status).toBe(400);
    for (const body of ['{"days":0}', '{"days":1.5}', '{"days":7,"x":1}', 'nope', '{"days":-500}']) {
      const reply = await fetch(`${sandbox()}/__admin/advance-days`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(reply.status).toBe(400);
    }
  });
});

/**
 * "Changed again" sees every edit, not only Meta's latest: a budget shift is approved, and a minute later an
 * automation rule pauses one of its ad sets and another rule resumes it (edit, then revert). Meta's updated_time
 * then names only the resume, a minute after our own write (inside the slack kept for it), so it alone would
 * say nothing happened; our audit table has both, with their times. Days pass (the sandbox, our record of the
 * apply and the audit rows move back together), and the outcome says "changed again", when, and by what.
 */
describe('optimizer: an applied recommendation whose ad set was edited and reverted in between', () => {
  let users: OptimizerUsers;
  let applied: StoredRecommendation | undefined;
  let advanced = false;

  beforeAll(async () => {
    users = await optimizerUsers('changed-again');
  });

  afterAll(async () => {
    if (advanced) await advanceSandbox(-DAYS);
    if (applied) {
      await shiftApplied(users.userSub, applied, 0);
      await users.user.call(`/api/optimizer/recommendations/${applied.id}/undo`, { method: 'POST' });
    }
    await users.remove();
  });

  /** A rule on one ad set, run now; answers once its run is in the history. */
  async function ruleOnAdset(adsetId: string, action: 'pause' | 'resume'): Promise<RuleRun> {
    const rule: RuleDraft = {
      name: `${action} in between`,
      scope: { adAccountId: users.usdAccount, level: 'adset', filter: { kind: 'ids', ids: [adsetId] } },
      conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gte', threshold: 0 }],
      action: { type: action },
      schedule: { kind: 'hourly' },
      // The shifted ad set is back in learning (a budget change is a significant edit): act on it anyway.
      safeguards: { ...defaultSafeguards('USD'), minSpendMinor: 0, skipLearning: false, cooldownHours: 0 },
    };
    const created = await users.user.call('/api/rules', { method: 'POST', body: JSON.stringify(rule) });
    expect(created.status).toBe(201);
    const { ruleId } = (await created.json()) as { ruleId: string };
    expect((await users.user.call(`/api/rules/${ruleId}/run`, { method: 'POST' })).status).toBe(202);
    const runs = await until(
      async () =>
        ((await (await users.user.call('/api/rules/runs')).json()) as { runs: RuleRun[] }).runs.filter(
          (r) => r.ruleId === ruleId,
        ),
      (found) => found.length > 0,
      60_000,
    );
    expect(runs).toHaveLength(1);
    return runs[0]!;
  }

  /** Moves the user's audit rows `days` into the past, as the sandbox's history moved (keys keep their shape). */
  async function shiftAudit(days: number): Promise<void> {
    const doc = recommendationsTable();
    for (const row of await auditRows(users.userSub)) {
      const at = new Date(Date.parse(row.changed_at as string) - days * 86_400_000).toISOString();
      const key = row.changed_at_id as string;
      const pendingKey = row.pending_key as string | undefined;
      const shift = (value: string) =>
        `${new Date(Date.parse(value.slice(0, 24)) - days * 86_400_000).toISOString()}${value.slice(24)}`;
      await doc.send(
        new DeleteCommand({
          TableName: localTableName('campaignAudit'),
          Key: { user_id: users.userSub, changed_at_id: key },
        }),
      );
      await doc.send(
        new PutCommand({
          TableName: localTableName('campaignAudit'),
          Item: {
            ...row,
            changed_at: at,
            changed_at_id: shift(key),
            ...(pendingKey ? { pending_key: shift(pendingKey) } : {}),
          },
        }),
      );
    }
  }

  it('marks the outcome "changed again" with when and by what, from the audit', async () => {
    const recs = await readRecommendations(users.user, users.usdAccount);
    const shift = recs.data.find((r) => r.kind === 'budget_shift' && r.status === 'proposed')!;
    expect(shift).toBeDefined();
    const approve = await users.user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: shift.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
    expect(approve.status).toBe(200);
    applied = (await approve.json()) as StoredRecommendation;
    const winner = shift.changes.at(-1)!.objectId;

    const paused = await ruleOnAdset(winner, 'pause');
    expect(paused.actions.map((a) => [a.objectId, a.status])).toEqual([[winner, 'done']]);
    const resumed = await ruleOnAdset(winner, 'resume');
    expect(resumed.actions.map((a) => [a.objectId, a.status])).toEqual([[winner, 'done']]);
    const edits = (await auditRows(users.userSub)).filter(
      (r) => r.object_id === winner && r.status === 'pending' && String(r.source).startsWith('rule:'),
    );
    expect(edits.map((r) => r.action).sort()).toEqual(['pause', 'resume']);
    const firstEdit = edits.map((r) => r.changed_at as string).sort()[0]!;
    // Both rules ran within minutes of the apply: Meta's updated_time (the resume) is inside our own write's slack.
    expect(Date.parse(firstEdit) - Date.parse(applied.appliedAt!)).toBeLessThan(4 * 60_000);

    await advanceSandbox(DAYS);
    advanced = true;
    await shiftApplied(users.userSub, applied, DAYS);
    await shiftAudit(DAYS);

    const list = (await (
      await users.user.call(`/api/optimizer/ad-accounts/${users.usdAccount}/applied`)
    ).json()) as AppliedList;
    const item = list.data.find((a) => a.id === shift.id)!;
    const movedEdit = new Date(Date.parse(firstEdit) - DAYS * 86_400_000).toISOString();
    expect(item.outcome).toMatchObject({ state: 'not_measurable', reason: 'changed_again', changedAt: movedEdit });
    if (item.outcome.state !== 'not_measurable') return;
    expect(item.outcome.message).toContain(`“${shift.changes.at(-1)!.objectName}” was changed again on`);
    expect(item.outcome.message).toContain('(by an automation rule)');
    // Not measured, so the detector's score does not count it.
    expect(list.detectors.find((d) => d.kind === 'budget_shift')!.n).toBe(0);
  });
});
