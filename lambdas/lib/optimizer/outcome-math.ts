import type { ExpectedEffect, RecommendationKind } from '@shared/schemas/optimizer';
import {
  OUTCOME_WINDOW_DAYS,
  type DetectorScore,
  type Outcome,
  type WindowFigures,
} from '@shared/schemas/optimizer-outcomes';

/**
 * Closing the loop: what an applied recommendation did, in the unit it predicted, from Meta's
 * daily rows for the 7 days before and the 7 days after the day it was applied (that day is
 * left out of both: it is half before, half after). Plain functions; the reading is elsewhere.
 */

/** Meta keeps attributing conversions to a day for up to 7 days after a click (7-day click window). */
export const ATTRIBUTION_SETTLE_DAYS = 7;
/** Measured recommendations a detector needs before a hit rate means anything. */
export const MIN_HISTORY = 5;
/** Meta's `updated_time` moves when we apply the change itself: later than this after it is someone else's change. */
const OWN_WRITE_SLACK_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface OutcomeWindows {
  before: { since: string; until: string };
  after: { since: string; until: string };
  /** The first day the after window is complete (the account's today from then on). */
  measuredOn: string;
  /** From this day Meta's late conversions no longer change the after window. */
  settledOn: string;
}

/** The windows compared for a change applied on `appliedOn` (an account-local date). */
export function outcomeWindows(appliedOn: string): OutcomeWindows {
  const afterUntil = addDays(appliedOn, OUTCOME_WINDOW_DAYS);
  return {
    before: { since: addDays(appliedOn, -OUTCOME_WINDOW_DAYS), until: addDays(appliedOn, -1) },
    after: { since: addDays(appliedOn, 1), until: afterUntil },
    measuredOn: addDays(afterUntil, 1),
    settledOn: addDays(afterUntil, 1 + ATTRIBUTION_SETTLE_DAYS),
  };
}

