import { addDays, isIsoDate, resolveDatePreset, splitRange, type DateRange, type IsoDate } from './calendar.js';
import { validateInsightsFields } from './field-validation.js';
import { enumParameter, GraphError, invalidParameter } from './graph-error.js';
import { validateBreakdowns } from './insights-breakdowns.js';
import {
  ACTION_BREAKDOWN_VALUES,
  ATTRIBUTION_WINDOW_VALUES,
  DATE_PRESET_VALUES,
  FIELDS_BY_NODE_TYPE,
  LEVEL_VALUES,
  type InsightsLevel,
} from './reference.js';

/**
 * Parsing and validation of an insights request's parameters (query string or
 * field-expansion modifiers), with Meta's defaults: last_30d, all_days, the
 * level of the node asked.
 */

export type TimeIncrement = number | 'monthly' | 'all_days';

export const FILTER_OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'IN_RANGE',
  'NOT_IN_RANGE',
  'CONTAIN',
  'NOT_CONTAIN',
  'IN',
  'NOT_IN',
  'ANY',
  'ALL',
  'NONE',
] as const;

/** Fields `filtering` can test: entity attributes, and metrics of the finished rows. */
export const FILTER_ENTITY_FIELDS = [
  'campaign.id',
  'campaign.name',
  'campaign.objective',
  'campaign.effective_status',
  'adset.id',
  'adset.name',
  'adset.effective_status',
  'adset.optimization_goal',
  'ad.id',
  'ad.name',
  'ad.effective_status',
] as const;
export const FILTER_METRIC_FIELDS = [
  'spend',
  'impressions',
  'clicks',
  'reach',
  'ctr',
  'cpc',
  'cpm',
  'frequency',
] as const;

export interface InsightsFilter {
  field: string;
  operator: (typeof FILTER_OPERATORS)[number];
  value: unknown;
}

export interface InsightsSort {
  field: string;
  descending: boolean;
}

export interface InsightsParams {
  /** The fields asked for, or undefined for Meta's defaults. */
  fields?: string[];
  range: DateRange;
  increment: TimeIncrement;
  /** The date buckets rows are reported for (from time_increment, or one per time_ranges entry). */
  buckets: DateRange[];
  sort: InsightsSort[];
  level: InsightsLevel;
  breakdowns: string[];
  filtering: InsightsFilter[];
  /** `use_unified_attribution_setting=true`: conversions counted with each ad set's own attribution setting. */
  unifiedAttribution: boolean;
  /** `action_attribution_windows`: each action also reports its count under these windows. */
  attributionWindows: string[];
}

const CURRENT_ATTRIBUTION_WINDOWS = ATTRIBUTION_WINDOW_VALUES.filter((window) => !/^(7d|28d)_view/.test(window));

/** Meta keeps 37 months of insights; older start dates are refused with code 3018. */
const MAX_MONTHS_BACK = 37;

function parseList(raw: string): string[] {
  const text = raw.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // fall through to the comma form, which reports the bad value
    }
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const TIME_RANGE_SHAPE = '{"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}';

function parseJson(raw: string, param: string, shape: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidParameter(`(#100) param ${param} must be JSON like ${shape}`);
  }
}

function checkRange(value: unknown, param: string, today: IsoDate): DateRange {
  const range = value as { since?: unknown; until?: unknown };
  if (
    typeof range !== 'object' ||
    range === null ||
    typeof range.since !== 'string' ||
    typeof range.until !== 'string'
  ) {
    throw invalidParameter(`(#100) param ${param} must be JSON like ${TIME_RANGE_SHAPE}`);
  }
  if (!isIsoDate(range.since) || !isIsoDate(range.until)) {
    throw invalidParameter(`(#100) param ${param}: since and until must be dates in the format YYYY-MM-DD`);
  }
  if (range.since > range.until) {
    throw invalidParameter(`(#100) param ${param}: since must be on or before until`);
  }
  const oldest = addDays(today, -Math.round(MAX_MONTHS_BACK * 30.44));
  if (range.since < oldest) {
    throw new GraphError(400, {
      message: `(#3018) The start date of the time range cannot be beyond ${MAX_MONTHS_BACK} months from the current date`,
      type: 'OAuthException',
      code: 3018,
    });
  }
  return { since: range.since, until: range.until };
}

function parseTimeRanges(raw: string, today: IsoDate): DateRange[] {
  const parsed = parseJson(raw, 'time_ranges', `[${TIME_RANGE_SHAPE}]`);
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw invalidParameter(`(#100) param time_ranges must be JSON like [${TIME_RANGE_SHAPE}]`);
  }
  return parsed.map((item, index) => checkRange(item, `time_ranges[${index}]`, today));
}

