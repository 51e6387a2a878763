import type { ExpectedEffect } from './schemas/optimizer';
import type { Outcome } from './schemas/optimizer-outcomes';

/**
 * The Applied tab's verdict on a measured recommendation, judged without flattery. Three separate
 * questions: did the promised metric land inside the predicted range (the bare range, not the range
 * widened by noise); can the measured change be told from chance at all (two noisy weeks differ by up
 * to `noise`, 95 %); and, where it promised results or savings, what happened to the cost per result.
 * A prediction of +68 to +80.6 results met by +46 with ±65 of noise is "not distinguishable from
 * noise", and a cost per result that rose from $0.70 to $0.79 is said too, not hidden behind the
 * metric that moved the right way.
 */

type Measured = Extract<Outcome, { state: 'measured' }>;

export type RangeVerdict = 'within' | 'below' | 'above';

export interface CostPerResultVerdict {
  before: number;
  after: number;
  /** after / before − 1. */
  change: number;
  /** How far the ratio can move by chance alone (95 %, relative): 1.96·√(1/results before + 1/results after). */
  noise: number;
  direction: 'rose' | 'fell' | 'held';
  /** The change is more than chance explains. */
  beyondNoise: boolean;
}

export interface OutcomeVerdict {
  range: RangeVerdict;
  /** |actual| is within the noise allowance: the change cannot be told from no change. */
  indistinguishable: boolean;
  costPerResult: CostPerResultVerdict | null;
  /** Inside the predicted range, told apart from noise, and (when judged) its cost per result did not rise beyond noise. */
  asPredicted: boolean;
  /** The badge: one short line. */
  headline: string;
}

const Z95 = 1.96;
/** The ranges are rounded to two decimals: that much is the same number. */
const ROUNDING = 0.005;

/** Recommendations that promise results or savings are judged on the cost of a result too. */
const COST_JUDGED: readonly ExpectedEffect['metric'][] = ['results_per_week', 'spend_per_week'];

export function rangeVerdict(actual: number, predicted: Pick<ExpectedEffect, 'low' | 'high'>): RangeVerdict {
  if (actual < predicted.low - ROUNDING) return 'below';
  if (actual > predicted.high + ROUNDING) return 'above';
  return 'within';
}

export function costPerResultVerdict(
  before: Measured['before'],
  after: Measured['after'],
): CostPerResultVerdict | null {
  if (before.costPerResult === null || after.costPerResult === null || before.results <= 0 || after.results <= 0)
    return null;
  if (before.costPerResult <= 0) return null;
  const change = after.costPerResult / before.costPerResult - 1;
  // Spend follows the budget; the count of results is what is noisy (Poisson), and its relative error sets the ratio's.
  const noise = Z95 * Math.sqrt(1 / before.results + 1 / after.results);
  const direction = Math.abs(change) < 0.0005 ? 'held' : change > 0 ? 'rose' : 'fell';
  return {
    before: before.costPerResult,
    after: after.costPerResult,
    change,
    noise,
    direction,
    beyondNoise: Math.abs(change) > noise,
  };
}

function headlineOf(range: RangeVerdict, indistinguishable: boolean, costRose: boolean): string {
  const cost = costRose ? ', and each result cost more' : '';
  if (indistinguishable)
    return range === 'within'
      ? `Within the predicted range, but not distinguishable from noise${cost}`
      : `Not distinguishable from noise${cost}`;
  if (range === 'within') return costRose ? 'Within the predicted range, but each result cost more' : 'As predicted';
  return range === 'below' ? `Below the predicted range${cost}` : `Above the predicted range${cost}`;
}

export function outcomeVerdict(predicted: ExpectedEffect, outcome: Measured): OutcomeVerdict {
  const noise = outcome.noise ?? 0;
  const range = rangeVerdict(outcome.actual, predicted);
  const indistinguishable = noise > 0 && Math.abs(outcome.actual) <= noise + ROUNDING;
  const costPerResult = COST_JUDGED.includes(predicted.metric)
    ? costPerResultVerdict(outcome.before, outcome.after)
    : null;
  const costRose = costPerResult?.direction === 'rose' && costPerResult.beyondNoise;
  return {
    range,
    indistinguishable,
    costPerResult,
    asPredicted: range === 'within' && !indistinguishable && !costRose,
    headline: headlineOf(range, indistinguishable, costRose),
  };
}
