import { describe, expect, it } from 'vitest';
import { defaultSafeguards, describeRule, describeSafeguards } from '@shared/rule-language';
import { RuleDraftSchema, type RuleDraft } from '@shared/schemas/rules';

const draft = (overrides: Partial<RuleDraft> = {}): RuleDraft => ({
  name: 'Stop expensive ad sets',
  scope: { adAccountId: 'act_1', level: 'adset', filter: { kind: 'all' } },
  conditions: [{ metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 }],
  action: { type: 'pause' },
  schedule: { kind: 'daily', time: '09:00' },
  safeguards: { ...defaultSafeguards('USD'), minSpendMinor: 5000 },
  ...overrides,
});

describe('rule model', () => {
  it('accepts a full rule and gives every new rule the safe defaults in its currency', () => {
    expect(RuleDraftSchema.safeParse(draft()).success).toBe(true);
    expect(defaultSafeguards('USD')).toEqual({
      minSpendMinor: 2000,
      skipLearning: true,
      attributionLagDays: 1,
      cooldownHours: 24,
      maxBudgetChangePercentPerDay: 20,
    });
    expect(defaultSafeguards('JPY').minSpendMinor).toBe(3000);
  });

  it.each([
    ['four conditions', { conditions: Array(4).fill(draft().conditions[0]) }],
    ['no condition', { conditions: [] }],
    ['a money threshold in fractions of a cent', { conditions: [{ ...draft().conditions[0]!, threshold: 40.5 }] }],
    [
      'a budget change on ads',
      {
        scope: { adAccountId: 'act_1', level: 'ad', filter: { kind: 'all' } },
        action: { type: 'change_budget', direction: 'raise', percent: 10, floorMinor: 0, ceilingMinor: 100 },
      },
    ],
    [
      'a ceiling under the floor',
      {
        action: { type: 'change_budget', direction: 'raise', percent: 10, floorMinor: 500, ceilingMinor: 100 },
      },
    ],
    ['a time of day that is not HH:MM', { schedule: { kind: 'daily', time: '9am' } }],
    ['an unknown metric', { conditions: [{ ...draft().conditions[0]!, metric: 'likes' }] }],
    ['an unknown field', { owner: 'someone-else' }],
  ])('rejects %s', (_name, overrides) => {
    expect(RuleDraftSchema.safeParse({ ...draft(), ...overrides }).success).toBe(false);
  });

  it('reads as a plain sentence', () => {
    expect(describeRule(draft(), 'USD')).toBe(
      'Pause any ad set whose cost per result over the last 3 days is above $40, once it has spent $50.',
    );
    expect(
      describeRule(
        draft({
          scope: { adAccountId: 'act_1', level: 'campaign', filter: { kind: 'name', contains: 'Winter' } },
          conditions: [
            { metric: 'roas', window: 'last_7_days', comparator: 'gte', threshold: 3 },
            { metric: 'spend', window: 'today', comparator: 'gt', threshold: 150000 },
          ],
          action: { type: 'change_budget', direction: 'raise', percent: 15, floorMinor: 0, ceilingMinor: 2000000 },
          safeguards: { ...defaultSafeguards('JPY'), minSpendMinor: 0 },
        }),
        'JPY',
      ),
    ).toBe(
      'Raise by 15% (never above ¥2,000,000) the daily budget of any campaign whose name contains "Winter" whose ROAS over the last 7 days is at least 3× and whose spend today is above ¥150,000.',
    );
  });

  it('limited to a custom audience: says which ad sets, and refuses an audience without id, name or relation', () => {
    const limited = (level: RuleDraft['scope']['level'], relation: 'targets' | 'excludes') =>
      draft({
        scope: {
          adAccountId: 'act_1',
          level,
          filter: { kind: 'all' },
          audience: { id: '900', name: 'Customers', relation },
        },
      });
    expect(RuleDraftSchema.safeParse(limited('adset', 'targets')).success).toBe(true);
    expect(describeRule(limited('adset', 'excludes'), 'USD')).toBe(
      'Pause any ad set that excludes “Customers” whose cost per result over the last 3 days is above $40, once it has spent $50.',
    );
    expect(describeRule(limited('campaign', 'targets'), 'USD')).toMatch(
      /^Pause any campaign with an ad set that targets “Customers” whose/,
    );
    expect(describeRule(limited('ad', 'targets'), 'USD')).toMatch(
      /^Pause any ad in an ad set that targets “Customers”/,
    );
    for (const audience of [
      { id: 'abc', name: 'Customers', relation: 'targets' },
      { id: '900', name: ' ', relation: 'targets' },
      { id: '900', name: 'Customers', relation: 'includes' },
      { id: '900', name: 'Customers' },
    ]) {
      const scope = { adAccountId: 'act_1', level: 'adset', filter: { kind: 'all' }, audience };
      const result = RuleDraftSchema.safeParse({ ...draft(), scope });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path.slice(0, 2)).toEqual(['scope', 'audience']);
    }
  });

  it('shows every safeguard', () => {
    expect(describeSafeguards(draft(), 'USD')).toHaveLength(5);
    expect(describeSafeguards(draft(), 'USD')[0]).toContain('$50');
  });
});
