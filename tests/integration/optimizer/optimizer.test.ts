import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageSchema } from '@shared/schemas/billing';
import type { RecommendationList, StoredRecommendation } from '@shared/schemas/optimizer';
import { checkExplanation } from '@lambdas/lib/optimizer/explanation-check';
import { MAX_EXPLAINED_PER_REQUEST } from '@lambdas/lib/optimizer/explain-recommendations';
import { auditRows, sandbox } from '../meta-api/meta-user';
import { campaignEvents, optimizerUsers, readRecommendations, type OptimizerUsers } from './optimizer-setup';

/**
 * The optimizer on the twin: the seeded problems of the demo USD account come back as
 * recommendations; approving one changes Meta through the object-change path (audited, evented);
 * undo restores the before values; another user can never approve it.
 */

describe('optimizer', () => {
  let users: OptimizerUsers;
  let list: RecommendationList;

  beforeAll(async () => {
    // The seeded situations hold in the world as seeded. Earlier suites approve and undo budget changes on the
    // same account, and a budget change (undone or not) is a significant edit that puts an ad set back in
    // learning for 7 days, as at Meta, which hides the learning-limited one. Integration files run one at a
    // time and each connects its own users, so this suite starts from a fresh world before connecting.
    const reset = await fetch(`${sandbox()}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ world: true }),
    });
    expect(reset.status).toBe(200);
    users = await optimizerUsers('optimizer');
    list = await readRecommendations(users.user, users.usdAccount);
  });
  afterAll(() => users.remove());

  const find = (kind: string) => list.data.find((r) => r.kind === kind && r.status === 'proposed');

  it('names each seeded situation of the demo account as a recommendation, in a bounded number of Graph calls', () => {
    for (const kind of [
      'budget_shift',
      'budget_limited_winner',
      'overspending_loser',
      'learning_limited',
      'creative_fatigue',
      'underdelivery',
      'cpm_spike',
    ]) {
      expect(find(kind), kind).toBeTruthy();
    }
    const shift = find('budget_shift')!;
    expect(shift.objectName).toBe('Lookalike 1% | app installs');
    expect(shift.changes.map((c) => c.objectName)).toEqual([
      'Interests: Camping | app installs',
      'Lookalike 1% | app installs',
    ]);
    expect(shift.evidence.costRatio).toBeGreaterThan(1.5);
    expect(find('cpm_spike')!.objectName).toMatch(/Sales/);
    // Learning limited names the seeded ad set only, not every small conversion ad set (noise).
    expect(
      list.data.filter((r) => r.kind === 'learning_limited' && r.status === 'proposed').map((r) => r.objectName),
    ).toEqual(['Interests: Camping | app installs']);
    // One budget change per object: the seeded "Camping" ad set is a learning-limited raise, an overspending cut
    // and the shift's cut at once; only the top-ranked one (the shift) still changes it, the others name it.
    const open = list.data.filter((r) => r.status === 'proposed');
    const objects = open.flatMap((r) => r.changes.map((c) => c.objectId));
    expect(new Set(objects).size).toBe(objects.length);
    const camping = shift.changes[0]!.objectId;
    for (const kind of ['learning_limited', 'overspending_loser']) {
      const rec = open.find((r) => r.kind === kind && r.objectId === camping)!;
      expect(rec.changes, kind).toEqual([]);
      expect(rec.alreadyChanged, kind).toEqual([expect.objectContaining({ objectId: camping, byId: shift.id })]);
      expect(rec.expectedEffect.expected, kind).toBe(0);
    }
    expect(shift.title).toMatch(/^Move \$\d+\.\d{2} a day from/);
    expect(list.health.activeCampaigns).toBeGreaterThan(0);
    // The demo account's ad sets aim at installs, purchases, leads…: no total across them, one count per kind.
    const kinds = list.health.resultsByType.map((k) => k.resultType);
    expect(kinds.length).toBeGreaterThan(1);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(list.health.resultsLast7Days).toBeNull();
    expect(list.currency).toBe('USD');
    // Ranked by what the effect is worth a week.
    const values = open.map((r) => r.valuePerWeek);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // The background read's Graph calls, bounded; the answer itself made none.
    expect(list.metaReadGraphCalls).toBeGreaterThan(0);
    expect(list.metaReadGraphCalls).toBeLessThanOrEqual(12);
    expect(list.graphCalls).toBe(0);
  });

  it('names the JPY account’s seeded app pair in whole yen, and no other ad set there as learning limited', async () => {
    const jpy = await readRecommendations(users.user, users.jpyAccount);
    expect(jpy.currency).toBe('JPY');
    const open = jpy.data.filter((r) => r.status === 'proposed');
    const named = (kind: string) => open.filter((r) => r.kind === kind).map((r) => r.objectName);
    // The seed's one problem there: a cheap app ad set held back by its budget, a dear one on the same budget.
    expect(named('budget_shift')).toEqual(['Broad | app installs']);
    expect(named('budget_limited_winner')).toEqual(['Broad | app installs']);
    expect(named('overspending_loser')).toEqual(['Lookalike 1% | app installs']);
    // Its healthy leads and sales ad sets have left learning: only the seeded one is named (it was most of them).
    expect(named('learning_limited')).toEqual(['Lookalike 1% | app installs']);
    expect(jpy.health.learningLimitedAdSets).toBe(1);
    const shift = open.find((r) => r.kind === 'budget_shift')!;
    expect(shift.evidence.costRatio).toBeGreaterThan(1.5);
    expect(Number.isInteger(shift.evidence.movedPerDay)).toBe(true);
    // Money in yen as people write it, and one budget change per ad set across the list here too.
    expect(shift.title).toMatch(/^Move ¥[\d,]+ a day from/);
    const changed = open.flatMap((r) => r.changes.map((c) => c.objectId));
    expect(new Set(changed).size).toBe(changed.length);
    // Yen have no minor units: every proposed budget is whole yen, at least Meta's ¥150 minimum for the account.
    const budgets = open.flatMap((r) => r.changes.flatMap((c) => [c.change.dailyBudget, c.before.dailyBudget]));
    expect(budgets.filter((b) => b !== undefined).length).toBeGreaterThan(0);
    for (const budget of budgets.filter((b): b is number => b !== undefined)) {
      expect(Number.isInteger(budget)).toBe(true);
      expect(budget).toBeGreaterThanOrEqual(150);
    }
  });

  it('explains the recommendations with the offline model in one generation, every number checked', async () => {
    expect(list.explanations?.status, list.explanations?.message).toBe('generated');
    const open = list.data.filter((r) => r.status === 'proposed');
    const explained = open.filter((r) => r.explanationSource === 'ai');
    expect(explained.length).toBeGreaterThan(0);
    expect(open.filter((r) => r.explanation).length).toBe(Math.min(open.length, MAX_EXPLAINED_PER_REQUEST));
    for (const rec of explained) {
      const check = checkExplanation(rec.explanation!, {
        evidence: rec.evidence,
        extraNumbers: [rec.expectedEffect.low, rec.expectedEffect.expected, rec.expectedEffect.high],
        names: [
          rec.objectName,
          ...rec.changes.map((c) => c.objectName),
          ...(rec.alreadyChanged ?? []).map((a) => a.objectName),
        ],
      });
      expect(check, rec.explanation).toEqual({ ok: true });
    }
    // The next read finds them stored: no generation is used again.
    const again = await readRecommendations(users.user, users.usdAccount);
    expect(again.explanations?.status).toBe(open.length > MAX_EXPLAINED_PER_REQUEST ? 'generated' : 'unchanged');
    const first = explained[0]!;
    expect(again.data.find((r) => r.id === first.id)?.explanation).toBe(first.explanation);
    // Reading costs nothing (issue 25, requirement 4): two reads, and none of the day's AI generations is spent.
    const usage = UsageSchema.parse(await (await users.user.call('/api/billing/usage')).json());
    expect(usage.limits.find((l) => l.key === 'aiGenerationsPerDay')?.used).toBe(0);
  });

  it('refuses another user, and objects the recommendation did not propose', async () => {
    const shift = find('budget_shift')!;
    const body = { changes: shift.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })) };
    const stranger = await users.other.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(stranger.status).toBe(404);
    const outside = await users.user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ changes: [{ level: 'adset', objectId: '1', change: { dailyBudget: 100 } }] }),
    });
    expect(outside.status).toBe(400);
    expect((await outside.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('approves an edited budget shift: Meta changed, audited with before values, evented; undo restores', async () => {
    const shift = find('budget_shift')!;
    const [from, to] = shift.changes as [StoredRecommendation['changes'][0], StoredRecommendation['changes'][0]];
    // The marketer edits the amount moved: 10.00 a day instead of the proposed share.
    const moved = 1000;
    const reply = await users.user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: [
          { level: from.level, objectId: from.objectId, change: { dailyBudget: from.before.dailyBudget! - moved } },
          { level: to.level, objectId: to.objectId, change: { dailyBudget: to.before.dailyBudget! + moved } },
        ],
      }),
    });
    expect(reply.status).toBe(200);
    const applied = (await reply.json()) as StoredRecommendation;
    expect(applied.status).toBe('applied');
    expect(applied.applied!.map((a) => [a.before.dailyBudget, a.after.dailyBudget])).toEqual([
      [from.before.dailyBudget, from.before.dailyBudget! - moved],
      [to.before.dailyBudget, to.before.dailyBudget! + moved],
    ]);

    const rows = (await auditRows(users.userSub)).filter((r) => r.source === `optimizer:${shift.id}`);
    const completed = rows.filter((r) => r.status === 'completed');
    expect(completed).toHaveLength(2);
    expect(completed.every((r) => r.level === 'adset' && r.after_source === 'meta')).toBe(true);

    const events = await campaignEvents(
      (detail) => detail.objectId === to.objectId && detail.budget === to.before.dailyBudget! + moved,
    );
    expect(events[0]!.event.detail).toMatchObject({ level: 'adset', action: 'budget_change', userId: users.userSub });

    // /campaigns reads the campaign's ad sets from Meta: the new budgets show there.
    const adsets = await users.user.call(`/api/meta/campaigns/${shift.campaignId}/adsets`);
    expect(adsets.status).toBe(200);
    const budgets = Object.fromEntries(
      ((await adsets.json()) as { data: Array<{ id: string; dailyBudget: number | null }> }).data.map((a) => [
        a.id,
        a.dailyBudget,
      ]),
    );
    expect(budgets[from.objectId]).toBe(from.before.dailyBudget! - moved);
    expect(budgets[to.objectId]).toBe(to.before.dailyBudget! + moved);

    // Approving twice applies nothing more.
    const again = await users.user.call(`/api/optimizer/recommendations/${shift.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ changes: [{ level: to.level, objectId: to.objectId, change: { dailyBudget: 99_900 } }] }),
    });
    expect(again.status).toBe(409);

    const undo = await users.user.call(`/api/optimizer/recommendations/${shift.id}/undo`, { method: 'POST' });
    expect(undo.status).toBe(200);
    expect(((await undo.json()) as StoredRecommendation).status).toBe('undone');
    const undoRows = (await auditRows(users.userSub)).filter(
      (r) => r.source === `optimizer-undo:${shift.id}` && r.status === 'completed',
    );
    expect(undoRows.map((r) => [r.object_id, r.after.dailyBudget]).sort()).toEqual(
      [
        [from.objectId, from.before.dailyBudget],
        [to.objectId, to.before.dailyBudget],
      ].sort(),
    );
    expect(undoRows.every((r) => r.action === 'undo')).toBe(true);

    // The list keeps it as undone: a new run never overwrites what was done.
    const after = await readRecommendations(users.user, users.usdAccount);
    expect(after.data.find((r) => r.id === shift.id)!.status).toBe('undone');
  });
});