/** `sort=["spend_descending"]`: AdsInsights fields with an _ascending or _descending suffix. */
function parseSort(raw: string | undefined): InsightsSort[] {
  if (raw === undefined || raw === '') return [];
  return parseList(raw).map((item) => {
    const match = /^(.+)_(ascending|descending)$/.exec(item);
    if (!match || !FIELDS_BY_NODE_TYPE.AdsInsights.has(match[1]!)) {
      throw invalidParameter(
        `(#100) sort must be a list of AdsInsights fields ending in _ascending or _descending (got ${item})`,
      );
    }
    return { field: match[1]!, descending: match[2] === 'descending' };
  });
}

function parseIncrement(raw: string | undefined): TimeIncrement {
  if (raw === undefined || raw === '' || raw === 'all_days') return 'all_days';
  if (raw === 'monthly') return 'monthly';
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 1 && value <= 90) return value;
  throw invalidParameter("(#100) param time_increment must be 'monthly', 'all_days' or an integer between 1 and 90");
}

function parseFiltering(raw: string | undefined): InsightsFilter[] {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParameter('(#100) param filtering must be an array of {field, operator, value} objects');
  }
  if (!Array.isArray(parsed))
    throw invalidParameter('(#100) param filtering must be an array of {field, operator, value} objects');
  return parsed.map((item: unknown) => {
    const filter = item as { field?: unknown; operator?: unknown; value?: unknown };
    if (
      typeof filter !== 'object' ||
      filter === null ||
      typeof filter.field !== 'string' ||
      typeof filter.operator !== 'string'
    ) {
      throw invalidParameter('(#100) param filtering must be an array of {field, operator, value} objects');
    }
    if (!(FILTER_OPERATORS as readonly string[]).includes(filter.operator)) {
      throw enumParameter('filtering[].operator', FILTER_OPERATORS);
    }
    const known = [...FILTER_ENTITY_FIELDS, ...FILTER_METRIC_FIELDS] as readonly string[];
    if (!known.includes(filter.field)) throw invalidParameter(`(#100) Filtering field ${filter.field} is invalid`);
    return { field: filter.field, operator: filter.operator as InsightsFilter['operator'], value: filter.value };
  });
}

export function parseInsightsParams(
  raw: Record<string, string | undefined>,
  context: { nodeLevel: InsightsLevel; today: IsoDate; dataStart: IsoDate },
): InsightsParams {
  const fields = raw.fields !== undefined && raw.fields.trim() !== '' ? parseList(raw.fields) : undefined;
  if (fields) validateInsightsFields(fields);

  let range: DateRange;
  if (raw.time_range !== undefined && raw.time_range !== '') {
    range = checkRange(parseJson(raw.time_range, 'time_range', TIME_RANGE_SHAPE), 'time_range', context.today);
  } else {
    const preset = raw.date_preset || 'last_30d';
    if (!DATE_PRESET_VALUES.includes(preset)) throw enumParameter('date_preset', DATE_PRESET_VALUES);
    range = resolveDatePreset(preset, context.today, context.dataStart);
  }

  const level = (raw.level || context.nodeLevel) as InsightsLevel;
  if (!(LEVEL_VALUES as readonly string[]).includes(level)) throw enumParameter('level', LEVEL_VALUES);

  const breakdowns = raw.breakdowns ? parseList(raw.breakdowns) : [];
  validateBreakdowns(breakdowns);

  if (raw.action_breakdowns) {
    const invalid = parseList(raw.action_breakdowns).filter((b) => !ACTION_BREAKDOWN_VALUES.includes(b));
    if (invalid.length > 0) throw enumParameter('action_breakdowns', ACTION_BREAKDOWN_VALUES);
  }
  const attributionWindows = raw.action_attribution_windows ? parseList(raw.action_attribution_windows) : [];
  attributionWindows.forEach((window, index) => {
    // Meta retired the 7- and 28-day view windows in January 2026 and refuses them like any unknown value.
    if (!CURRENT_ATTRIBUTION_WINDOWS.includes(window)) {
      throw invalidParameter(
        `(#100) action_attribution_windows[${index}] must be one of the following values: ${CURRENT_ATTRIBUTION_WINDOWS.join(', ')}`,
      );
    }
  });
  const unified = raw.use_unified_attribution_setting;
  if (unified !== undefined && !['true', 'false', '1', '0'].includes(unified)) {
    throw invalidParameter('(#100) Param use_unified_attribution_setting must be a boolean');
  }

  const increment = parseIncrement(raw.time_increment);
  // time_ranges wins over time_range and date_preset, and makes one bucket per range.
  const ranges = raw.time_ranges ? parseTimeRanges(raw.time_ranges, context.today) : undefined;

  return {
    ...(fields && { fields }),
    range,
    increment,
    buckets: ranges ?? splitRange(range, increment),
    sort: parseSort(raw.sort),
    level,
    breakdowns,
    filtering: parseFiltering(raw.filtering),
    unifiedAttribution: unified === 'true' || unified === '1',
    attributionWindows,
  };
}
