/**
 * Calibration with experiments (issue 24, requirement 4). Each lift test says: channel c caused L ± SE of KPI
 * over a period. Given the curves, the model's contribution of c over that period is linear in c's coefficient
 * (β_c × the period's sum of its transformed spend), so the test enters the ridge as one Gaussian observation of
 * that sum, weighed against the weekly data by the data's residual variance over SE² — a prior from the
 * experiment rather than a hard constraint, so an imprecise test moves the channel less than a precise one.
 * The selection's MAP loss gains the same term, so curves that agree with the test are preferred too.
 *
 * The model's estimate of a test is compared as Robyn does (facebookexperimental/Robyn, R/R/calibration.R,
 * robyn_calibrate): the channel's decomposed effect over the periods the test covers, scaled by test days over
 * those periods' days (decompAbsScaled), and MAPE.LIFT = mean |decompAbsScaled − liftAbs| / liftAbs.
 */
import { dayNumber, detectGrain, periodEnds } from './calendar';
import { type LiftTest } from './lift-test';
import { type BoxQp } from './ridge';
import { type MmmDataset } from './spec';

/** A lift test resolved against the data: its channel's index, the window rows it covers, its days' scale. */
export interface LiftTerm {
  test: LiftTest;
  channel: number;
  /** Window rows (0 = the window's first) whose period overlaps the test. */
  from: number;
  to: number;
  /** Test days / days of the covered periods (Robyn's liftDays / decompDays). */
  scale: number;
}

/** Resolves every test; throws an Error naming the test when its channel or period is not in the model's data. */
export function liftTerms(
  data: MmmDataset,
  tests: readonly LiftTest[],
  windowStart: number,
  windowEnd: number,
): LiftTerm[] {
  if (tests.length === 0) return [];
  const dates = data.dates.slice(windowStart, windowEnd);
  const starts = dates.map(dayNumber);
  const ends = periodEnds(dates, detectGrain(data.dates));
  return tests.map((test, k) => {
    const channel = data.channels.findIndex((c) => c.name === test.channel);
    if (channel < 0) throw new Error(`lift test ${k + 1}: the data have no channel named "${test.channel}"`);
    if (data.channels[channel]!.organic) throw new Error(`lift test ${k + 1}: "${test.channel}" is organic (no spend)`);
    const first = dayNumber(test.start);
    const last = dayNumber(test.end) + 1;
    let from = -1;
    let to = -1;
    for (let t = 0; t < dates.length; t += 1) {
      if (starts[t]! < last && ends[t]! > first) {
        if (from < 0) from = t;
        to = t + 1;
      }
    }
    if (from < 0) throw new Error(`lift test ${k + 1}: ${test.start} to ${test.end} is outside the modelled weeks`);
    const covered = ends[to - 1]! - starts[from]!;
    return { test, channel, from, to, scale: (last - first) / covered };
  });
}

/** The model's estimate of a test: the channel's contribution over the covered rows, scaled to the test's days. */
export function modelLift(term: LiftTerm, contribution: ArrayLike<number>): number {
  let sum = 0;
  for (let t = term.from; t < term.to; t += 1) sum += contribution[t]!;
  return sum * term.scale;
}

/**
 * The lift tests as observations in the standardised ridge. `perUnit[k]` is test k's model lift per unit of
 * its channel's standardised coefficient; `residualVariance` the weekly fit's, on the standardised scale; `n`
 * the training rows. In the ridge's units (1/2n)‖y − Zβ‖², a test's −log-likelihood (L − a·β)²/(2·SE²) weighs
 * σ²/(n·SE²) on the standardised scale (σ² the residual variance over the KPI's variance).
 */
export function withLiftEvidence(
  qp: BoxQp,
  terms: readonly LiftTerm[],
  perUnit: readonly number[],
  residualVariance: number,
  n: number,
): BoxQp {
  const gram = Float64Array.from(qp.gram);
  const rhs = Float64Array.from(qp.rhs);
  terms.forEach((term, k) => {
    const a = perUnit[k]!;
    const weight = residualVariance / (n * term.test.standardError ** 2);
    const c = term.channel;
    gram[c * qp.p + c] = gram[c * qp.p + c]! + weight * a * a;
    rhs[c] = rhs[c]! + weight * a * term.test.lift;
  });
  return { ...qp, gram, rhs };
}

/** −log-likelihood of the tests given the model's lifts (the MAP loss's extra term). */
export function liftPenalty(terms: readonly LiftTerm[], lifts: readonly number[]): number {
  return terms.reduce(
    (sum, term, k) => sum + (term.test.lift - lifts[k]!) ** 2 / (2 * term.test.standardError ** 2),
    0,
  );
}

/** Robyn's MAPE.LIFT: mean |model lift − measured lift| / measured lift. */
export function mapeLift(terms: readonly LiftTerm[], lifts: readonly number[]): number {
  if (terms.length === 0) return 0;
  return terms.reduce((sum, term, k) => sum + Math.abs(lifts[k]! - term.test.lift) / term.test.lift, 0) / terms.length;
}
