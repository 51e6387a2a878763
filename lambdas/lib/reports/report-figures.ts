import type { InsightsSeries } from '@shared/schemas/meta';
import type { KeyFigure, ReportData, ReportSettings } from '@shared/schemas/reports';

/**
 * The report's key figures from the very series the dashboard shows (`accountInsights`, the same function and
 * the same range), so the report and the dashboard cannot disagree for the same period.
 */
export function keyFigure(current: number | null, previous: number | null, target: number | null = null): KeyFigure {
  const changePercent =
    current !== null && previous !== null && previous !== 0 ? ((current - previous) / previous) * 100 : null;
  return { current, previous, target, changePercent };
}

export function reportFigures(
  series: InsightsSeries,
  settings: Pick<ReportSettings, 'targetCostPerResult' | 'targetRoas'>,
): ReportData['figures'] {
  const now = series.totals;
  const before = series.previousTotals;
  return {
    spend: keyFigure(now.spend, before?.spend ?? null),
    results: keyFigure(now.results, before?.results ?? null),
    costPerResult: keyFigure(now.costPerResult, before?.costPerResult ?? null, settings.targetCostPerResult ?? null),
    roas: keyFigure(now.roas, before?.roas ?? null, settings.targetRoas ?? null),
  };
}

/** The trend chart's points: one per day of the period, as the dashboard's chart draws them. */
export function reportTrend(series: InsightsSeries): ReportData['trend'] {
  return series.data.map((d) => ({ date: d.date, spend: d.spend, results: d.results }));
}

/**
 * The best and the worst rows of a period by cost per result (lower is better), among the rows that spent and
 * had results; ties go to the larger spend. A row is never both: with fewer than 2 × count rows the bottom
 * list takes what the top list left.
 */
export function topAndBottom<Row extends { spend: number; costPerResult: number | null }>(
  rows: readonly Row[],
  count: number,
): { top: Row[]; bottom: Row[] } {
  const ranked = rows
    .filter((row) => row.spend > 0 && row.costPerResult !== null)
    .sort((a, b) => a.costPerResult! - b.costPerResult! || b.spend - a.spend);
  const top = ranked.slice(0, count);
  const bottom = ranked.slice(Math.max(top.length, ranked.length - count)).reverse();
  return { top, bottom };
}
