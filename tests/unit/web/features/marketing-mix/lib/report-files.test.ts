import { describe, expect, it } from 'vitest';
import type { MmmReport } from '@shared/schemas/mmm';
import {
  channelsCsv,
  decompositionCsv,
  decompositionGap,
  fileStem,
  fitSeries,
  waterfallBars,
} from '@web/features/marketing-mix/lib/report-files';

const interval = (estimate: number) => ({ estimate, low: estimate * 0.8, high: estimate * 1.2 });
const report = {
  kpiKind: 'revenue',
  dates: ['2024-01-01', '2024-01-08'],
  actual: [100, 110],
  fitted: [98, 111],
  decomposition: [
    { name: 'intercept', values: [50, 50] },
    { name: 'tv, "prime"', values: [30, 40] },
    { name: 'price', values: [-2, -1] },
  ],
  totals: [
    { name: 'intercept', kind: 'intercept', total: 100, share: 0.5 },
    { name: 'tv', kind: 'media', total: 70, share: 0.35 },
    { name: 'price', kind: 'control', total: -3, share: -0.015 },
  ],
  channels: [
    {
      name: 'tv',
      organic: false,
      spend: 35,
      contribution: interval(70),
      roi: interval(2),
      cpa: null,
      marginalRoi: 1.1,
      curve: [],
      carryover: [],
    },
  ],
  allocation: {
    budget: 35,
    currentResponse: 70,
    optimalResponse: 70,
    lift: 0,
    liftShare: 0,
    liftInterval: null,
    channels: [{ name: 'tv', current: 35, optimal: 35, lower: 17.5, upper: 70, marginalRoi: 1.1, atBound: null }],
  },
} as unknown as MmmReport;

describe('report downloads', () => {
  it('writes the decomposition per period as RFC 4180 CSV, quoting names that need it', () => {
    expect(decompositionCsv(report)).toBe(
      'date,actual,fitted,intercept,"tv, ""prime""",price\r\n2024-01-01,100,98,50,30,-2\r\n2024-01-08,110,111,50,40,-1\r\n',
    );
  });

  it('writes the channels with their ROI interval and optimal spend', () => {
    const [header, row] = channelsCsv(report).trim().split('\r\n');
    expect(header).toBe(
      'channel,spend,contribution,contribution_low,contribution_high,roi,roi_low,roi_high,marginal_roi,optimal_spend',
    );
    expect(row).toBe('tv,35,70,56,84,2,1.6,2.4,1.1,35');
  });

  it('neutralises channel and component names a spreadsheet would run as formulas; negative numbers stay numbers', () => {
    const hostile = "=cmd|' /C calc'!A0";
    const named = {
      ...report,
      decomposition: report.decomposition.map((d, i) => (i === 1 ? { ...d, name: hostile } : d)),
      channels: report.channels.map((c) => ({ ...c, name: hostile })),
      allocation: { ...report.allocation, channels: report.allocation.channels.map((c) => ({ ...c, name: hostile })) },
    } as MmmReport;
    const decomposition = decompositionCsv(named).split('\r\n');
    expect(decomposition[0]).toBe(`date,actual,fitted,intercept,"'${hostile}",price`);
    expect(decomposition[1]).toBe('2024-01-01,100,98,50,30,-2');
    expect(channelsCsv(named).split('\r\n')[1]).toBe(`"'${hostile}",35,70,56,84,2,1.6,2.4,1.1,35`);
  });

  it('names files from the model name', () => {
    expect(fileStem('Q3 — Robyn demo (v2)')).toBe('q3-robyn-demo-v2');
    expect(fileStem('!!!')).toBe('model');
  });
});

describe('waterfall', () => {
  it('floats each bar from the running total, negative ones downwards', () => {
    expect(waterfallBars(report).map(({ name, base, value }) => [name, base, value])).toEqual([
      ['intercept', 0, 100],
      ['tv', 100, 70],
      ['price', 167, 3],
    ]);
  });

  it('keeps the chosen fit’s parts, which add up, and sets the refits’ median beside each channel’s bar', () => {
    // The table's figure is the median of the refits (64 here), the bar the chosen fit's 70: both are shown, named.
    const drifted = {
      ...report,
      channels: [{ ...report.channels[0]!, contribution: { estimate: 64, low: 50, high: 80 } }],
    } as MmmReport;
    const bars = waterfallBars(drifted);
    expect(bars.reduce((sum, b) => sum + b.total, 0)).toBe(167);
    expect(bars.find((b) => b.name === 'tv')).toMatchObject({ total: 70, median: { estimate: 64, low: 50, high: 80 } });
    expect(bars.find((b) => b.name === 'intercept')!.median).toBeNull();
    expect(decompositionGap(drifted)).toEqual({ name: 'tv', gap: 6 / 64 });
    expect(decompositionGap(report)).toEqual({ name: 'tv', gap: 0 });
  });
});

describe('fit vs actual chart', () => {
  it('places the fit chart on time, so 208 weeks span the whole axis and end at the last date', () => {
    const dates = Array.from({ length: 208 }, (_, i) =>
      new Date(Date.UTC(2021, 0, 4 + 7 * i)).toISOString().slice(0, 10),
    );
    const { points, domain } = fitSeries({ dates, actual: dates.map((_, i) => i), fitted: dates.map((_, i) => i + 1) });
    expect(points).toHaveLength(208);
    // Weeks of one month used to share one category label; each point now has its own position.
    expect(new Set(points.map((p) => p.time)).size).toBe(208);
    expect(points.every((p, i) => i === 0 || p.time - points[i - 1]!.time === 7 * 86_400_000)).toBe(true);
    expect(domain).toEqual([Date.parse('2021-01-04T00:00:00Z'), Date.parse(`${dates.at(-1)}T00:00:00Z`)]);
    expect(points.at(-1)).toMatchObject({ actual: 207, fitted: 208 });
  });
});
