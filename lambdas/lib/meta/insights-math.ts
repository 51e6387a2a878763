import * as z from 'zod';
import { AppError } from '../errors';
import { currencyOffset } from '@shared/currency-units';

/**
 * Arithmetic over Meta insights rows. Meta sends numbers as strings and money
 * in major units ("12.34"); totals are recomputed from sums rather than
 * averaging Meta's per-row ratios, and every ratio is null, never NaN or
 * Infinity, when its denominator is zero.
 */

const NumericSchema = z.union([z.string(), z.number()]);

export const ActionValueSchema = z.looseObject({ action_type: z.string(), value: NumericSchema });
export type ActionValue = z.infer<typeof ActionValueSchema>;

/**
 * Meta's `results` and `cost_per_result`: one entry per result indicator (an
 * ad set's optimization goal decides it), `values` absent when there were none.
 */
export const ResultEntrySchema = z.looseObject({
  indicator: z.string(),
  values: z
    .array(z.looseObject({ value: NumericSchema, attribution_windows: z.array(z.string()).optional() }))
    .optional(),
});
export type ResultEntry = z.infer<typeof ResultEntrySchema>;

/** The fields we read; other insights fields pass through untouched. */
export const InsightsRowSchema = z.looseObject({
  date_start: z.string().optional(),
  date_stop: z.string().optional(),
  spend: NumericSchema.optional(),
  impressions: NumericSchema.optional(),
  reach: NumericSchema.optional(),
  clicks: NumericSchema.optional(),
  inline_link_clicks: NumericSchema.optional(),
  results: z.array(ResultEntrySchema).optional(),
  cost_per_result: z.array(ResultEntrySchema).optional(),
  attribution_setting: z.string().optional(),
  actions: z.array(ActionValueSchema).optional(),
  action_values: z.array(ActionValueSchema).optional(),
  purchase_roas: z.array(ActionValueSchema).optional(),
  cost_per_action_type: z.array(ActionValueSchema).optional(),
});
export type InsightsRow = z.infer<typeof InsightsRowSchema>;

/** The insights `fields` a summary needs. */
export const SUMMARY_FIELDS = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'inline_link_clicks',
  'results',
  'cost_per_result',
  'attribution_setting',
  'actions',
  'action_values',
] as const;

/** One result indicator's figures. */
export interface ResultSummary {
  /** Meta's indicator without the `actions:` prefix, e.g. `link_click`, `reach`. */
  resultType: string;
  results: number;
  /** As Meta states it; per 1,000 people for reach. */
  costPerResult: number | null;
}

export interface InsightsSummary {
  /** Major units of the account currency. */
  spend: number;
  impressions: number;
  reach: number;
  /**
   * True when reach was added up across rows (days, campaigns): the same person
   * reached on two days counts twice, so the sum overstates reach and understates
   * frequency. Pass `reach` from a non-daily query for the exact figure.
   */
  reachIsEstimate: boolean;
  frequency: number | null;
  /** All clicks (Ads Manager's "Clicks (all)"). */
  clicks: number;
  /** Link clicks (inline_link_clicks), Ads Manager's default clicks column. */
  linkClicks: number;
  /** Percent: link clicks / impressions × 100, as `inline_link_click_ctr`. */
  ctr: number | null;
  /** spend / link clicks, as `cost_per_inline_link_click`. */
  cpc: number | null;
  /** "CTR (all)": all clicks / impressions × 100. */
  ctrAll: number | null;
  /** "CPC (all)": spend / all clicks. */
  cpcAll: number | null;
  /** Per 1,000 impressions. */
  cpm: number | null;
  /** Meta's `results`; null when there are none or the rows mix result types (see resultsByType). */
  results: number | null;
  /** The single result type (`link_click`, `offsite_conversion.fb_pixel_purchase`, `reach`…), else null. */
  resultType: string | null;
  /** Meta's `cost_per_result`: per result, or per 1,000 people reached when the result is reach. */
  costPerResult: number | null;
  /** Every result type reported, one entry each (several when ad sets optimise for different results). */
  resultsByType: ResultSummary[];
  /** Meta's attribution_setting (`7d_click_1d_view`, `1d_click`, `mixed`…); null when not reported. */
  attributionSetting: string | null;
  /** Purchase conversion value in major units; null when Meta reported none. */
  purchaseValue: number | null;
  /** purchaseValue / spend. */
  roas: number | null;
}

