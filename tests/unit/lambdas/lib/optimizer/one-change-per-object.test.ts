import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from '@lambdas/lib/optimizer/account-snapshot';
import { recommend, resultsAt, type ObjectClaim } from '@lambdas/lib/optimizer/detectors';
import type { Recommendation } from '@shared/schemas/optimizer';
import { account, adset, days } from './snapshot-fixtures';

/**
 * One budget or status change per object per recommendation list: a lower-ranked recommendation that would
 * change an object a higher-ranked one already changes keeps its evidence but loses that change, names the
 * other, and restates its expected effect from what it still changes.
 */

const week = (spendPerDay: number, resultsPerWeek: number) =>
  days(7, { spend: spendPerDay, impressions: 8000, reach: 6000, linkClicks: 80, results: resultsPerWeek / 7 });

/** s1 cheap, s2 dear (the demo's "Lookalike" and "Camping"), both with 60.00 a day. */
function pair(s1: { spend: number; results: number }, s2: { spend: number; results: number; learning?: string }) {
  return account({
    adsets: [
      adset('s1', { dailyBudget: 6000, days: week(s1.spend, s1.results) }),
      adset('s2', { dailyBudget: 6000, learningStatus: s2.learning ?? 'SUCCESS', days: week(s2.spend, s2.results) }),
    ],
  });
}

const budgetClaim = (objectId: string): ObjectClaim => ({
  id: '131417618852539.mmm-model-1',
  title: 'Raise Meta to $150.00 a day, as the marketing-mix model “Q3” allocates',
  changes: [{ level: 'adset', objectId, objectName: `Ad set ${objectId}`, change: { dailyBudget: 9000 }, before: {} }],
});

const changedBy = (list: Recommendation[], objectId: string) =>
  list.filter((r) => r.changes.some((c) => c.objectId === objectId)).map((r) => r.kind);

const find = (list: Recommendation[], kind: Recommendation['kind']) => list.find((r) => r.kind === kind)!;

interface Case {
  name: string;
  snapshot: AccountSnapshot;
  claims?: ObjectClaim[];
  /** Per object, the one recommendation kind left changing it (none for an object only a claim changes). */
  owners: Record<string, Recommendation['kind'][]>;
  /** Recommendations that lost changes: which objects, to whom (a kind, or the claim's id). */
  lost: Array<{ kind: Recommendation['kind']; objectId: string; by: string; keeps: string[] }>;
}

