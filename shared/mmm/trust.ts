/**
 * How much to trust a fitted model (issue 24, requirement 7): its fit on weeks it never saw, how wide its
 * intervals are, whether the data can tell each channel apart (spend that varies, is not a copy of another
 * channel's or of the season), and what would sharpen it. Computed from the fit as it is, without refitting
 * the hyperparameters, so it costs one extra ridge solve.
 */
import { choleskySolve } from './ridge';
import { type RawFit } from './fit';
import { applyAdstock, createProblem, saturateSeries } from './problem';
import { summarise } from './outputs';

export type TrustLevel = 'high' | 'medium' | 'low';
export type Identification = 'well' | 'weakly' | 'poorly';

export interface HoldoutFit {
  /** The last weeks of the window, held out: coefficients fitted on the weeks before them only. */
  weeks: number;
  r2: number;
  nrmse: number;
  mape: number;
}

export interface ChannelTrust {
  name: string;
  /** Week-to-week coefficient of variation of the spend (standard deviation / mean). */
  spendVariation: number;
  /**
   * Share of the weeks its spend was paused or nearly (below a tenth of its mean). A channel that never pauses is
   * told apart from the baseline only by the shape of its curve below the spend it ever had.
   */
  pausedShare: number;
  /** Variance inflation factor (the larger of its spend's and its media column's) against the other channels and the baseline. */
  vif: number;
  /** Share of the spend's variation the season, trend and holidays explain (R²). */
  seasonR2: number;
  /** The other channel whose spend moves most like this one's, and the correlation. */
  closestChannel: { name: string; correlation: number } | null;
  /** Width of the ROI interval relative to its estimate (null: organic, or no spend). */
  relativeWidth: number | null;
  /** Lift tests anchoring this channel (calibration). */
  liftTests: number;
  identified: Identification;
  /** Why, in plain words (empty when well identified). */
  reasons: string[];
}

export interface TrustReport {
  level: TrustLevel;
  /** One sentence a marketer reads first. */
  headline: string;
  weeks: number;
  holdout: HoldoutFit | null;
  channels: ChannelTrust[];
  /** What would sharpen the model, most useful first. */
  advice: string[];
}

/** Thresholds; why each one: VIF 5/10 are the usual "watch"/"serious" collinearity marks. */
export const TRUST_THRESHOLDS = {
  vif: { weak: 5, poor: 10 },
  spendVariation: { weak: 0.25, poor: 0.1 },
  seasonR2: { weak: 0.5, poor: 0.8 },
  relativeWidth: { weak: 0.75, poor: 1.5 },
  holdoutR2: { weak: 0.8, poor: 0.5 },
  weeks: { weak: 104, poor: 52 },
  /**
   * Fewer paused weeks than this share: measured roughly. On the 52 known-truth worlds (docs/mmm-scorecard.md,
   * session 20) the channels that never paused (113 of 206) carried the error: |ROAS error| median 26 %, p90 84 %,
   * against 8 % and 26 % for those with paused weeks.
   */
  pausedShare: { weak: 0.05 },
  /** Spend below this share of the channel's mean counts as paused. */
  pausedLevel: 0.1,
} as const;

/** Share of the window held out at the end (at least 8 weeks). */
const HOLDOUT_SHARE = 0.15;

function mean(values: ArrayLike<number>) {
  let s = 0;
  for (let i = 0; i < values.length; i += 1) s += values[i]!;
  return values.length > 0 ? s / values.length : 0;
}

function standardise(values: ArrayLike<number>): Float64Array | null {
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < values.length; i += 1) ss += (values[i]! - m) ** 2;
  const sd = Math.sqrt(ss / values.length);
  if (!(sd > 1e-12 * (1 + Math.abs(m)))) return null;
  return Float64Array.from(values, (v) => (v - m) / sd);
}

/** R² of a least-squares regression of `target` on `columns` (all standardised; a tiny ridge keeps it solvable). */
export function regressionR2(target: ArrayLike<number>, columns: readonly ArrayLike<number>[]): number {
  const y = standardise(target);
  const z = columns.map(standardise).filter((c): c is Float64Array => c !== null);
  if (!y || z.length === 0) return 0;
  const n = y.length;
  const p = z.length;
  const gram = new Float64Array(p * p);
  const rhs = new Float64Array(p);
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let s = 0;
      for (let t = 0; t < n; t += 1) s += z[i]![t]! * z[j]![t]!;
      gram[i * p + j] = s / n + (i === j ? 1e-8 : 0);
      gram[j * p + i] = gram[i * p + j]!;
    }
    let s = 0;
    for (let t = 0; t < n; t += 1) s += z[i]![t]! * y[t]!;
    rhs[i] = s / n;
  }
  const beta = choleskySolve(gram, rhs, p);
  if (!beta) return 1;
  let explained = 0;
  for (let i = 0; i < p; i += 1) explained += beta[i]! * rhs[i]!;
  return Math.min(1, Math.max(0, explained));
}

