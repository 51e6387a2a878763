import { csvCell } from '@shared/csv-cell';
import type { WeekPlan } from '@shared/schemas/mmm-week-plan';

/**
 * The plan as a spreadsheet: one row per week with each channel's spend and the expected KPI with its interval,
 * then a total row. Every cell goes through csvCell, so a channel named "=HYPERLINK(…)" stays text.
 */
export function weekPlanCsv(plan: WeekPlan): string {
  const pct = Math.round(plan.level * 100);
  const header = [
    'week_starting',
    ...plan.channels.map((c) => `${c.name}_spend`),
    'total_spend',
    'expected_kpi',
    `kpi_low_${pct}`,
    `kpi_high_${pct}`,
    'carryover_kpi',
  ];
  const rows = plan.weeks.map((w) => [
    w.date,
    ...w.spend,
    w.spend.reduce((a, b) => a + b, 0),
    w.kpi.estimate,
    w.kpi.low,
    w.kpi.high,
    w.carryover,
  ]);
  const total = [
    'total',
    ...plan.channels.map((c) => c.total),
    plan.total,
    plan.expectedKpi.estimate,
    plan.expectedKpi.low,
    plan.expectedKpi.high,
    plan.weeks.reduce((s, w) => s + w.carryover, 0),
  ];
  return [header, ...rows, total].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The chart's rows: each channel's spend (stacked bars) and the KPI with its band [low, high]. */
export function weekPlanChartRows(plan: WeekPlan) {
  return plan.weeks.map((w) => ({
    date: w.date,
    ...Object.fromEntries(plan.channels.map((c, i) => [`spend:${c.name}`, w.spend[i]!])),
    kpi: w.kpi.estimate,
    band: [w.kpi.low, w.kpi.high] as [number, number],
  }));
}
