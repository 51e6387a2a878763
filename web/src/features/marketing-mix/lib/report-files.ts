import { csvCell } from '@shared/csv-cell';
import type { MmmReport } from '@shared/schemas/mmm';

/** Per period: actual, fitted and every component's contribution; then one row per channel's ROI. */
export function decompositionCsv(report: MmmReport): string {
  const header = ['date', 'actual', 'fitted', ...report.decomposition.map((d) => d.name)];
  const rows = report.dates.map((date, t) => [
    date,
    report.actual[t]!,
    report.fitted[t]!,
    ...report.decomposition.map((d) => d.values[t]!),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Channel figures: spend, contribution and ROI with their intervals, marginal ROI, optimal spend. */
export function channelsCsv(report: MmmReport): string {
  const header = [
    'channel',
    'spend',
    'contribution',
    'contribution_low',
    'contribution_high',
    'roi',
    'roi_low',
    'roi_high',
    'marginal_roi',
    'optimal_spend',
  ];
  const rows = report.channels.map((c) => {
    const optimal = report.allocation.channels.find((a) => a.name === c.name)?.optimal;
    return [
      c.name,
      c.spend,
      c.contribution.estimate,
      c.contribution.low,
      c.contribution.high,
      c.roi?.estimate ?? '',
      c.roi?.low ?? '',
      c.roi?.high ?? '',
      c.marginalRoi ?? '',
      optimal ?? '',
    ];
  });
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name from the model's name: letters, digits and dashes only. */
export function fileStem(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'model'
  );
}

/** Saves text as a file from the browser (an object URL on a temporary link). */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface WaterfallBar {
  name: string;
  /** Where the floating bar starts (the lower end). */
  base: number;
  /** Its height (always ≥ 0; `total` keeps the sign). */
  value: number;
  /** The chosen fit's total of this component. */
  total: number;
  share: number;
  kind: MmmReport['totals'][number]['kind'];
  /** For a channel: the refits' median contribution and its interval, the figure of the channel table. */
  median: MmmReport['channels'][number]['contribution'] | null;
}

/**
 * The decomposition totals as waterfall bars: each floats from the running total before it. The bars are the chosen
 * fit's, the one model whose parts add up to its fitted KPI. The channel table's contributions are the medians of the
 * refits instead (shared/mmm/outputs.ts `drawInterval`), and medians do not add up: the median of a sum is not the sum
 * of the medians, so bars of medians would leave a gap that only an invented baseline could close. Each channel's bar
 * therefore carries its median beside it, and the chart says which is which.
 */
export function waterfallBars(report: Pick<MmmReport, 'totals' | 'channels'>): WaterfallBar[] {
  const { totals } = report;
  const ends = totals.reduce<number[]>((acc, t) => [...acc, (acc.at(-1) ?? 0) + t.total], []);
  return totals.map((t, i) => {
    const start = i === 0 ? 0 : ends[i - 1]!;
    return {
      name: t.name,
      base: Math.min(start, ends[i]!),
      value: Math.abs(t.total),
      total: t.total,
      share: t.share,
      kind: t.kind,
      median: report.channels.find((c) => c.name === t.name)?.contribution ?? null,
    };
  });
}

/** The channel whose chosen-fit total lies furthest from the refits' median, relative to that median. */
export function decompositionGap(report: Pick<MmmReport, 'totals' | 'channels'>): { name: string; gap: number } | null {
  let widest: { name: string; gap: number } | null = null;
  for (const bar of waterfallBars(report)) {
    if (!bar.median || bar.median.estimate === 0) continue;
    const gap = Math.abs(bar.total - bar.median.estimate) / Math.abs(bar.median.estimate);
    if (!widest || gap > widest.gap) widest = { name: bar.name, gap };
  }
  return widest;
}

/** Milliseconds since the epoch of an ISO day, read in UTC (the dataset's dates carry no time zone). */
export const dayTime = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

/**
 * The fit chart's points, placed on a time axis by their own date. A category axis of month
 * labels ("Jan 24") repeats each label for every week of the month, and the chart then spread
 * 208 categories while drawing the lines on the first few dozen, so they ended a third of the way.
 */
export function fitSeries(report: Pick<MmmReport, 'dates' | 'actual' | 'fitted'>): {
  points: { time: number; actual: number; fitted: number }[];
  domain: [number, number];
} {
  const points = report.dates.map((date, t) => ({
    time: dayTime(date),
    actual: report.actual[t]!,
    fitted: report.fitted[t]!,
  }));
  return { points, domain: [points[0]?.time ?? 0, points.at(-1)?.time ?? 0] };
}
