import { describe, expect, it } from 'vitest';
import type { ClientOverviewRow } from '@shared/schemas/agency-overview';
import { attentionOf, budgetPace, byAttention, missesTarget } from '@lambdas/lib/agency/client-status';
import { mainResult } from '@lambdas/lib/agency/client-figures';

describe('budgetPace', () => {
  it('prorates the month by day, counting the day the figures run to', () => {
    // November has 30 days: by day 15 half the 3,000 budget is on pace.
    expect(budgetPace(1500, 3000, '2026-11-15')).toEqual({
      day: 15,
      daysInMonth: 30,
      expectedSpend: 1500,
      ratio: 1,
      projectedSpend: 3000,
      state: 'on_pace',
    });
  });

  it("knows each month's length, leap February included", () => {
    expect(budgetPace(0, 2900, '2028-02-10').daysInMonth).toBe(29);
    expect(budgetPace(0, 2800, '2027-02-10').daysInMonth).toBe(28);
    expect(budgetPace(0, 3100, '2026-12-31').expectedSpend).toBe(3100);
  });

  it('is over pace above 115 % of the prorated budget and under below 85 %', () => {
    // Day 10 of 30 of 3,000: 1,000 on pace.
    expect(budgetPace(1150, 3000, '2026-11-10').state).toBe('on_pace');
    expect(budgetPace(1151, 3000, '2026-11-10').state).toBe('over');
    expect(budgetPace(850, 3000, '2026-11-10').state).toBe('on_pace');
    expect(budgetPace(849, 3000, '2026-11-10').state).toBe('under');
    const over = budgetPace(1500, 3000, '2026-11-10');
    expect(over.ratio).toBe(1.5);
    expect(over.projectedSpend).toBe(4500);
  });
});

describe('missesTarget', () => {
  const cpr = { adAccountId: 'act_1', monthlyBudget: 1000, targetCostPerResult: 10 };
  const roas = { adAccountId: 'act_1', monthlyBudget: 1000, targetRoas: 3 };

  it('misses a cost-per-result target only beyond 10 %', () => {
    expect(missesTarget(cpr, { spend: 100, costPerResult: 11, roas: null })).toBe(false);
    expect(missesTarget(cpr, { spend: 100, costPerResult: 11.01, roas: null })).toBe(true);
    expect(missesTarget(cpr, { spend: 100, costPerResult: 4, roas: null })).toBe(false);
  });

  it('misses a ROAS target only below 90 % of it', () => {
    expect(missesTarget(roas, { spend: 100, costPerResult: null, roas: 2.7 })).toBe(false);
    expect(missesTarget(roas, { spend: 100, costPerResult: null, roas: 2.69 })).toBe(true);
  });

  it('counts spend with no results or no value as missing, and no spend as not', () => {
    expect(missesTarget(cpr, { spend: 50, costPerResult: null, roas: null })).toBe(true);
    expect(missesTarget(roas, { spend: 50, costPerResult: null, roas: null })).toBe(true);
    expect(missesTarget(roas, { spend: 0, costPerResult: null, roas: null })).toBe(false);
  });
});

function row(name: string, over: Partial<ClientOverviewRow>): ClientOverviewRow {
  return {
    workspaceId: name,
    name,
    role: 'admin',
    targets: { adAccountId: 'act_1', monthlyBudget: 3000, targetCostPerResult: 10 },
    period: { since: '2026-11-01', until: '2026-11-10' },
    currency: 'USD',
    spend: 1000,
    results: 100,
    resultType: 'link_click',
    costPerResult: 10,
    roas: null,
    pace: budgetPace(1000, 3000, '2026-11-10'),
    offTarget: false,
    attention: 'on_track',
    error: null,
    ...over,
  };
}

describe('attention order', () => {
  it('names the state from goal and pace', () => {
    const over = budgetPace(2000, 3000, '2026-11-10');
    expect(attentionOf(true, over)).toBe('off_target_and_pace');
    expect(attentionOf(true, budgetPace(1000, 3000, '2026-11-10'))).toBe('off_target');
    expect(attentionOf(false, over)).toBe('off_pace');
    expect(attentionOf(false, null)).toBe('on_track');
  });

  it('puts off target and off pace first, the larger miss first, then errors, on track, no targets', () => {
    const rows = [
      row('Calm', {}),
      row('Unset', { targets: null, attention: 'no_targets', pace: null }),
      row('Broken', { attention: 'error', error: 'Not connected to Meta.', pace: null }),
      row('Slightly over', { attention: 'off_pace', pace: budgetPace(1200, 3000, '2026-11-10') }),
      row('Far over', { attention: 'off_pace', pace: budgetPace(2500, 3000, '2026-11-10') }),
      row('Costly', { attention: 'off_target', offTarget: true, costPerResult: 14 }),
      row('Both', { attention: 'off_target_and_pace', offTarget: true, costPerResult: 12 }),
    ];
    expect(rows.sort(byAttention).map((r) => r.name)).toEqual([
      'Both',
      'Costly',
      'Far over',
      'Slightly over',
      'Broken',
      'Calm',
      'Unset',
    ]);
  });
});

describe('mainResult', () => {
  const summary = (resultsByType: { resultType: string; results: number; costPerResult: number | null }[]) =>
    ({ resultsByType }) as unknown as Parameters<typeof mainResult>[0];

  it('takes the result type most of the money went to, reach counted per 1,000 people', () => {
    expect(
      mainResult(
        summary([
          { resultType: 'link_click', results: 1000, costPerResult: 0.5 },
          { resultType: 'offsite_conversion.fb_pixel_purchase', results: 20, costPerResult: 40 },
          { resultType: 'reach', results: 100_000, costPerResult: 6 },
        ]),
      )?.resultType,
    ).toBe('offsite_conversion.fb_pixel_purchase');
    expect(mainResult(summary([]))).toBeNull();
    expect(mainResult(summary([{ resultType: 'link_click', results: 0, costPerResult: null }]))).toBeNull();
  });
});