export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const za = standardise(a);
  const zb = standardise(b);
  if (!za || !zb) return 0;
  let s = 0;
  for (let t = 0; t < za.length; t += 1) s += za[t]! * zb[t]!;
  return s / za.length;
}

/** Coefficients refitted on the weeks before the holdout at the chosen curves; scored on the held-out weeks. */
export function holdoutFit(raw: RawFit): HoldoutFit | null {
  const { problem } = raw;
  const n = problem.windowEnd - problem.windowStart;
  const existing = raw.chosen.metrics.test;
  if (existing) return { weeks: n - problem.nTrain - problem.nValidation, ...pick(existing) };
  const weeks = Math.max(8, Math.round(n * HOLDOUT_SHARE));
  if (n - weeks < 26) return null;
  const train = (n - weeks) / n;
  const heldOut = createProblem(problem.data, { ...problem.config, split: { train, validation: 0 } });
  const test = heldOut.fit(raw.chosen.hyper).metrics.test;
  return test ? { weeks: n - heldOut.nTrain, ...pick(test) } : null;
}

const pick = (m: { r2: number; nrmse: number; mape: number }) => ({ r2: m.r2, nrmse: m.nrmse, mape: m.mape });

const worse = (a: Identification, b: Identification): Identification =>
  a === 'poorly' || b === 'poorly' ? 'poorly' : a === 'weakly' || b === 'weakly' ? 'weakly' : 'well';

/** Grades a figure where larger is worse. */
const grade = (value: number, { weak, poor }: { weak: number; poor: number }): Identification =>
  value >= poor ? 'poorly' : value >= weak ? 'weakly' : 'well';

const percent = (v: number) => `${Math.round(v * 100)} %`;

function channelTrust(raw: RawFit, liftTestsByChannel: ReadonlyMap<string, number>): ChannelTrust[] {
  const { problem, chosen } = raw;
  const { windowStart, windowEnd } = problem;
  const summary = summarise(raw);
  const spends = problem.data.channels.map((c) => c.spend.slice(windowStart, windowEnd));
  const media = problem.data.channels.map((c, i) =>
    saturateSeries(
      applyAdstock(c.spend, chosen.transforms[i]!.adstock).subarray(windowStart, windowEnd),
      chosen.transforms[i]!,
    ),
  );
  const baseline = problem.fixed.filter((f) => f.kind !== 'control').map((f) => f.raw);
  const T = TRUST_THRESHOLDS;
  return problem.data.channels.map((channel, i) => {
    const spend = spends[i]!;
    const m = mean(spend);
    let ss = 0;
    for (const v of spend) ss += (v - m) ** 2;
    const spendVariation = m > 0 ? Math.sqrt(ss / spend.length) / m : 0;
    const paused = m > 0 ? spend.filter((v) => v < T.pausedLevel * m).length : 0;
    const pausedShare = spend.length > 0 ? paused / spend.length : 0;
    const others = media.filter((_, j) => j !== i);
    const fixedColumns = problem.fixed.map((f) => f.raw);
    // On the spends as well as on the transformed columns: differently shaped curves of the same spend pattern
    // make the media columns look apart while the data still cannot separate them.
    const r2 = Math.max(
      regressionR2(media[i]!, [...others, ...fixedColumns]),
      regressionR2(spend, [...spends.filter((_, j) => j !== i), ...fixedColumns]),
    );
    const vif = r2 >= 1 - 1e-9 ? Infinity : 1 / (1 - r2);
    const seasonR2 = regressionR2(spend, baseline);
    let closestChannel: ChannelTrust['closestChannel'] = null;
    spends.forEach((other, j) => {
      if (j === i) return;
      const r = correlation(spend, other);
      if (!closestChannel || Math.abs(r) > Math.abs(closestChannel.correlation))
        closestChannel = { name: problem.data.channels[j]!.name, correlation: r };
    });
    const roi = summary.channels[i]!.roi;
    const relativeWidth =
      roi && Math.abs(roi.estimate) > 0 ? Math.abs(roi.high - roi.low) / Math.abs(roi.estimate) : null;
    const liftTests = liftTestsByChannel.get(channel.name) ?? 0;

    const reasons: string[] = [];
    let identified = 'well' as Identification;
    const note = (level: Identification, reason: string) => {
      if (level === 'well') return;
      identified = worse(identified, level);
      reasons.push(reason);
    };
    note(
      grade(-spendVariation, { weak: -T.spendVariation.weak, poor: -T.spendVariation.poor }),
      `its spend hardly varies from week to week (variation ${percent(spendVariation)})`,
    );
    note(
      grade(vif, T.vif),
      `its effect is hard to tell apart from the other channels and the season (VIF ${Number.isFinite(vif) ? vif.toFixed(1) : '∞'})`,
    );
    note(grade(seasonR2, T.seasonR2), `its spend follows the season (${percent(seasonR2)} of its variation)`);
    if (m > 0 && pausedShare < T.pausedShare.weak)
      note(
        'weakly',
        `its spend never paused (${paused} of ${spend.length} weeks below a tenth of its average), so its effect is told apart from the baseline only by the shape of its curve`,
      );
    if (relativeWidth !== null)
      note(
        grade(relativeWidth, T.relativeWidth),
        `its ROI interval is wide (${percent(relativeWidth)} of the estimate)`,
      );
    // A lift test measures the effect directly: collinearity no longer leaves the channel unidentified.
    if (liftTests > 0 && identified === 'poorly') identified = 'weakly';
    return {
      name: channel.name,
      spendVariation,
      pausedShare,
      vif,
      seasonR2,
      closestChannel,
      relativeWidth,
      liftTests,
      identified,
      reasons,
    };
  });
}

