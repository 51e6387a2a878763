import { describe, expect, it } from 'vitest';
import type { RuleMetric, RuleObject, RuleScope, RuleWindow } from '@shared/schemas/rules';
import {
  decide,
  inScope,
  metricValue,
  readCondition,
  totalsBetween,
  windowRange,
} from '@lambdas/lib/rules/rule-evaluation';
import { objectOf, ruleOf, seriesOf } from './rule-fixtures';

const TODAY = '2026-11-22';

describe('windows', () => {
  it.each<[RuleWindow, RuleMetric, number, string, string]>([
    ['today', 'spend', 1, '2026-11-22', '2026-11-22'],
    ['last_3_days', 'spend', 1, '2026-11-19', '2026-11-21'],
    ['last_7_days', 'ctr', 2, '2026-11-15', '2026-11-21'],
    // Conversion metrics move back by the attribution lag, keeping their length.
    ['last_3_days', 'cost_per_result', 1, '2026-11-18', '2026-11-20'],
    ['last_7_days', 'roas', 2, '2026-11-13', '2026-11-19'],
    ['today', 'results', 1, '2026-11-21', '2026-11-21'],
    ['last_30_days', 'results', 0, '2026-10-23', '2026-11-21'],
    ['last_14_days', 'spend', 3, '2026-11-08', '2026-11-21'],
  ])('%s of %s with lag %i covers %s..%s', (window, metric, lag, from, to) => {
    expect(windowRange(window, metric, TODAY, lag)).toEqual({ from, to });
  });

  it('crosses month and year ends', () => {
    expect(windowRange('last_3_days', 'spend', '2027-01-01', 0)).toEqual({ from: '2026-12-29', to: '2026-12-31' });
  });
});

describe('metrics over a window', () => {
  const t = (o: Partial<ReturnType<typeof totalsBetween>>) => ({
    spendMinor: 0,
    impressions: 0,
    reach: 0,
    linkClicks: 0,
    results: 0,
    purchaseValueMinor: 0,
    ...o,
  });

  it.each<[RuleMetric, Parameters<typeof t>[0], number | null]>([
    ['spend', { spendMinor: 12345 }, 12345],
    ['results', { results: 7 }, 7],
    ['cost_per_result', { spendMinor: 10000, results: 4 }, 2500],
    ['cost_per_result', { spendMinor: 10000, results: 0 }, Number.POSITIVE_INFINITY],
    ['cost_per_result', { spendMinor: 0, results: 0 }, null],
    ['roas', { spendMinor: 10000, purchaseValueMinor: 25000 }, 2.5],
    ['roas', { spendMinor: 0, purchaseValueMinor: 100 }, null],
    ['ctr', { impressions: 2000, linkClicks: 30 }, 1.5],
    ['ctr', { impressions: 0, linkClicks: 0 }, null],
    ['cpm', { spendMinor: 1500, impressions: 1000 }, 1500],
    ['frequency', { impressions: 3000, reach: 1000 }, 3],
    ['frequency', { impressions: 10, reach: 0 }, null],
  ])('%s of %o is %s', (metric, totals, value) => {
    expect(metricValue(metric, t(totals))).toBe(value);
  });

  it('sums only the window days', () => {
    const series = seriesOf(TODAY, 10, (i) => ({ spendMinor: (i + 1) * 100 }));
    expect(totalsBetween(series, '2026-11-19', '2026-11-21').spendMinor).toBe(700 + 800 + 900);
  });

  it('an infinite cost per result meets "above" but is stored as null', () => {
    const series = seriesOf(TODAY, 10, () => ({ spendMinor: 5000, impressions: 1000 }));
    const reading = readCondition(
      { metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 },
      series,
      TODAY,
      1,
    );
    expect(reading).toMatchObject({ met: true, value: null, from: '2026-11-18', to: '2026-11-20' });
    const below = readCondition(
      { metric: 'cost_per_result', window: 'last_3_days', comparator: 'lt', threshold: 4000 },
      series,
      TODAY,
      1,
    );
    expect(below.met).toBe(false);
  });
});

