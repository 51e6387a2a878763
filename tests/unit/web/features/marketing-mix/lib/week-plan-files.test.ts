import { describe, expect, it } from 'vitest';
import type { WeekPlan } from '@shared/schemas/mmm-week-plan';
import { weekPlanChartRows, weekPlanCsv } from '@web/features/marketing-mix/lib/week-plan-files';

const plan = {
  kpiKind: 'revenue',
  level: 0.9,
  total: 300,
  channels: [
    { name: '=HYPERLINK("x")', total: 200 },
    { name: 'social', total: 100 },
  ],
  weeks: [
    { date: '2026-01-05', spend: [120, 40], kpi: { estimate: 1000, low: 900, high: 1150 }, carryover: 30 },
    { date: '2026-01-12', spend: [80, 60], kpi: { estimate: 1100, low: 950, high: 1200 }, carryover: 10 },
  ],
  expectedKpi: { estimate: 2100, low: 1950, high: 2300 },
} as unknown as WeekPlan;

describe('weekPlanCsv', () => {
  it('writes one row per week and a total, with a formula-like channel name neutralised', () => {
    const lines = weekPlanCsv(plan).trimEnd().split('\r\n');
    expect(lines).toEqual([
      `week_starting,"'=HYPERLINK(""x"")_spend",social_spend,total_spend,expected_kpi,kpi_low_90,kpi_high_90,carryover_kpi`,
      '2026-01-05,120,40,160,1000,900,1150,30',
      '2026-01-12,80,60,140,1100,950,1200,10',
      'total,200,100,300,2100,1950,2300,40',
    ]);
  });
});

describe('weekPlanChartRows', () => {
  it('gives each week its channels’ spend and the KPI band', () => {
    expect(weekPlanChartRows(plan)[1]).toEqual({
      date: '2026-01-12',
      'spend:=HYPERLINK("x")': 80,
      'spend:social': 60,
      kpi: 1100,
      band: [950, 1200],
    });
  });
});
