import {
  CONVERSION_METRICS,
  WINDOW_DAYS,
  type Comparator,
  type ConditionReading,
  type DailyPoint,
  type RuleCondition,
  type RuleDraft,
  type RuleMetric,
  type RuleObject,
  type RuleWindow,
} from '@shared/schemas/rules';

/**
 * Condition evaluation over windows of a daily series: the one piece of arithmetic shared by the
 * scheduled evaluator (today's decision) and the backtest (every past day's decision), so the
 * backtest shows what the running rule would really have done.
 */

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, where there is no daylight saving). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The dates a window covers on `today` (inclusive): `today` is that day alone, `last_N_days` the N
 * days before it (Meta's `last_Nd` presets leave today out). Conversion metrics move the whole window
 * back by the attribution lag, keeping its length, because Meta still adds conversions to recent days.
 */
export function windowRange(
  window: RuleWindow,
  metric: RuleMetric,
  today: string,
  attributionLagDays: number,
): { from: string; to: string } {
  const lag = CONVERSION_METRICS.has(metric) ? attributionLagDays : 0;
  const end = window === 'today' ? addDays(today, -lag) : addDays(today, -1 - lag);
  return { from: addDays(end, -(WINDOW_DAYS[window] - 1)), to: end };
}

export interface WindowTotals {
  spendMinor: number;
  impressions: number;
  reach: number;
  linkClicks: number;
  results: number;
  purchaseValueMinor: number;
}

export function totalsBetween(series: readonly DailyPoint[], from: string, to: string): WindowTotals {
  const totals: WindowTotals = {
    spendMinor: 0,
    impressions: 0,
    reach: 0,
    linkClicks: 0,
    results: 0,
    purchaseValueMinor: 0,
  };
  for (const point of series) {
    if (point.date < from || point.date > to) continue;
    totals.spendMinor += point.spendMinor;
    totals.impressions += point.impressions;
    totals.reach += point.reach;
    totals.linkClicks += point.linkClicks;
    totals.results += point.results;
    totals.purchaseValueMinor += point.purchaseValueMinor;
  }
  return totals;
}

/**
 * A metric over window totals. Ratios are null when their denominator is zero (no impressions, no
 * spend), and a null never meets a condition — with one exception: cost per result with spend but no
 * results is infinite, so "cost per result above X" catches the object that spends and converts
 * nothing (the minimum-spend safeguard keeps that from firing on pocket change).
 */
export function metricValue(metric: RuleMetric, t: WindowTotals): number | null {
  switch (metric) {
    case 'spend':
      return t.spendMinor;
    case 'results':
      return t.results;
    case 'cost_per_result':
      if (t.results > 0) return t.spendMinor / t.results;
      return t.spendMinor > 0 ? Number.POSITIVE_INFINITY : null;
    case 'roas':
      return t.spendMinor > 0 ? t.purchaseValueMinor / t.spendMinor : null;
    case 'ctr':
      return t.impressions > 0 ? (t.linkClicks / t.impressions) * 100 : null;
    case 'cpm':
      return t.impressions > 0 ? (t.spendMinor / t.impressions) * 1000 : null;
    case 'frequency':
      // Daily reach added up counts a person once per day: an estimate, as Ads Manager warns.
      return t.reach > 0 ? t.impressions / t.reach : null;
  }
}

export function compare(value: number | null, comparator: Comparator, threshold: number): boolean {
  if (value === null || Number.isNaN(value)) return false;
  switch (comparator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

export function readCondition(
  condition: RuleCondition,
  series: readonly DailyPoint[],
  today: string,
  attributionLagDays: number,
): ConditionReading {
  const { from, to } = windowRange(condition.window, condition.metric, today, attributionLagDays);
  const value = metricValue(condition.metric, totalsBetween(series, from, to));
  return {
    metric: condition.metric,
    window: condition.window,
    comparator: condition.comparator,
    threshold: condition.threshold,
    // JSON has no Infinity: an infinite cost per result is stored as null but still counts as met.
    value: value === null || !Number.isFinite(value) ? null : value,
    from,
    to,
    met: compare(value, condition.comparator, condition.threshold),
  };
}

/** Whether the object's ad set targeting names the rule's audience as it asks (included or excluded). */
function audienceMatches(rule: RuleDraft, object: RuleObject): boolean {
  const audience = rule.scope.audience;
  if (!audience) return true;
  const ids = audience.relation === 'targets' ? object.audiences?.included : object.audiences?.excluded;
  return ids?.includes(audience.id) ?? false;
}

/** Whether an object belongs to the rule's scope (level, name/objective/ids filter, and audience). */
export function inScope(rule: RuleDraft, object: RuleObject): boolean {
  if (object.level !== rule.scope.level) return false;
  if (!audienceMatches(rule, object)) return false;
  const filter = rule.scope.filter;
  switch (filter.kind) {
    case 'all':
      return true;
    case 'name':
      return object.name.toLocaleLowerCase().includes(filter.contains.toLocaleLowerCase());
    case 'objective':
      return object.objective !== null && (filter.objectives as readonly string[]).includes(object.objective);
    case 'ids':
      return filter.ids.includes(object.id);
  }
}

/** Whether the action can do anything to this object right now. */
export function actionApplies(rule: RuleDraft, object: RuleObject): boolean {
  switch (rule.action.type) {
    case 'pause':
      return object.status === 'ACTIVE';
    case 'resume':
      return object.status === 'PAUSED';
    case 'change_budget':
      return object.status === 'ACTIVE' && object.dailyBudgetMinor !== null;
    case 'notify':
      return true;
  }
}

export type SkipReason = 'not_applicable' | 'min_spend' | 'learning' | 'cooldown';

export type ObjectDecision =
  { fire: true; readings: ConditionReading[] } | { fire: false; readings: ConditionReading[]; skipped?: SkipReason };

export interface DecisionContext {
  today: string;
  /** The object acted on within the cooldown (by any rule). */
  inCooldown: boolean;
}

/** Spend over the widest window the rule reads, before any lag: what the minimum-spend guard compares. */
export function guardSpendMinor(rule: RuleDraft, series: readonly DailyPoint[], today: string): number {
  const widest = Math.max(...rule.conditions.map((c) => WINDOW_DAYS[c.window]));
  const window = rule.conditions.find((c) => WINDOW_DAYS[c.window] === widest)!.window;
  const { from, to } = windowRange(window, 'spend', today, 0);
  return totalsBetween(series, from, to).spendMinor;
}

/**
 * The decision for one object on one day: the safeguards first (cheapest, and they say why nothing
 * happened), then every condition (AND). Readings are kept either way for the history.
 */
export function decide(
  rule: RuleDraft,
  object: RuleObject,
  series: readonly DailyPoint[],
  ctx: DecisionContext,
): ObjectDecision {
  const readings = rule.conditions.map((c) => readCondition(c, series, ctx.today, rule.safeguards.attributionLagDays));
  if (!actionApplies(rule, object)) return { fire: false, readings, skipped: 'not_applicable' };
  if (rule.safeguards.skipLearning && object.learning) return { fire: false, readings, skipped: 'learning' };
  if (ctx.inCooldown) return { fire: false, readings, skipped: 'cooldown' };
  if (guardSpendMinor(rule, series, ctx.today) < rule.safeguards.minSpendMinor)
    return { fire: false, readings, skipped: 'min_spend' };
  return readings.every((r) => r.met) ? { fire: true, readings } : { fire: false, readings };
}
