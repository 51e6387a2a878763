import { describe, expect, it } from 'vitest';
import type { AccountSnapshot, DayFigures } from '@lambdas/lib/optimizer/account-snapshot';
import { ZERO_FIGURES } from '@lambdas/lib/optimizer/account-snapshot';
import {
  budgetHolders,
  roundToTotal,
  splitDailyBudget,
  type BudgetHolder,
} from '@lambdas/lib/optimizer/mmm-budget-split';

const TODAY = '2026-03-15';

/** Seven days before today, each spending `perDay`, plus today's partial day (not counted). */
function days(perDay: number): DayFigures[] {
  return Array.from({ length: 8 }, (_, i) => ({
    ...ZERO_FIGURES,
    date: new Date(Date.parse(`${TODAY}T00:00:00Z`) - (7 - i) * 86_400_000).toISOString().slice(0, 10),
    spend: i === 7 ? 999 : perDay,
  }));
}

const holder = (id: string, recentSpend: number, dailyBudget: number | null, extra: Partial<BudgetHolder> = {}) => ({
  level: 'adset' as const,
  id,
  name: `Ad set ${id}`,
  campaignId: 'c1',
  dailyBudget,
  lifetimeBudget: dailyBudget === null ? 50_000 : null,
  recentSpend,
  ...extra,
});

const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('budgetHolders: the budget at the level it lives', () => {
  const snapshot: AccountSnapshot = {
    adAccountId: 'act_1',
    currency: 'USD',
    today: TODAY,
    campaigns: [
      {
        id: 'cbo',
        name: 'CBO',
        objective: 'OUTCOME_SALES',
        status: 'ACTIVE',
        dailyBudget: 10_000,
        lifetimeBudget: null,
      },
      { id: 'abo', name: 'ABO', objective: 'OUTCOME_SALES', status: 'ACTIVE', dailyBudget: null, lifetimeBudget: null },
      {
        id: 'off',
        name: 'Paused',
        objective: 'OUTCOME_SALES',
        status: 'PAUSED',
        dailyBudget: 5_000,
        lifetimeBudget: null,
      },
    ],
    adsets: [
      {
        id: 'a1',
        name: 'CBO set 1',
        campaignId: 'cbo',
        status: 'ACTIVE',
        optimizationGoal: 'X',
        dailyBudget: null,
        lifetimeBudget: null,
        days: days(20),
      },
      {
        id: 'a2',
        name: 'CBO set 2',
        campaignId: 'cbo',
        status: 'ACTIVE',
        optimizationGoal: 'X',
        dailyBudget: null,
        lifetimeBudget: null,
        days: days(10),
      },
      {
        id: 'b1',
        name: 'ABO set 1',
        campaignId: 'abo',
        status: 'ACTIVE',
        optimizationGoal: 'X',
        dailyBudget: 3_000,
        lifetimeBudget: null,
        days: days(30),
      },
      {
        id: 'b2',
        name: 'ABO set off',
        campaignId: 'abo',
        status: 'PAUSED',
        optimizationGoal: 'X',
        dailyBudget: 3_000,
        lifetimeBudget: null,
        days: days(5),
      },
      {
        id: 'p1',
        name: 'Paused campaign set',
        campaignId: 'off',
        status: 'ACTIVE',
        optimizationGoal: 'X',
        dailyBudget: null,
        lifetimeBudget: null,
        days: days(1),
      },
    ],
    ads: [],
  };

  it('takes a CBO campaign as one holder with its ad sets’ spend, and an ABO campaign’s active ad sets', () => {
    expect(budgetHolders(snapshot)).toEqual([
      {
        level: 'campaign',
        id: 'cbo',
        name: 'CBO',
        campaignId: 'cbo',
        dailyBudget: 10_000,
        lifetimeBudget: null,
        recentSpend: 210,
      },
      {
        level: 'adset',
        id: 'b1',
        name: 'ABO set 1',
        campaignId: 'abo',
        dailyBudget: 3_000,
        lifetimeBudget: null,
        recentSpend: 210,
      },
    ]);
  });
});

