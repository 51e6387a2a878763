import { defaultSafeguards } from '@shared/rule-language';
import type { DailyPoint, RuleDraft, RuleObject } from '@shared/schemas/rules';
import { addDays } from '@lambdas/lib/rules/rule-evaluation';

/** A rule with the safe defaults, overridable piece by piece. */
export function ruleOf(overrides: Partial<RuleDraft> = {}, currency = 'USD'): RuleDraft {
  return {
    name: 'test rule',
    scope: { adAccountId: 'act_1', level: 'adset', filter: { kind: 'all' } },
    conditions: [{ metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 }],
    action: { type: 'pause' },
    schedule: { kind: 'daily', time: '09:00' },
    safeguards: defaultSafeguards(currency),
    ...overrides,
  };
}

export function objectOf(overrides: Partial<RuleObject> = {}): RuleObject {
  return {
    id: '100',
    name: 'Ad set A',
    level: 'adset',
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    dailyBudgetMinor: 5000,
    learning: false,
    ...overrides,
  };
}

/** `days` daily points ending on `last`, each from `point(dayIndex)`. */
export function seriesOf(last: string, days: number, point: (i: number) => Partial<DailyPoint>): DailyPoint[] {
  return Array.from({ length: days }, (_, i) => ({
    date: addDays(last, i - days + 1),
    spendMinor: 0,
    impressions: 0,
    reach: 0,
    linkClicks: 0,
    results: 0,
    purchaseValueMinor: 0,
    ...point(i),
  }));
}
