import {
  WINDOW_DAYS,
  type BacktestFiring,
  type BacktestResult,
  type DailyPoint,
  type RuleDraft,
  type RuleObject,
} from '@shared/schemas/rules';
import { nextBudget } from './budget-change';
import { addDays, decide, inScope, totalsBetween } from './rule-evaluation';

/**
 * The backtest: replays a draft rule over the account's daily history, one decision per day with
 * the same `decide` the scheduled evaluator uses, and estimates what each firing would have done.
 *
 * Approximations, said out loud because a marketer will act on these numbers:
 * - A day is replayed only when the rule's widest window (plus the attribution lag) fits inside the
 *   history, so no decision is taken on a truncated window.
 * - An object counts as running on a day it spent; a resume rule looks at days it did not.
 * - The learning phase is not in Meta's history: an object counts as learning during its first 7
 *   days of delivery until it has 50 results (Meta's rule of thumb for leaving learning).
 * - Effects use the days after a firing to the end of the history: a pause saves the spend the
 *   object went on to have; a budget change scales it by the budget's ratio. Results follow from the
 *   object's own cost per result over the 30 days before the firing. Later decisions still read the
 *   real history (what the object did, not what it would have done after our change).
 */

export interface ObjectHistory {
  object: RuleObject;
  /** Daily points, any order; dates in the account's time zone. */
  series: DailyPoint[];
}

export interface BacktestInput {
  rule: RuleDraft;
  currency: string;
  /** The history's first and last dates (inclusive). */
  from: string;
  to: string;
  objects: ObjectHistory[];
  /** The history read was cut short. */
  partial?: boolean;
}

const LEARNING_DAYS = 7;
const LEARNING_RESULTS = 50;
const OWN_COST_DAYS = 30;

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

interface ReplayState {
  paused: boolean;
  resumed: boolean;
  lastActionDate: string | null;
  /** Simulated budget ÷ the budget the history ran on. */
  factor: number;
}