describe('one change per object per list', () => {
  const cases: Case[] = [
    {
      // Learning limited would double the budget of the ad set the loser detector cuts.
      name: 'raise vs cut on one ad set: the cut (worth more) keeps it, the raise is advice only',
      snapshot: pair({ spend: 60, results: 8 }, { spend: 60, results: 1, learning: 'FAIL' }),
      owners: { s2: ['overspending_loser'] },
      lost: [{ kind: 'learning_limited', objectId: 's2', by: 'overspending_loser', keeps: [] }],
    },
    {
      // The shift cuts the loser and so does the overspending detector: approving both would cut twice.
      name: 'cut vs cut on one ad set: the shift keeps both halves, the second cut is advice only',
      snapshot: pair({ spend: 50, results: 21 }, { spend: 60, results: 7 }),
      owners: { s1: ['budget_shift'], s2: ['budget_shift'] },
      lost: [{ kind: 'overspending_loser', objectId: 's2', by: 'budget_shift', keeps: [] }],
    },
    {
      name: 'a shift whose winner a marketing-mix hand-off already budgets keeps only the cut',
      snapshot: pair({ spend: 50, results: 21 }, { spend: 50, results: 7 }),
      claims: [budgetClaim('s1')],
      owners: { s1: [], s2: ['budget_shift'] },
      lost: [{ kind: 'budget_shift', objectId: 's1', by: budgetClaim('s1').id, keeps: ['s2'] }],
    },
    {
      name: 'a shift whose loser a marketing-mix hand-off already budgets keeps only the raise',
      snapshot: pair({ spend: 50, results: 21 }, { spend: 50, results: 7 }),
      claims: [budgetClaim('s2')],
      owners: { s1: ['budget_shift'], s2: [] },
      lost: [{ kind: 'budget_shift', objectId: 's2', by: budgetClaim('s2').id, keeps: ['s1'] }],
    },
    {
      // The demo account's defect: raise (winner), shift, learning-limited raise and loser cut on two ad sets.
      name: 'the demo pair: the shift takes both ad sets, the winner raise, loser cut and learning raise are advice',
      snapshot: pair({ spend: 60, results: 105 }, { spend: 60, results: 7, learning: 'FAIL' }),
      owners: { s1: ['budget_shift'], s2: ['budget_shift'] },
      lost: [
        { kind: 'budget_limited_winner', objectId: 's1', by: 'budget_shift', keeps: [] },
        { kind: 'overspending_loser', objectId: 's2', by: 'budget_shift', keeps: [] },
        { kind: 'learning_limited', objectId: 's2', by: 'budget_shift', keeps: [] },
      ],
    },
  ];

  it.each(cases)('$name', ({ snapshot, claims, owners, lost }) => {
    const list = recommend(snapshot, undefined, claims);
    for (const [objectId, kinds] of Object.entries(owners)) expect(changedBy(list, objectId), objectId).toEqual(kinds);
    for (const loss of lost) {
      const rec = find(list, loss.kind);
      const byId = list.find((r) => r.kind === loss.by)?.id ?? loss.by;
      const byTitle = list.find((r) => r.kind === loss.by)?.title ?? claims?.find((c) => c.id === loss.by)?.title;
      expect(rec.alreadyChanged).toEqual([
        {
          level: 'adset',
          objectId: loss.objectId,
          objectName: `Ad set ${loss.objectId}`,
          field: 'budget',
          byId,
          byTitle,
        },
      ]);
      expect(rec.changes.map((c) => c.objectId)).toEqual(loss.keeps);
      // It keeps its evidence and reasons: the numbers still say what the detector found.
      expect(Object.keys(rec.evidence).length).toBeGreaterThan(0);
      expect(rec.why.length).toBeGreaterThan(0);
      if (loss.keeps.length === 0) {
        // Advice only: no effect claimed for a change it no longer makes, and it ranks as worth nothing.
        expect(rec.expectedEffect).toMatchObject({ low: 0, expected: 0, high: 0 });
        expect(rec.valuePerWeek).toBe(0);
      }
    }
    // Ranked by the restated values; every object changed at most once.
    const values = list.map((r) => r.valuePerWeek);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const objects = list.flatMap((r) => r.changes.map((c) => c.objectId));
    expect(new Set(objects).size).toBe(objects.length);
  });

  it('restates the half of a shift it keeps: the raise alone gains and spends, the cut alone saves and loses', () => {
    const snapshot = pair({ spend: 50, results: 21 }, { spend: 50, results: 7 });
    const whole = find(recommend(snapshot), 'budget_shift');
    const onlyCut = find(recommend(snapshot, undefined, [budgetClaim('s1')]), 'budget_shift');
    const onlyRaise = find(recommend(snapshot, undefined, [budgetClaim('s2')]), 'budget_shift');
    // 12.00 a day moved: 20 % of 60.00. The whole shift is spend-neutral.
    expect(whole.evidence.movedPerDay).toBe(12);
    const gain = resultsAt(21, 72 / 60);
    const loss = resultsAt(7, 48 / 60);
    expect(whole.expectedEffect.expected).toBeCloseTo(gain + loss, 2);

    // The raise alone: the winner's extra results, no longer net of the loser's.
    expect(onlyRaise.expectedEffect.metric).toBe('results_per_week');
    expect(onlyRaise.expectedEffect.expected).toBeCloseTo(gain, 2);
    expect(onlyRaise.expectedEffect.low).toBeLessThan(gain);
    expect(onlyRaise.expectedEffect.high).toBeGreaterThan(gain);
    // Valued less the extra 12.00 a day it now spends.
    const rate = (50 * 7) / 7; // s2's cost per result: what similar ad sets pay
    expect(onlyRaise.valuePerWeek).toBeCloseTo(gain * rate - 84, 1);

    // The cut alone: what the loser spent of the 12.00 a day (5/6 of its budget), less the results it gives up.
    expect(onlyCut.expectedEffect).toEqual({ metric: 'spend_per_week', low: 56, expected: 70, high: 70 });
    expect(onlyCut.valuePerWeek).toBeCloseTo(70 + loss * ((50 * 7) / 7), 1);
    // Evidence and title are the detector's, untouched.
    expect(onlyCut.evidence).toEqual(whole.evidence);
    expect(onlyRaise.title).toBe(whole.title);
  });

  it('leaves recommendations on different objects alone, and is the same list every time', () => {
    const snapshot = pair({ spend: 60, results: 105 }, { spend: 60, results: 7, learning: 'FAIL' });
    const first = recommend(snapshot);
    expect(recommend(snapshot)).toEqual(first);
    const untouched = recommend(pair({ spend: 50, results: 21 }, { spend: 50, results: 7 }));
    expect(untouched.every((r) => r.alreadyChanged === undefined)).toBe(true);
  });
});