describe('splitDailyBudget', () => {
  const usd = { currency: 'USD', minDailyBudget: 100, maxObjects: 20 };

  it('splits in proportion to the last 7 days’ spend, in whole cents adding up to the total', () => {
    const split = splitDailyBudget([holder('1', 300, 5_000), holder('2', 100, 5_000), holder('3', 200, 5_000)], {
      ...usd,
      dailyTotal: 20_001,
    });
    if (!split.ok) throw new Error(split.reason);
    const after = Object.fromEntries(split.allocated.map((c) => [c.holder.id, c.after]));
    // 20,001 × 3/6, 1/6, 2/6 = 10,000.5, 3,333.5, 6,667: the leftover cent goes to the largest remainder.
    expect(total(Object.values(after))).toBe(20_001);
    expect(after).toEqual({ '1': 10_001, '2': 3_333, '3': 6_667 });
    expect(split.changes).toHaveLength(3);
  });

  it('CBO and ABO holders are split alike; objects already at their share are not changed', () => {
    const split = splitDailyBudget(
      [holder('cbo', 100, 6_000, { level: 'campaign', campaignId: 'cbo' }), holder('b1', 100, 4_000)],
      { ...usd, dailyTotal: 12_000 },
    );
    if (!split.ok) throw new Error(split.reason);
    expect(split.changes.map((c) => [c.holder.level, c.holder.id, c.before, c.after])).toEqual([
      ['adset', 'b1', 4_000, 6_000],
    ]);
    expect(split.allocated.find((c) => c.holder.id === 'cbo')!.after).toBe(6_000);
  });

  it('gives every object at least Meta’s minimum and shares the rest among the others', () => {
    const split = splitDailyBudget([holder('big', 990, 5_000), holder('tiny', 10, 200), holder('mid', 0.01, 150)], {
      ...usd,
      dailyTotal: 1_000,
    });
    if (!split.ok) throw new Error(split.reason);
    const after = Object.fromEntries(split.allocated.map((c) => [c.holder.id, c.after]));
    expect(after).toEqual({ big: 800, tiny: 100, mid: 100 });
    for (const value of Object.values(after)) expect(value).toBeGreaterThanOrEqual(100);
  });

  it('refuses a total that cannot give every budget the minimum, saying what would be needed', () => {
    expect(splitDailyBudget([holder('1', 10, 500), holder('2', 10, 500)], { ...usd, dailyTotal: 150 })).toEqual({
      ok: false,
      reason: 'below_minimum',
      neededDaily: 200,
    });
    expect(splitDailyBudget([holder('1', 10, null)], { ...usd, dailyTotal: 1_000 })).toMatchObject({
      ok: false,
      reason: 'no_budgets',
    });
  });

  it('leaves lifetime budgets alone and takes what they spend a day off the total', () => {
    // The lifetime ad set spent 70.00 over 7 days: 10.00 (1,000 cents) a day stays with it.
    const split = splitDailyBudget([holder('life', 70, null), holder('1', 50, 2_000), holder('2', 50, 2_000)], {
      ...usd,
      dailyTotal: 5_000,
    });
    if (!split.ok) throw new Error(split.reason);
    expect(split.fixedDaily).toBe(1_000);
    expect(split.fixed.map((h) => h.id)).toEqual(['life']);
    expect(split.allocated.map((c) => c.after)).toEqual([2_000, 2_000]);
    expect(split.changes).toEqual([]);
  });

  it('changes at most maxObjects budgets, the largest spenders, and keeps the others’ budgets out of the total', () => {
    const holders = Array.from({ length: 5 }, (_, i) => holder(String(i), 100 * (i + 1), 1_000));
    const split = splitDailyBudget(holders, { ...usd, maxObjects: 3, dailyTotal: 14_000 });
    if (!split.ok) throw new Error(split.reason);
    expect(split.allocated.map((c) => c.holder.id)).toEqual(['4', '3', '2']);
    expect(split.fixedDaily).toBe(2_000);
    expect(total(split.allocated.map((c) => c.after))).toBe(12_000);
  });

  it('JPY: whole yen, Meta’s ¥150 minimum, no fractional yen anywhere', () => {
    const split = splitDailyBudget([holder('1', 7_000, 1_000), holder('2', 7_000, 1_000), holder('3', 7_000, 1_000)], {
      currency: 'JPY',
      minDailyBudget: 150,
      maxObjects: 20,
      dailyTotal: 3_001,
    });
    if (!split.ok) throw new Error(split.reason);
    const after = split.allocated.map((c) => c.after);
    expect(after).toEqual([1_001, 1_000, 1_000]);
    for (const value of after) expect(Number.isInteger(value)).toBe(true);
    expect(
      splitDailyBudget([holder('1', 10, 500), holder('2', 10, 500)], {
        currency: 'JPY',
        minDailyBudget: 150,
        maxObjects: 20,
        dailyTotal: 299,
      }),
    ).toMatchObject({ ok: false, neededDaily: 300 });
  });

  it('with no spend in the last 7 days, splits in proportion to the current budgets', () => {
    const split = splitDailyBudget([holder('1', 0, 3_000), holder('2', 0, 1_000)], { ...usd, dailyTotal: 8_000 });
    if (!split.ok) throw new Error(split.reason);
    expect(split.allocated.map((c) => c.after)).toEqual([6_000, 2_000]);
  });
});

describe('roundToTotal', () => {
  it('adds up to the total exactly and moves each share by less than one unit', () => {
    const shares = [10.2, 20.7, 30.1, 38.999];
    const rounded = roundToTotal(shares, 100);
    expect(total(rounded)).toBe(100);
    rounded.forEach((r, i) => expect(Math.abs(r - shares[i]!)).toBeLessThan(1));
  });
});