function adviceFor(weeks: number, holdout: HoldoutFit | null, channels: readonly ChannelTrust[]): string[] {
  const T = TRUST_THRESHOLDS;
  const advice: string[] = [];
  const rank = (c: ChannelTrust) => (c.identified === 'poorly' ? 2 : 1) * 100 + Math.min(99, c.relativeWidth ?? 0);
  const ranked = channels.filter((c) => c.identified !== 'well').sort((a, b) => rank(b) - rank(a));
  // Two lift tests at a time: the least certain channels first, the rest after they are calibrated.
  let liftTestAdvice = 0;
  for (const c of ranked) {
    const unclear =
      c.vif >= T.vif.weak || c.seasonR2 >= T.seasonR2.weak || (c.relativeWidth ?? 0) >= T.relativeWidth.weak;
    if (c.liftTests === 0 && unclear && liftTestAdvice < 2) {
      liftTestAdvice += 1;
      advice.push(
        `Run a lift test on ${c.name} (a geo test, Meta Conversion Lift or an A/B holdout) and enter its result: it measures the effect the data cannot separate.`,
      );
    }
    if (c.pausedShare < T.pausedShare.weak && c.liftTests === 0)
      advice.push(
        `Pause ${c.name} for a few weeks, or in some regions (a holdout): weeks without it measure its whole effect, which the model now infers from the curve's shape.`,
      );
    if (c.spendVariation < T.spendVariation.weak)
      advice.push(
        `Vary ${c.name}'s spend: a few weeks 30–50 % above and below its usual level show the model how the KPI answers.`,
      );
    else if (c.seasonR2 >= T.seasonR2.weak)
      advice.push(`Spend on ${c.name} out of season for a few weeks, so its effect is not confused with the season.`);
  }
  if (weeks < T.weeks.weak)
    advice.push(
      `Add more weeks: ${weeks} weeks is ${weeks < T.weeks.poor ? 'less than one year' : 'less than two years'}; two years let the model tell the yearly season from media.`,
    );
  if (holdout && holdout.r2 < T.holdoutR2.weak)
    advice.push(
      'Add what else moves the KPI (prices, promotions, stock-outs, competitor activity) as control columns: the model predicts weeks it did not see poorly.',
    );
  return [...new Set(advice)];
}

/** The trust signal of a fitted model; `liftTests` counts the lift tests each channel was calibrated with. */
export function assessTrust(raw: RawFit, liftTests: ReadonlyMap<string, number> = new Map()): TrustReport {
  const { problem } = raw;
  const weeks = problem.windowEnd - problem.windowStart;
  const holdout = holdoutFit(raw);
  const channels = channelTrust(raw, liftTests);
  const T = TRUST_THRESHOLDS;
  let level: TrustLevel = 'high';
  const lower = (to: TrustLevel) => {
    if (to === 'low' || (to === 'medium' && level === 'high')) level = to;
  };
  if (weeks < T.weeks.poor) lower('low');
  else if (weeks < T.weeks.weak) lower('medium');
  if (!holdout || holdout.r2 < T.holdoutR2.poor) lower(holdout ? 'low' : 'medium');
  else if (holdout.r2 < T.holdoutR2.weak) lower('medium');
  const paid = channels.filter((c, i) => !problem.data.channels[i]!.organic);
  const poorly = paid.filter((c) => c.identified === 'poorly');
  if (poorly.length > paid.length / 2) lower('low');
  else if (poorly.length > 0 || paid.some((c) => c.identified === 'weakly')) lower('medium');
  const headline =
    level === 'high'
      ? 'Trust this model: it predicts weeks it never saw well and the data separate every channel.'
      : level === 'medium'
        ? 'Use this model with care: some of its figures rest on data that cannot fully separate the channels.'
        : 'Do not bet a budget on this model yet: the data cannot tell several effects apart or it predicts new weeks poorly.';
  return { level, headline, weeks, holdout, channels, advice: adviceFor(weeks, holdout, channels) };
}