export function backtestRule(input: BacktestInput): BacktestResult {
  const { rule, currency } = input;
  const widest = Math.max(...rule.conditions.map((c) => WINDOW_DAYS[c.window]));
  // A `today` window needs the day itself; `last_N_days` the N days before it; the lag moves conversions further back.
  const lead = rule.conditions.some((c) => c.window !== 'today') ? widest : widest - 1;
  const firstDay = addDays(input.from, lead + rule.safeguards.attributionLagDays);
  const replayDates = firstDay <= input.to ? datesFrom(firstDay, input.to) : [];

  const scoped = input.objects
    .filter((h) => inScope(rule, h.object) && h.series.some((p) => p.spendMinor > 0))
    .map((h) => ({
      ...h,
      byDate: new Map(h.series.map((p) => [p.date, p])),
      firstDelivery: h.series.filter((p) => p.spendMinor > 0).reduce((min, p) => (p.date < min ? p.date : min), '9999'),
      state: { paused: false, resumed: false, lastActionDate: null, factor: 1 } as ReplayState,
    }));

  const firings: BacktestFiring[] = [];
  const perDay = new Map(replayDates.map((d) => [d, { date: d, firings: 0, spendDeltaMinor: 0, resultsDelta: 0 }]));

  for (const today of replayDates) {
    for (const h of scoped) {
      const { state } = h;
      const spentToday = (h.byDate.get(today)?.spendMinor ?? 0) > 0;
      const hadSpentBefore = h.firstDelivery < today;
      if (state.paused && rule.action.type !== 'resume') continue;
      if (state.resumed && spentToday) state.resumed = false;
      const running = spentToday && !state.paused;
      const status =
        rule.action.type === 'resume'
          ? !spentToday && hadSpentBefore && !state.resumed
            ? 'PAUSED'
            : 'ACTIVE'
          : running
            ? 'ACTIVE'
            : 'PAUSED';
      const learning =
        daysBetween(h.firstDelivery, today) < LEARNING_DAYS &&
        totalsBetween(h.series, h.firstDelivery, addDays(today, -1)).results < LEARNING_RESULTS;
      const object: RuleObject = {
        ...h.object,
        status,
        learning,
        dailyBudgetMinor:
          h.object.dailyBudgetMinor === null ? null : Math.round(h.object.dailyBudgetMinor * state.factor),
      };
      const inCooldown =
        state.lastActionDate !== null && daysBetween(state.lastActionDate, today) * 24 < rule.safeguards.cooldownHours;
      const decision = decide(rule, object, h.series, { today, inCooldown });
      if (!decision.fire) continue;

      const after = totalsBetween(h.series, addDays(today, 1), input.to);
      const own = totalsBetween(h.series, addDays(today, -OWN_COST_DAYS), addDays(today, -1));
      const ownCostPerResult = own.results > 0 ? own.spendMinor / own.results : null;
      let spendDeltaMinor: number | null = null;
      switch (rule.action.type) {
        case 'pause':
          spendDeltaMinor = -after.spendMinor * state.factor;
          state.paused = true;
          break;
        case 'change_budget': {
          const base = h.object.dailyBudgetMinor!;
          const change = nextBudget({
            action: rule.action,
            currentMinor: object.dailyBudgetMinor!,
            dayStartMinor: object.dailyBudgetMinor!,
            maxChangePercentPerDay: rule.safeguards.maxBudgetChangePercentPerDay,
          });
          const newFactor = base > 0 ? change.toMinor / base : state.factor;
          spendDeltaMinor = after.spendMinor * (newFactor - state.factor);
          state.factor = newFactor;
          break;
        }
        case 'resume':
          state.resumed = true;
          break;
        case 'notify':
          break;
      }
      state.lastActionDate = today;
      const resultsDelta = spendDeltaMinor === null ? null : ownCostPerResult ? spendDeltaMinor / ownCostPerResult : 0;
      firings.push({
        date: today,
        objectId: h.object.id,
        objectName: h.object.name,
        action: rule.action.type,
        readings: decision.readings,
        spendDeltaMinor: spendDeltaMinor === null ? null : Math.round(spendDeltaMinor),
        resultsDelta: resultsDelta === null ? null : Math.round(resultsDelta * 10) / 10,
      });
      const day = perDay.get(today)!;
      day.firings += 1;
      day.spendDeltaMinor += Math.round(spendDeltaMinor ?? 0);
      day.resultsDelta = Math.round((day.resultsDelta + (resultsDelta ?? 0)) * 10) / 10;
    }
  }

  const days = [...perDay.values()];
  const firingDays = days.filter((d) => d.firings > 0).length;
  const objectsFired = new Set(firings.map((f) => f.objectId)).size;
  const warnings: BacktestResult['warnings'] = [];
  if (replayDates.length === 0)
    warnings.push({
      code: 'no_history',
      message: 'There is not enough history to replay this rule: its windows are longer than the days Meta returned.',
    });
  if (replayDates.length > 0 && firingDays > replayDates.length / 2)
    warnings.push({
      code: 'fires_too_often',
      message: `This rule would have fired on ${firingDays} of ${replayDates.length} days. A rule that fires on most days usually has a threshold that is too tight.`,
    });
  if (scoped.length >= 2 && objectsFired === scoped.length)
    warnings.push({
      code: 'fires_on_every_object',
      message: `This rule would have acted on every one of the ${scoped.length} objects in its scope. Check the conditions before switching it on.`,
    });

  return {
    currency,
    from: replayDates[0] ?? input.to,
    to: input.to,
    daysReplayed: replayDates.length,
    objectsInScope: scoped.length,
    days,
    firings,
    totals: {
      firingDays,
      firings: firings.length,
      objectsFired,
      spendDeltaMinor: days.reduce((sum, d) => sum + d.spendDeltaMinor, 0),
      resultsDelta: Math.round(days.reduce((sum, d) => sum + d.resultsDelta, 0) * 10) / 10,
    },
    warnings,
    partial: input.partial ?? false,
  };
}