export interface SummariseOptions {
  /** ISO code of the account currency; money is summed in its minor units. Default USD. */
  currency?: string;
  /** Exact reach for the whole period, from a query without time_increment. */
  reach?: number | string;
}

/**
 * Meta reports the same purchase under several action types at once
 * (omni_purchase covers web, app and offline; the pixel one is web only), so
 * purchase value takes the most inclusive type reported, never their sum.
 */
const PURCHASE_ACTION_TYPES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

/** Indicators whose cost Meta states per 1,000 (Ads Manager: "Cost per 1,000 Accounts Center accounts reached"). */
const PER_THOUSAND_INDICATORS = new Set(['reach']);

export function summariseInsights(rows: readonly InsightsRow[], options: SummariseOptions = {}): InsightsSummary {
  const offset = currencyOffset(options.currency ?? 'USD');
  // Money is added in whole minor units: 0.1 + 0.2 must not become 0.30000000000000004.
  const spendMinor = sum(rows, (row) => Math.round(toNumber(row.spend) * offset));
  const spend = spendMinor / offset;
  const impressions = sum(rows, (row) => toNumber(row.impressions));
  const clicks = sum(rows, (row) => toNumber(row.clicks));
  const linkClicks = sum(rows, (row) => toNumber(row.inline_link_clicks));

  const exactReach =
    options.reach !== undefined ? toNumber(options.reach) : rows.length === 1 ? toNumber(rows[0]!.reach) : undefined;
  const reach = exactReach ?? sum(rows, (row) => toNumber(row.reach));

  const resultsByType = summariseResults(rows);
  const single = resultsByType.length === 1 ? resultsByType[0]! : undefined;
  const settings = new Set(rows.flatMap((row) => (row.attribution_setting ? [row.attribution_setting] : [])));
  const purchaseType = firstReported(rows, (row) => row.action_values, PURCHASE_ACTION_TYPES);
  const purchaseValue =
    purchaseType === undefined
      ? null
      : sum(rows, (row) => Math.round(actionValue(row.action_values, purchaseType) * offset)) / offset;

  return {
    spend,
    impressions,
    reach,
    reachIsEstimate: exactReach === undefined && rows.length > 1,
    frequency: safeDivide(impressions, reach),
    clicks,
    linkClicks,
    ctr: scale(safeDivide(linkClicks, impressions), 100),
    cpc: safeDivide(spend, linkClicks),
    ctrAll: scale(safeDivide(clicks, impressions), 100),
    cpcAll: safeDivide(spend, clicks),
    cpm: scale(safeDivide(spend, impressions), 1000),
    results: single ? single.results : null,
    resultType: single ? single.resultType : null,
    costPerResult: single ? single.costPerResult : null,
    resultsByType,
    attributionSetting: settings.size === 0 ? null : settings.size === 1 ? [...settings][0]! : 'mixed',
    purchaseValue,
    roas: purchaseValue === null ? null : safeDivide(purchaseValue, spend),
  };
}

/** The value Meta gives for the default attribution (the ad set's own setting); 0 when it lists none. */
function entryValue(entry: ResultEntry | undefined): number {
  const values = entry?.values ?? [];
  const chosen = values.find((v) => v.attribution_windows?.includes('default')) ?? values[0];
  return chosen ? toNumber(chosen.value) : 0;
}

/**
 * Results per indicator, straight from Meta's `results` and `cost_per_result`.
 * One row: Meta's own cost per result. Several rows: the cost is weighted by
 * each row's results, which is the rows' spend on that result over its count.
 */
