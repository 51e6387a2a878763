import { describe, expect, it } from 'vitest';
import { backtestRule, type ObjectHistory } from '@lambdas/lib/rules/backtest';
import { objectOf, ruleOf, seriesOf } from './rule-fixtures';

const LAST = '2026-11-22';
const FIRST = '2026-08-25'; // 90 days

/** 90 days: `good` converts at $10, `bad` spends $50 a day and converts at $50 from day 60 on. */
function account(): ObjectHistory[] {
  return [
    {
      object: objectOf({ id: '1', name: 'Good' }),
      series: seriesOf(LAST, 90, () => ({
        spendMinor: 5000,
        impressions: 5000,
        reach: 2500,
        linkClicks: 50,
        results: 5,
      })),
    },
    {
      object: objectOf({ id: '2', name: 'Bad' }),
      series: seriesOf(LAST, 90, (i) => ({
        spendMinor: 5000,
        impressions: 5000,
        reach: 2500,
        linkClicks: 50,
        results: i < 60 ? 5 : 1,
      })),
    },
  ];
}

describe('backtest replay', () => {
  it('fires once on the object that turned bad, on the first day its window shows it, and estimates the saving', () => {
    const rule = ruleOf(); // pause ad sets with cost per result over the last 3 days above $40, lag 1 day
    const result = backtestRule({ rule, currency: 'USD', from: FIRST, to: LAST, objects: account() });
    // Replay starts after 3 window days + 1 lag day.
    expect(result.daysReplayed).toBe(86);
    expect(result.objectsInScope).toBe(2);
    expect(result.firings).toHaveLength(1);
    const [firing] = result.firings;
    // Bad from 10-24 on; the 3-day window lagged by a day (d-4..d-2) is all bad first on 10-28.
    expect(firing).toMatchObject({ objectId: '2', action: 'pause', date: '2026-10-28' });
    // Paused on 10-28: the 25 days after it would not have been spent ($50 each).
    expect(firing!.spendDeltaMinor).toBe(-25 * 5000);
    // Results lost come from its own cost per result over the 30 days before.
    expect(firing!.resultsDelta).toBeLessThan(0);
    expect(result.totals).toMatchObject({ firingDays: 1, firings: 1, objectsFired: 1, spendDeltaMinor: -125000 });
    expect(result.warnings).toEqual([]);
  });

  it('table: warnings for a rule that fires too often or on every object', () => {
    const rule = ruleOf({
      conditions: [{ metric: 'spend', window: 'today', comparator: 'gt', threshold: 100 }],
      action: { type: 'notify' },
      safeguards: { ...ruleOf().safeguards, cooldownHours: 0, minSpendMinor: 0, skipLearning: false },
    });
    const result = backtestRule({ rule, currency: 'USD', from: FIRST, to: LAST, objects: account() });
    expect(result.daysReplayed).toBe(89); // a `today` window needs no earlier day; the lag is 1
    expect(result.totals.firingDays).toBe(result.daysReplayed);
    expect(result.warnings.map((w) => w.code).sort()).toEqual(['fires_on_every_object', 'fires_too_often']);
    // Notify changes nothing: no effect is estimated.
    expect(result.firings.every((f) => f.spendDeltaMinor === null)).toBe(true);
  });

  it('the cooldown spaces firings by whole days', () => {
    const rule = ruleOf({
      conditions: [{ metric: 'spend', window: 'today', comparator: 'gt', threshold: 100 }],
      action: { type: 'notify' },
      scope: { adAccountId: 'act_1', level: 'adset', filter: { kind: 'ids', ids: ['1'] } },
      safeguards: { ...ruleOf().safeguards, cooldownHours: 72, minSpendMinor: 0, skipLearning: false },
    });
    const result = backtestRule({ rule, currency: 'USD', from: FIRST, to: LAST, objects: account() });
    const dates = result.firings.map((f) => f.date);
    expect(dates.slice(0, 3)).toEqual(['2026-08-26', '2026-08-29', '2026-09-01']);
    expect(result.totals.firingDays).toBe(Math.ceil(89 / 3));
  });

  it('budget raises compound per firing within caps and estimate extra results from own cost per result', () => {
    const rule = ruleOf({
      conditions: [{ metric: 'roas', window: 'last_7_days', comparator: 'gte', threshold: 2 }],
      action: { type: 'change_budget', direction: 'raise', percent: 10, floorMinor: 0, ceilingMinor: 6050 },
      scope: { adAccountId: 'act_1', level: 'adset', filter: { kind: 'ids', ids: ['1'] } },
      safeguards: { ...ruleOf().safeguards, cooldownHours: 24 * 7 },
    });
    const objects = account();
    objects[0]!.series = objects[0]!.series.map((p) => ({ ...p, purchaseValueMinor: 15000 })); // ROAS 3
    const result = backtestRule({ rule, currency: 'USD', from: FIRST, to: LAST, objects });
    // 5000 → 5500 → 6050 (ceiling) → no further change.
    const [first, second, third] = result.firings;
    expect(first).toMatchObject({ date: '2026-09-02' });
    const remainingAfter = (date: string) =>
      objects[0]!.series.filter((p) => p.date > date).reduce((s, p) => s + p.spendMinor, 0);
    expect(first!.spendDeltaMinor).toBe(Math.round(remainingAfter(first!.date) * 0.1));
    expect(second!.spendDeltaMinor).toBe(Math.round(remainingAfter(second!.date) * 0.11));
    // At the ceiling the rule still "fires" but moves nothing.
    expect(third!.spendDeltaMinor).toBe(0);
    // Own cost per result is $10 (1000 minor): +$X spend → +X/10 results.
    expect(first!.resultsDelta).toBeCloseTo(first!.spendDeltaMinor! / 1000, 1);
  });

  it('skips objects in their first week while still learning', () => {
    const objects: ObjectHistory[] = [
      {
        object: objectOf({ id: '9', name: 'New' }),
        series: seriesOf(LAST, 20, (i) => ({ spendMinor: i < 10 ? 0 : 5000, impressions: 1000, results: 0 })),
      },
    ];
    const rule = ruleOf({ conditions: [{ metric: 'results', window: 'last_3_days', comparator: 'lt', threshold: 1 }] });
    const result = backtestRule({ rule, currency: 'USD', from: '2026-11-03', to: LAST, objects });
    // First delivery 11-13; learning until 11-19 inclusive (7 days, no results).
    expect(result.firings.map((f) => f.date)).toEqual(['2026-11-20']);
  });

  it('says so when the history is too short for the windows', () => {
    const rule = ruleOf({ conditions: [{ metric: 'spend', window: 'last_30_days', comparator: 'gt', threshold: 1 }] });
    const result = backtestRule({ rule, currency: 'USD', from: '2026-11-10', to: LAST, objects: account() });
    expect(result.daysReplayed).toBe(0);
    expect(result.warnings.map((w) => w.code)).toEqual(['no_history']);
  });
});
