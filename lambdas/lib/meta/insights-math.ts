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

/** The fields we read; other insights fields pass through untouched. */
export const InsightsRowSchema = z.looseObject({
  date_start: z.string().optional(),
  date_stop: z.string().optional(),
  spend: NumericSchema.optional(),
  impressions: NumericSchema.optional(),
  reach: NumericSchema.optional(),
  clicks: NumericSchema.optional(),
  actions: z.array(ActionValueSchema).optional(),
  action_values: z.array(ActionValueSchema).optional(),
  purchase_roas: z.array(ActionValueSchema).optional(),
  cost_per_action_type: z.array(ActionValueSchema).optional(),
});
export type InsightsRow = z.infer<typeof InsightsRowSchema>;

/** The insights `fields` a summary needs. */
export const SUMMARY_FIELDS = ['spend', 'impressions', 'reach', 'clicks', 'actions', 'action_values'] as const;

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
  clicks: number;
  /** Percent: clicks / impressions × 100. */
  ctr: number | null;
  cpc: number | null;
  /** Per 1,000 impressions. */
  cpm: number | null;
  /** null when no objective was given (or it is one we do not know). */
  results: number | null;
  /** The action type counted as a result, or 'reach' for awareness. */
  resultType: string | null;
  /** CPA: spend / results (for awareness, cost per person reached). */
  costPerResult: number | null;
  /** Purchase conversion value in major units; null when Meta reported none. */
  purchaseValue: number | null;
  /** purchaseValue / spend. */
  roas: number | null;
}

export interface SummariseOptions {
  /** The campaign objective (OUTCOME_* or a legacy one) deciding what a "result" is. */
  objective?: string;
  /** ISO code of the account currency; money is summed in its minor units. Default USD. */
  currency?: string;
  /** Exact reach for the whole period, from a query without time_increment. */
  reach?: number | string;
}

type ResultFamily = 'sales' | 'leads' | 'traffic' | 'engagement' | 'awareness' | 'app';

/**
 * Action types per family, most inclusive first; the first one Meta reported is
 * used for every row. Meta reports the same purchase under several types at once
 * (omni_purchase covers web, app and offline; the pixel one is web only), so
 * adding them up would count each purchase two or three times.
 */
const RESULT_ACTION_TYPES: Record<Exclude<ResultFamily, 'awareness'>, readonly string[]> = {
  sales: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
  leads: ['lead', 'onsite_conversion.lead_grouped', 'offsite_conversion.fb_pixel_lead'],
  traffic: ['link_click', 'landing_page_view'],
  engagement: ['post_engagement', 'page_engagement'],
  app: ['mobile_app_install', 'app_install', 'omni_app_install'],
};

const OBJECTIVE_FAMILY: Record<string, ResultFamily> = {
  OUTCOME_SALES: 'sales',
  OUTCOME_LEADS: 'leads',
  OUTCOME_TRAFFIC: 'traffic',
  OUTCOME_ENGAGEMENT: 'engagement',
  OUTCOME_AWARENESS: 'awareness',
  OUTCOME_APP_PROMOTION: 'app',
  // Legacy objectives still appear on old campaigns.
  CONVERSIONS: 'sales',
  PRODUCT_CATALOG_SALES: 'sales',
  LEAD_GENERATION: 'leads',
  LINK_CLICKS: 'traffic',
  POST_ENGAGEMENT: 'engagement',
  PAGE_LIKES: 'engagement',
  EVENT_RESPONSES: 'engagement',
  VIDEO_VIEWS: 'engagement',
  REACH: 'awareness',
  BRAND_AWARENESS: 'awareness',
  APP_INSTALLS: 'app',
};

export function summariseInsights(rows: readonly InsightsRow[], options: SummariseOptions = {}): InsightsSummary {
  const offset = currencyOffset(options.currency ?? 'USD');
  // Money is added in whole minor units: 0.1 + 0.2 must not become 0.30000000000000004.
  const spendMinor = sum(rows, (row) => Math.round(toNumber(row.spend) * offset));
  const spend = spendMinor / offset;
  const impressions = sum(rows, (row) => toNumber(row.impressions));
  const clicks = sum(rows, (row) => toNumber(row.clicks));

  const exactReach =
    options.reach !== undefined ? toNumber(options.reach) : rows.length === 1 ? toNumber(rows[0]!.reach) : undefined;
  const reach = exactReach ?? sum(rows, (row) => toNumber(row.reach));

  const { results, resultType } = pickResults(rows, options.objective, reach);
  const purchaseType = firstReported(rows, (row) => row.action_values, RESULT_ACTION_TYPES.sales);
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
    ctr: scale(safeDivide(clicks, impressions), 100),
    cpc: safeDivide(spend, clicks),
    cpm: scale(safeDivide(spend, impressions), 1000),
    results,
    resultType,
    costPerResult: results === null ? null : safeDivide(spend, results),
    purchaseValue,
    roas: purchaseValue === null ? null : safeDivide(purchaseValue, spend),
  };
}

function pickResults(
  rows: readonly InsightsRow[],
  objective: string | undefined,
  reach: number,
): { results: number | null; resultType: string | null } {
  const family = objective ? OBJECTIVE_FAMILY[objective.toUpperCase()] : undefined;
  if (!family) return { results: null, resultType: null };
  if (family === 'awareness') return { results: reach, resultType: 'reach' };
  const candidates = RESULT_ACTION_TYPES[family];
  // Nothing reported means none happened: 0 results of the family's main type.
  const resultType = firstReported(rows, (row) => row.actions, candidates) ?? candidates[0]!;
  return { results: sum(rows, (row) => actionValue(row.actions, resultType)), resultType };
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

export type ComparableMetric = Exclude<keyof InsightsSummary, 'resultType' | 'reachIsEstimate'>;
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