function summariseResults(rows: readonly InsightsRow[]): ResultSummary[] {
  const totals = new Map<string, { results: number; cost: number; costKnown: boolean }>();
  for (const row of rows) {
    for (const entry of row.results ?? []) {
      const total = totals.get(entry.indicator) ?? { results: 0, cost: 0, costKnown: true };
      const count = entryValue(entry);
      const costEntry = row.cost_per_result?.find((cost) => cost.indicator === entry.indicator);
      total.results += count;
      if (count > 0) {
        if (costEntry?.values?.length) total.cost += entryValue(costEntry) * count;
        else total.costKnown = false;
      }
      totals.set(entry.indicator, total);
    }
  }
  return [...totals.entries()].map(([indicator, total]) => ({
    resultType: indicator.replace(/^actions:/, ''),
    results: total.results,
    costPerResult:
      rows.length === 1
        ? costFromMeta(rows[0]!, indicator)
        : total.costKnown
          ? safeDivide(total.cost, total.results)
          : null,
  }));
}

function costFromMeta(row: InsightsRow, indicator: string): number | null {
  const entry = row.cost_per_result?.find((cost) => cost.indicator === indicator);
  return entry?.values?.length ? entryValue(entry) : null;
}

/** Whether a result type's cost is per 1,000 (reach) rather than per result. */
export function costIsPerThousand(resultType: string | null): boolean {
  return resultType !== null && PER_THOUSAND_INDICATORS.has(resultType);
}

function firstReported(
  rows: readonly InsightsRow[],
  list: (row: InsightsRow) => readonly ActionValue[] | undefined,
  candidates: readonly string[],
): string | undefined {
  return candidates.find((type) => rows.some((row) => list(row)?.some((entry) => entry.action_type === type)));
}

function actionValue(list: readonly ActionValue[] | undefined, type: string): number {
  return sum(list?.filter((entry) => entry.action_type === type) ?? [], (entry) => toNumber(entry.value));
}

export type ComparableMetric = Exclude<
  keyof InsightsSummary,
  'resultType' | 'reachIsEstimate' | 'resultsByType' | 'attributionSetting' | 'linkClicks' | 'ctrAll' | 'cpcAll'
>;
export type PeriodComparison = Record<ComparableMetric, number | null>;

const COMPARABLE_METRICS: readonly ComparableMetric[] = [
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'results',
  'costPerResult',
  'purchaseValue',
  'roas',
];

/**
 * Relative change per metric as a fraction (0.25 = +25 %). null when there is
 * nothing to compare against (previous 0 or null) or no current value.
 */
export function compareToPrevious(current: InsightsSummary, previous: InsightsSummary): PeriodComparison {
  const comparison = {} as PeriodComparison;
  for (const metric of COMPARABLE_METRICS) comparison[metric] = relativeChange(current[metric], previous[metric]);
  return comparison;
}

export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  const change = (current - previous) / Math.abs(previous);
  return Number.isFinite(change) ? change : null;
}

export interface DateRange {
  /** YYYY-MM-DD, inclusive, like Meta's time_range. */
  since: string;
  until: string;
}

const DAY_MS = 86_400_000;

/** The window of the same length that ends the day before `since`. */
export function previousPeriod({ since, until }: DateRange): DateRange {
  const start = parseDay(since);
  const end = parseDay(until);
  if (end < start) throw new AppError('VALIDATION_ERROR', 'The end date must not be before the start date.');
  const days = Math.round((end - start) / DAY_MS) + 1;
  const previousEnd = start - DAY_MS;
  return { since: formatDay(previousEnd - (days - 1) * DAY_MS), until: formatDay(previousEnd) };
}

function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to March; a real date formats back to itself.
  if (Number.isNaN(time) || formatDay(time) !== day) {
    throw new AppError('VALIDATION_ERROR', `"${day}" is not a date in the form YYYY-MM-DD.`);
  }
  return time;
}

function formatDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function safeDivide(numerator: number, denominator: number | null): number | null {
  if (denominator === null || denominator === 0) return null;
  const quotient = numerator / denominator;
  return Number.isFinite(quotient) ? quotient : null;
}

function scale(value: number | null, factor: number): number | null {
  return value === null ? null : value * factor;
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += value(item);
  return total;
}

/** Meta's numeric strings; a missing or unreadable value counts as 0. */
function toNumber(value: string | number | undefined): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}