/** One day of one object as Meta reported it (money in major units). */
export interface DailyRow {
  date: string;
  spend: number;
  results: number;
  impressions: number;
  linkClicks: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A window's totals as Meta states them for the whole window (its `results`, `cost_per_result`, `spend`). */
export interface WindowTotals {
  spend: number;
  results: number;
  /** Meta's cost_per_result; null without results. */
  costPerResult: number | null;
  impressions: number;
  linkClicks: number;
}

/**
 * A window's figures: Meta's own totals for it when given (Meta's numbers, not our sums of its
 * rounded daily rows), otherwise the sum of the daily rows; days Meta sent no daily row for, or a
 * row without delivery, are days without delivery.
 */
export function windowFigures(
  rows: readonly DailyRow[],
  range: { since: string; until: string },
  totals?: WindowTotals,
): WindowFigures {
  const inside = rows.filter((row) => row.date >= range.since && row.date <= range.until);
  const sum = (pick: (row: DailyRow) => number) => inside.reduce((total, row) => total + pick(row), 0);
  const spend = round(totals ? totals.spend : sum((row) => row.spend));
  const results = totals ? totals.results : sum((row) => row.results);
  return {
    since: range.since,
    until: range.until,
    spend,
    results,
    costPerResult: totals ? totals.costPerResult : results > 0 ? round(spend / results) : null,
    impressions: totals ? totals.impressions : sum((row) => row.impressions),
    linkClicks: totals ? totals.linkClicks : sum((row) => row.linkClicks),
    daysWithDelivery: new Set(inside.filter((row) => row.spend > 0 || row.impressions > 0).map((row) => row.date)).size,
  };
}

/**
 * The actual effect in the prediction's unit. Both windows are 7 days, so "a week" is the
 * difference of the two. Spend predictions of applied recommendations are savings (a cut or a
 * pause), so spend is before − after. CTR in percentage points; null when a window had no impressions.
 */
export function actualEffect(
  metric: ExpectedEffect['metric'],
  before: WindowFigures,
  after: WindowFigures,
): number | null {
  switch (metric) {
    case 'results_per_week':
      return after.results - before.results;
    case 'spend_per_week':
      return round(before.spend - after.spend);
    case 'link_clicks_per_week':
      return after.linkClicks - before.linkClicks;
    case 'revenue_per_week':
      // A marketing-mix model's revenue is the business's own KPI, not a figure Meta reports.
      return null;
    case 'ctr_percent':
      if (before.impressions === 0 || after.impressions === 0) return null;
      return round((after.linkClicks / after.impressions - before.linkClicks / before.impressions) * 100);
  }
}

/** Two-sided 95 %, as the detectors' own ranges. */
const Z95 = 1.96;

/**
 * How far a measured effect can stray from the true one by chance alone (95 %). The detectors'
 * ranges are for the expected effect; what is measured is the difference of two noisy weeks,
 * so judging it against the bare range would count most honest predictions as misses. Results
 * and clicks are counts (Poisson: the difference's variance is the sum of the two weeks); CTR
 * is a proportion of each week's impressions; spend follows the budget, so no allowance.
 */
export function measurementNoise(
  metric: ExpectedEffect['metric'],
  before: WindowFigures,
  after: WindowFigures,
): number {
  switch (metric) {
    case 'results_per_week':
      return round(Z95 * Math.sqrt(before.results + after.results));
    case 'link_clicks_per_week':
      return round(Z95 * Math.sqrt(before.linkClicks + after.linkClicks));
    case 'ctr_percent': {
      if (before.impressions === 0 || after.impressions === 0) return 0;
      const variance = (clicks: number, impressions: number) => {
        const p = clicks / impressions;
        return (p * (1 - p)) / impressions;
      };
      return round(
        Z95 *
          100 *
          Math.sqrt(variance(before.linkClicks, before.impressions) + variance(after.linkClicks, after.impressions)),
      );
    }
    case 'spend_per_week':
    case 'revenue_per_week':
      return 0;
  }
}

/**
 * Within the predicted range widened by the measurement's own noise, with the ranges' rounding
 * (two decimals) as the tolerance.
 */
export function withinRange(actual: number, predicted: Pick<ExpectedEffect, 'low' | 'high'>, noise = 0): boolean {
  return actual >= predicted.low - noise - 0.005 && actual <= predicted.high + noise + 0.005;
}

/** One changed object as Meta reads it now. */
export interface ObjectState {
  objectId: string;
  objectName: string;
  /** Meta's effective_status; 'DELETED' also when Meta no longer finds the object. */
  effectiveStatus: string;
  /** Meta's updated_time (ISO), when it has one. */
  updatedTime?: string;
  /** Another applied recommendation of ours that changed this object later (ISO). */
  laterChangeAt?: string;
  /**
   * Every change our audit table recorded for this object since the change was applied (each made
   * through Adsmith: the campaigns page, rules, the optimizer, undo), with when it was asked. Meta's
   * `updated_time` keeps only the latest edit, so an edit made and reverted inside the window, or
   * followed by another after it, is seen only here.
   */
  auditedChanges?: readonly AuditedChange[];
}

/** One change to an object as our audit table recorded it. */
export interface AuditedChange {
  /** When it was asked of Meta (ISO). */
  at: string;
  /** `budget_change`, `pause`, `resume`, `creative_swap`, `rename`, `undo`… */
  action: string;
  /** Who asked: `optimizer:<id>`, `optimizer-undo:<id>`, `rule:<id>`…; absent for a person on the campaigns page. */
  source?: string;
}

export interface JudgeInput {
  /** The recommendation judged: its own apply and undo are not "changed again". */
  recommendationId?: string;
  /** When the change was applied (ISO instant) and that day in the account's time zone. */
  appliedAt: string;
  appliedOn: string;
  /** The account's today. */
  today: string;
  predicted: ExpectedEffect;
  /** Daily rows of the objects whose delivery the change moved (summed together). */
  rows: readonly DailyRow[];
  /** Meta's own totals for each window, when read; otherwise the daily rows are summed. */
  totals?: { before?: WindowTotals; after?: WindowTotals };
  objects: readonly ObjectState[];
  /** False when every change paused something: no delivery after is then the expected outcome. */
  expectsDelivery: boolean;
  /** The account-local date of an instant (the account's time zone). */
  localDate: (instant: Date) => string;
  now: Date;
}

/** The measuring day shown before the after window is complete: the day it was applied is day 1. */
export function measuringDay(appliedOn: string, today: string): number {
  return Math.min(OUTCOME_WINDOW_DAYS, Math.max(1, daysBetween(appliedOn, today) + 1));
}

/** A rename moves Meta's updated_time but not delivery: it mixes no effect into the window. */
const DELIVERY_NEUTRAL_ACTIONS = new Set(['rename']);

/** The recommendation's own writes: applying it, and undoing it. */
export function isOwnChange(change: AuditedChange, recommendationId: string | undefined): boolean {
  if (!recommendationId || !change.source) return false;
  return change.source === `optimizer:${recommendationId}` || change.source === `optimizer-undo:${recommendationId}`;
}

function whoChanged(source: string | undefined): string {
  if (!source) return 'on the campaigns page';
  if (source.startsWith('rule:')) return 'by an automation rule';
  if (source.startsWith('optimizer-undo:')) return 'by undoing another recommendation';
  if (source.startsWith('optimizer:')) return 'by another approved recommendation';
  if (source.startsWith('ad-optimizer:')) return 'by an A/B copy made in its ad set';
  return 'through Adsmith';
}

export interface LaterChange {
  /** When (ISO). */
  at: string;
  /** How, in words: "on the campaigns page", "by an automation rule", "in Meta"… */
  by: string;
}

/**
 * The first change to the object after this one and within its after window, from every record we
 * have: our audit (every change made through Adsmith, each with its time, other than this
 * recommendation's own apply and undo), our other applied recommendations, and Meta's
 * `updated_time` (any edit, in Ads Manager too, but only the latest; its own write moves it, hence
 * the slack). Null when nothing else touched it.
 */
export function firstLaterChange(object: ObjectState, input: JudgeInput): LaterChange | null {
  const applied = Date.parse(input.appliedAt);
  const lastDay = outcomeWindows(input.appliedOn).after.until;
  const inWindow = (at: string | undefined, slackMs: number) => {
    if (!at) return false;
    const time = Date.parse(at);
    if (Number.isNaN(time)) return false;
    return time > applied + slackMs && input.localDate(new Date(time)) <= lastDay;
  };
  const candidates: LaterChange[] = [];
  for (const change of object.auditedChanges ?? []) {
    if (isOwnChange(change, input.recommendationId) || DELIVERY_NEUTRAL_ACTIONS.has(change.action)) continue;
    // Our own record names the change exactly: no slack for our write, an edit a minute later counts.
    if (inWindow(change.at, 0)) candidates.push({ at: change.at, by: whoChanged(change.source) });
  }
  if (inWindow(object.laterChangeAt, 0)) candidates.push({ at: object.laterChangeAt!, by: whoChanged('optimizer:') });
  if (inWindow(object.updatedTime, OWN_WRITE_SLACK_MS)) candidates.push({ at: object.updatedTime!, by: 'in Meta' });
  if (candidates.length === 0) return null;
  return candidates.reduce((first, c) => (Date.parse(c.at) < Date.parse(first.at) ? c : first));
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** An account-local date (YYYY-MM-DD) as "25 Nov". */
function dayMonth(date: string): string {
  return DAY_MONTH.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The outcome of one applied recommendation: measuring (day N of 7), measured (actual against
 * the predicted range), or why it cannot be measured (the object was deleted or archived, had no
 * delivery, or was changed again inside the window, which mixes two changes' effects).
 */
export function judgeOutcome(input: JudgeInput): Outcome {
  const measuredAt = input.now.toISOString();
  const gone = input.objects.find((o) => o.effectiveStatus === 'DELETED' || o.effectiveStatus === 'ARCHIVED');
  if (gone) {
    const deleted = gone.effectiveStatus === 'DELETED';
    return {
      state: 'not_measurable',
      reason: deleted ? 'deleted' : 'archived',
      message: `“${gone.objectName}” was ${deleted ? 'deleted' : 'archived'} in Meta, so its results after the change cannot be compared.`,
      measuredAt,
    };
  }
  const again = input.objects
    .map((object) => ({ object, change: firstLaterChange(object, input) }))
    .filter((found): found is { object: ObjectState; change: LaterChange } => found.change !== null)
    .sort((a, b) => Date.parse(a.change.at) - Date.parse(b.change.at))[0];
  if (again) {
    const on = input.localDate(new Date(again.change.at));
    return {
      state: 'not_measurable',
      reason: 'changed_again',
      message: `“${again.object.objectName}” was changed again on ${dayMonth(on)} (${again.change.by}), within 7 days of this change, so what followed cannot be put down to this one.`,
      changedAt: again.change.at,
      measuredAt,
    };
  }
  const windows = outcomeWindows(input.appliedOn);
  if (input.today < windows.measuredOn) {
    return {
      state: 'measuring',
      day: measuringDay(input.appliedOn, input.today),
      measuredOn: windows.measuredOn,
    };
  }
  if (input.predicted.metric === 'revenue_per_week') {
    return {
      state: 'not_measurable',
      reason: 'not_in_meta',
      message:
        'The marketing-mix model predicted revenue, which Meta’s insights do not report: the next fit of the model, on data from after the change, is where to compare it.',
      measuredAt,
    };
  }
  const before = windowFigures(input.rows, windows.before, input.totals?.before);
  const after = windowFigures(input.rows, windows.after, input.totals?.after);
  const names = input.objects.map((o) => `“${o.objectName}”`).join(' and ');
  if (before.daysWithDelivery === 0) {
    return {
      state: 'not_measurable',
      reason: 'no_delivery',
      message: `${names} had no delivery in the 7 days before the change, so there is nothing to compare with.`,
      measuredAt,
    };
  }
  if (input.expectsDelivery && after.daysWithDelivery === 0) {
    return {
      state: 'not_measurable',
      reason: 'no_delivery',
      message: `${names} had no delivery in the 7 days after the change (paused or out of budget), so its effect cannot be measured.`,
      measuredAt,
    };
  }
  const actual = actualEffect(input.predicted.metric, before, after);
  if (actual === null) {
    return {
      state: 'not_measurable',
      reason: 'no_delivery',
      message: `${names} had no impressions in one of the two weeks, so the CTR cannot be compared.`,
      measuredAt,
    };
  }
  const noise = measurementNoise(input.predicted.metric, before, after);
  return {
    state: 'measured',
    before,
    after,
    actual,
    noise,
    withinRange: withinRange(actual, input.predicted, noise),
    settled: input.today >= windows.settledOn,
    measuredAt,
  };
}

/** An outcome that will never change: read from the store, never from Meta again. */
export function isFinal(outcome: Outcome | undefined): boolean {
  if (!outcome) return false;
  if (outcome.state === 'measured') return outcome.settled;
  return outcome.state === 'not_measurable' || outcome.state === 'undone';
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface ScoredOutcome {
  kind: RecommendationKind;
  predicted: ExpectedEffect;
  outcome: Outcome;
}

/**
 * Per detector: the share of its measured recommendations whose actual fell within the predicted
 * range, and the median of actual − expected (positive: the detector is too cautious; negative:
 * it promises too much). Below `minHistory` measurements neither is given: "not enough history".
 * The bias is in the prediction's unit, so it is given only when the detector's measured
 * predictions share one unit.
 */
export function detectorScores(
  outcomes: readonly ScoredOutcome[],
  kinds: readonly RecommendationKind[],
  minHistory = MIN_HISTORY,
): DetectorScore[] {
  const allKinds = [...kinds, ...outcomes.map((o) => o.kind).filter((kind) => !kinds.includes(kind))];
  return [...new Set(allKinds)].map((kind) => {
    const measured = outcomes.filter(
      (o): o is ScoredOutcome & { outcome: Extract<Outcome, { state: 'measured' }> } =>
        o.kind === kind && o.outcome.state === 'measured',
    );
    const hits = measured.filter((o) => o.outcome.withinRange).length;
    const metrics = [...new Set(measured.map((o) => o.predicted.metric))];
    const enoughHistory = measured.length >= minHistory;
    const bias = median(measured.map((o) => o.outcome.actual - o.predicted.expected));
    return {
      kind,
      n: measured.length,
      hits,
      hitRate: enoughHistory ? round(hits / measured.length, 3) : null,
      medianBias: enoughHistory && metrics.length === 1 && bias !== null ? round(bias) : null,
      metric: metrics.length === 1 ? metrics[0]! : null,
      enoughHistory,
    };
  });
}