describe('decide: conditions ANDed and the safeguards', () => {
  // $50 a day, 1 purchase a day: cost per result $50 (5000 minor), CTR 1 %.
  const expensive = seriesOf(TODAY, 30, () => ({
    spendMinor: 5000,
    impressions: 10000,
    reach: 5000,
    linkClicks: 100,
    results: 1,
  }));

  it('fires when every condition is met', () => {
    const rule = ruleOf({
      conditions: [
        { metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 },
        { metric: 'ctr', window: 'last_7_days', comparator: 'lte', threshold: 1 },
      ],
    });
    const decision = decide(rule, objectOf(), expensive, { today: TODAY, inCooldown: false });
    expect(decision.fire).toBe(true);
    expect(decision.readings.map((r) => r.value)).toEqual([5000, 1]);
  });

  it('does not fire when one condition fails', () => {
    const rule = ruleOf({
      conditions: [
        { metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 },
        { metric: 'frequency', window: 'last_7_days', comparator: 'gt', threshold: 3 },
      ],
    });
    const decision = decide(rule, objectOf(), expensive, { today: TODAY, inCooldown: false });
    expect(decision).toMatchObject({ fire: false });
    expect(decision.readings[1]).toMatchObject({ value: 2, met: false });
  });

  it('waits for the minimum spend over the widest window', () => {
    const rule = ruleOf({ safeguards: { ...ruleOf().safeguards, minSpendMinor: 15001 } });
    expect(decide(rule, objectOf(), expensive, { today: TODAY, inCooldown: false })).toMatchObject({
      fire: false,
      skipped: 'min_spend',
    });
    const enough = ruleOf({ safeguards: { ...ruleOf().safeguards, minSpendMinor: 15000 } });
    expect(decide(enough, objectOf(), expensive, { today: TODAY, inCooldown: false }).fire).toBe(true);
  });

  it('skips learning objects unless told not to', () => {
    const learning = objectOf({ learning: true });
    expect(decide(ruleOf(), learning, expensive, { today: TODAY, inCooldown: false })).toMatchObject({
      skipped: 'learning',
    });
    const rule = ruleOf({ safeguards: { ...ruleOf().safeguards, skipLearning: false } });
    expect(decide(rule, learning, expensive, { today: TODAY, inCooldown: false }).fire).toBe(true);
  });

  it('holds during the cooldown', () => {
    expect(decide(ruleOf(), objectOf(), expensive, { today: TODAY, inCooldown: true })).toMatchObject({
      skipped: 'cooldown',
    });
  });

  it('does not pause what is paused, resume what runs or re-budget what has no budget', () => {
    const ctx = { today: TODAY, inCooldown: false };
    expect(decide(ruleOf(), objectOf({ status: 'PAUSED' }), expensive, ctx)).toMatchObject({
      skipped: 'not_applicable',
    });
    expect(decide(ruleOf({ action: { type: 'resume' } }), objectOf(), expensive, ctx)).toMatchObject({
      skipped: 'not_applicable',
    });
    const budget = ruleOf({
      action: { type: 'change_budget', direction: 'lower', percent: 10, floorMinor: 1000, ceilingMinor: 100000 },
    });
    expect(decide(budget, objectOf({ dailyBudgetMinor: null }), expensive, ctx)).toMatchObject({
      skipped: 'not_applicable',
    });
  });

  it('the attribution lag keeps a late-converting day out of the decision', () => {
    // No results yet on the three days before today (not yet attributed), good results before.
    const lagging = seriesOf(TODAY, 30, (i) => ({ spendMinor: 5000, impressions: 1000, results: i >= 26 ? 0 : 5 }));
    const noLag = ruleOf({ safeguards: { ...ruleOf().safeguards, attributionLagDays: 0 } });
    expect(decide(noLag, objectOf(), lagging, { today: TODAY, inCooldown: false }).fire).toBe(true);
    const lag2 = ruleOf({ safeguards: { ...ruleOf().safeguards, attributionLagDays: 2 } });
    expect(decide(lag2, objectOf(), lagging, { today: TODAY, inCooldown: false }).fire).toBe(false);
  });
});

describe('scope', () => {
  it.each<[RuleScope['filter'], RuleObject, boolean]>([
    [{ kind: 'all' }, objectOf(), true],
    [{ kind: 'name', contains: 'retarget' }, objectOf({ name: 'US – Retargeting' }), true],
    [{ kind: 'name', contains: 'retarget' }, objectOf({ name: 'Prospecting' }), false],
    [{ kind: 'objective', objectives: ['OUTCOME_LEADS'] }, objectOf(), false],
    [{ kind: 'objective', objectives: ['OUTCOME_SALES'] }, objectOf(), true],
    [{ kind: 'ids', ids: ['100', '200'] }, objectOf(), true],
    [{ kind: 'ids', ids: ['200'] }, objectOf(), false],
  ])('%o on %o → %s', (filter, object, expected) => {
    expect(inScope(ruleOf({ scope: { adAccountId: 'act_1', level: 'adset', filter } }), object)).toBe(expected);
  });

  it('never mixes levels', () => {
    expect(inScope(ruleOf(), objectOf({ level: 'ad' }))).toBe(false);
  });

  describe('limited to a custom audience', () => {
    const limited = (relation: 'targets' | 'excludes', filter: RuleScope['filter'] = { kind: 'all' }) =>
      ruleOf({
        scope: { adAccountId: 'act_1', level: 'adset', filter, audience: { id: '900', name: 'Customers', relation } },
      });
    const targeting = objectOf({ audiences: { included: ['900'], excluded: ['901'] } });
    const excluding = objectOf({ audiences: { included: ['902'], excluded: ['900'] } });
    const neither = objectOf({ audiences: { included: [], excluded: [] } });

    it.each<[string, 'targets' | 'excludes', RuleObject, boolean]>([
      ['an ad set targeting it, for "targets"', 'targets', targeting, true],
      ['an ad set excluding it, for "targets"', 'targets', excluding, false],
      ['an ad set excluding it, for "excludes"', 'excludes', excluding, true],
      ['an ad set targeting it, for "excludes"', 'excludes', targeting, false],
      ['an ad set naming it nowhere', 'targets', neither, false],
      // Not read (a partial read left its ad set out): nothing is assumed.
      ['an ad set whose targeting was not read', 'targets', objectOf(), false],
    ])('%s', (_label, relation, object, expected) => {
      expect(inScope(limited(relation), object)).toBe(expected);
    });

    it('applies with the other filters, not instead of them', () => {
      const named = limited('targets', { kind: 'name', contains: 'retarget' });
      expect(inScope(named, { ...targeting, name: 'Retargeting' })).toBe(true);
      expect(inScope(named, { ...targeting, name: 'Prospecting' })).toBe(false);
    });

    it('a rule without an audience ignores the targeting', () => {
      expect(inScope(ruleOf(), neither)).toBe(true);
    });
  });
});
