/**
 * A fitting problem: the data and settings turned into everything that does not change between
 * candidate hyperparameters (baseline columns standardised once, their Gram block), so that one
 * candidate fit costs only the media transforms, their cross-products and a small ridge solve.
 */
import { convolveAdstock, delayedAdstock, geometricAdstock, geometricWeights, weibullWeights } from './adstock';
import { changepointLocations, fourierColumns, trendColumns } from './baseline';
import { detectGrain } from './calendar';
import { holidayCounts } from './holidays';
import { adjustedRSquared, decompRssd, mape, nrmse, rSquared } from './metrics';
import { liftPenalty, liftTerms, type LiftTerm, withLiftEvidence } from './calibration';
import { logPriorPenalty } from './priors';
import { type BoxQp, cholesky, solveBoxRidge } from './ridge';
import { hill, hillInflexion, logistic, michaelisMenten } from './saturation';
import { type ChannelRanges, type MmmConfig, type MmmDataset } from './spec';

export type ColumnKind = 'trend' | 'season' | 'holiday' | 'control';

interface FixedColumn {
  name: string;
  kind: ColumnKind;
  /** Values on the window rows. */
  raw: Float64Array;
  mean: number;
  sd: number;
  active: boolean;
  lower: number;
  upper: number;
  penalty: number;
}

export interface HyperDimension {
  channel: string;
  name:
    | 'decay'
    | 'peak'
    | 'weibullShape'
    | 'weibullScale'
    | 'hillAlpha'
    | 'hillGamma'
    | 'logisticLambda'
    | 'menten'
    | 'lambda';
  lower: number;
  upper: number;
}

export interface ChannelTransform {
  adstock: { kind: MmmConfig['adstock']; decay?: number; peak?: number; shape?: number; scale?: number; lMax: number };
  saturation: { kind: MmmConfig['saturation']; alpha?: number; inflexion?: number; lambda?: number; k?: number };
  /** Spend divided by this before logistic / Michaelis–Menten (the channel's largest spend). */
  reference: number;
}

export interface Evaluation {
  /** The objective NRMSE: validation rows when split, else training rows. */
  nrmse: number;
  rssd: number;
  /** Minus the log posterior up to a constant (`map` selection only): n·ln NRMSE + the priors' penalties. */
  loss?: number;
}

export interface ModelFit extends Evaluation {
  hyper: number[];
  lambda: number;
  transforms: ChannelTransform[];
  intercept: number;
  /** Coefficients on the original scale, by column (media first, then fixed columns). */
  coefficients: { name: string; kind: 'media' | 'organic' | ColumnKind; value: number }[];
  fitted: Float64Array;
  /** Media response per channel per window row (β·saturation(adstock)). */
  mediaContributions: Float64Array[];
  /** Fixed columns' contributions per window row. */
  fixedContributions: Float64Array[];
  metrics: {
    train: { r2: number; adjR2: number; nrmse: number; mape: number };
    validation?: { r2: number; adjR2: number; nrmse: number; mape: number };
    test?: { r2: number; adjR2: number; nrmse: number; mape: number };
    rssd: number;
  };
}

export interface Problem {
  data: MmmDataset;
  config: MmmConfig;
  dates: string[];
  /** First and last+1 row of the window in the full data. */
  windowStart: number;
  windowEnd: number;
  /** Rows of the window used to fit, then validation, then test. */
  nTrain: number;
  nValidation: number;
  y: Float64Array;
  dimensions: HyperDimension[];
  fixed: FixedColumn[];
  evaluate(hyper: ArrayLike<number>): Evaluation;
  fit(hyper: ArrayLike<number>): ModelFit;
  /** Media coefficients (original scale, by channel) drawn from their posterior given the curves `hyper`. */
  drawCoefficients(hyper: ArrayLike<number>, normal: () => number): number[];
  /** The same problem with another KPI on the window rows (bootstrap replicates). */
  withKpi(y: Float64Array): Problem;
  /**
   * The same problem with its media coefficients shrunk toward `target` (original scale, by channel) instead of
   * toward zero, with `strength` in the ridge's standardised units: partial pooling across regions (pooled.ts).
   */
  withEffectTarget(target: readonly number[], strength: number): Problem;
}

/** A ridge toward given media coefficients (original scale), added to the ridge toward zero. */
export interface EffectTarget {
  target: readonly number[];
  strength: number;
}

const ranged = (base: ChannelRanges, override: Partial<ChannelRanges> | undefined): ChannelRanges => ({
  ...base,
  ...override,
});

/** The hyperparameter dimensions in the order a candidate vector holds them. */
function hyperDimensions(data: MmmDataset, config: MmmConfig): HyperDimension[] {
  const dims: HyperDimension[] = [];
  for (const channel of data.channels) {
    const r = ranged(config.ranges, config.channelRanges[channel.name]);
    const add = (name: HyperDimension['name'], [lower, upper]: [number, number]) =>
      dims.push({ channel: channel.name, name, lower, upper });
    if (config.adstock === 'geometric' || config.adstock === 'geometric-normalised') add('decay', r.decay);
    else if (config.adstock === 'delayed') {
      add('decay', r.decay);
      add('peak', r.peak);
    } else {
      add('weibullShape', r.weibullShape);
      add('weibullScale', r.weibullScale);
    }
    if (config.saturation === 'hill') {
      add('hillAlpha', r.hillAlpha);
      add('hillGamma', r.hillGamma);
    } else if (config.saturation === 'logistic') add('logisticLambda', r.logisticLambda);
    else add('menten', r.menten);
  }
  dims.push({ channel: '', name: 'lambda', lower: config.log10Lambda[0], upper: config.log10Lambda[1] });
  return dims;
}

function meanSd(values: ArrayLike<number>, rows: number): { mean: number; sd: number } {
  let mean = 0;
  for (let t = 0; t < rows; t += 1) mean += values[t]!;
  mean /= rows;
  let ss = 0;
  for (let t = 0; t < rows; t += 1) ss += (values[t]! - mean) ** 2;
  return { mean, sd: Math.sqrt(ss / rows) };
}

/** Rows of the window: [start, end) of the full data. */
function windowRows(dates: readonly string[], window: MmmConfig['window']): [number, number] {
  if (!window) return [0, dates.length];
  const start = dates.findIndex((d) => d >= window.start);
  let end = dates.length;
  while (end > 0 && dates[end - 1]! > window.end) end -= 1;
  if (start < 0 || end - start < 10) throw new Error('the modelling window holds fewer than 10 periods');
  return [start, end];
}

/** Robyn-style first stage: KPI ~ trend + season + holidays; returns their fitted components. */
function decomposeBaseline(columns: { kind: ColumnKind; raw: Float64Array; penalty: number }[], y: Float64Array) {
  const n = y.length;
  const stats = columns.map((c) => meanSd(c.raw, n));
  const ys = meanSd(y, n);
  const p = columns.length;
  const z = columns.map((c, j) => c.raw.map((v) => (stats[j]!.sd > 0 ? (v - stats[j]!.mean) / stats[j]!.sd : 0)));
  const gram = new Float64Array(p * p);
  const rhs = new Float64Array(p);
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let s = 0;
      for (let t = 0; t < n; t += 1) s += z[i]![t]! * z[j]![t]!;
      gram[i * p + j] = s / n;
      gram[j * p + i] = s / n;
    }
    let s = 0;
    for (let t = 0; t < n; t += 1) s += (z[i]![t]! * (y[t]! - ys.mean)) / ys.sd;
    rhs[i] = s / n;
  }
  const beta = solveBoxRidge({
    gram,
    rhs,
    p,
    lambda: 1e-3,
    penalty: Float64Array.from(columns, (c) => c.penalty),
    lower: new Float64Array(p).fill(-Infinity),
    upper: new Float64Array(p).fill(Infinity),
  });
  const components = new Map<ColumnKind, Float64Array>();
  columns.forEach((c, j) => {
    const out = components.get(c.kind) ?? new Float64Array(n);
    for (let t = 0; t < n; t += 1) out[t] = out[t]! + beta[j]! * ys.sd * z[j]![t]!;
    components.set(c.kind, out);
  });
  return components;
}

function baselineColumns(data: MmmDataset, config: MmmConfig, start: number, end: number, y: Float64Array) {
  const dates = data.dates.slice(start, end);
  const n = dates.length;
  const { changepoints, changepointPenalty, fourierOrder, holidays, mode } = config.baseline;
  const basis: { name: string; kind: ColumnKind; raw: Float64Array; penalty: number }[] = [];
  trendColumns(n, changepointLocations(changepoints)).forEach((raw, k) =>
    basis.push({
      name: k === 0 ? 'trend' : `trend_changepoint_${k}`,
      kind: 'trend',
      raw,
      penalty: k === 0 ? 1 : changepointPenalty,
    }),
  );
  fourierColumns(dates, fourierOrder).forEach((raw, k) =>
    basis.push({
      name: `season_${k % 2 === 0 ? 'sin' : 'cos'}_${Math.floor(k / 2) + 1}`,
      kind: 'season',
      raw,
      penalty: 1,
    }),
  );
  if (holidays) {
    basis.push({
      name: 'holiday',
      kind: 'holiday',
      raw: holidayCounts(dates, detectGrain(data.dates), holidays),
      penalty: 1,
    });
  }
  const columns: Omit<FixedColumn, 'mean' | 'sd' | 'active'>[] = [];
  if (mode === 'decomposed' && basis.length > 0) {
    for (const [kind, raw] of decomposeBaseline(basis, y)) {
      // The first stage's own components: their coefficient is a positive scale, as Robyn's prophet_signs default.
      columns.push({ name: kind, kind, raw, lower: 0, upper: Infinity, penalty: 1 });
    }
  } else {
    for (const b of basis) columns.push({ ...b, lower: -Infinity, upper: Infinity });
  }
  for (const control of data.controls) {
    columns.push({
      name: control.name,
      kind: 'control',
      raw: Float64Array.from(control.values.slice(start, end)),
      lower: control.sign === 'positive' ? 0 : -Infinity,
      upper: control.sign === 'negative' ? 0 : Infinity,
      penalty: 1,
    });
  }
  return columns;
}

export function transformFor(
  config: MmmConfig,
  hyper: ArrayLike<number>,
  channelIndex: number,
  reference: number,
): Omit<ChannelTransform, 'saturation'> & {
  saturation: Omit<ChannelTransform['saturation'], 'inflexion'> & { gamma?: number };
} {
  const adstockWidth = config.adstock.startsWith('weibull') || config.adstock === 'delayed' ? 2 : 1;
  const width = adstockWidth + (config.saturation === 'hill' ? 2 : 1);
  const base = channelIndex * width;
  const a0 = hyper[base]!;
  const adstock = config.adstock.startsWith('weibull')
    ? { kind: config.adstock, shape: a0, scale: hyper[base + 1]!, lMax: config.lMax }
    : config.adstock === 'delayed'
      ? { kind: config.adstock, decay: a0, peak: hyper[base + 1]!, lMax: config.lMax }
      : { kind: config.adstock, decay: a0, lMax: config.lMax };
  const s = base + adstockWidth;
  const saturation =
    config.saturation === 'hill'
      ? { kind: config.saturation, alpha: hyper[s]!, gamma: hyper[s + 1]! }
      : config.saturation === 'logistic'
        ? { kind: config.saturation, lambda: hyper[s]! }
        : { kind: config.saturation, k: hyper[s]! };
  return { adstock, saturation, reference };
}

/** Adstock of a whole series under a channel transform. */
export function applyAdstock(x: ArrayLike<number>, adstock: ChannelTransform['adstock']): Float64Array {
  switch (adstock.kind) {
    case 'geometric':
      return geometricAdstock(x, adstock.decay ?? 0);
    case 'geometric-normalised':
      return convolveAdstock(x, geometricWeights(adstock.decay ?? 0, adstock.lMax));
    case 'delayed':
      return delayedAdstock(x, adstock.decay ?? 0, adstock.peak ?? 0);
    default:
      return convolveAdstock(
        x,
        weibullWeights(
          adstock.shape ?? 1,
          adstock.scale ?? 0,
          adstock.lMax,
          adstock.kind === 'weibull-cdf' ? 'cdf' : 'pdf',
        ),
      );
  }
}

/** Carry-over weights: the share of one period's spend still working l periods later. */
export function adstockCurve(adstock: ChannelTransform['adstock'], length: number): number[] {
  const impulse = new Float64Array(length);
  impulse[0] = 1;
  return Array.from(applyAdstock(impulse, adstock));
}

export function saturate(value: number, transform: ChannelTransform): number {
  const s = transform.saturation;
  if (s.kind === 'hill') return hill(value, s.alpha ?? 1, s.inflexion ?? 1);
  if (s.kind === 'logistic') return logistic(value / transform.reference, s.lambda ?? 1);
  return michaelisMenten(value / transform.reference, s.k ?? 1);
}

/** saturate() over a series, with the per-curve constants hoisted (the hot loop of every candidate fit). */
export function saturateSeries(x: Float64Array, transform: ChannelTransform): Float64Array {
  const out = new Float64Array(x.length);
  const s = transform.saturation;
  if (s.kind === 'hill') {
    const alpha = s.alpha ?? 1;
    const logInflexion = Math.log(s.inflexion ?? 1);
    // x^α / (x^α + I^α) = 1 / (1 + exp(α(log I − log x))).
    for (let t = 0; t < x.length; t += 1) {
      const v = x[t]!;
      out[t] = v > 0 ? 1 / (1 + Math.exp(alpha * (logInflexion - Math.log(v)))) : 0;
    }
    return out;
  }
  for (let t = 0; t < x.length; t += 1) out[t] = saturate(x[t]!, transform);
  return out;
}

/**
 * Everything a candidate fit reads that does not depend on its hyperparameters: the window, the standardised KPI,
 * the standardised fixed columns with their Gram block, the spends and the coefficient bounds.
 */
interface ProblemSetup {
  config: MmmConfig;
  dims: HyperDimension[];
  windowStart: number;
  windowEnd: number;
  /** Window rows, training rows among them, and media, fixed and all columns. */
  n: number;
  nTrain: number;
  m: number;
  f: number;
  p: number;
  ys: Float64Array;
  ySd: number;
  zFixed: Float64Array[];
  gramFixed: Float64Array;
  rhsFixed: Float64Array;
  spends: Float64Array[];
  references: number[];
  paid: boolean[];
  spendTotals: number[];
  lower: Float64Array;
  upper: Float64Array;
  penalty: Float64Array;
  /** The lift tests calibrating the fit (none: the fit is the plain ridge). */
  lift: LiftTerm[];
  /** The half-normal ROAS prior's scale per paid channel (config.effectPrior; empty: none). */
  roasPriorScale: number[];
  effectTarget?: EffectTarget;
}

/** One candidate's transforms, media columns, ridge coefficients (standardised scale) and fitted KPI. */
interface Core {
  transforms: ChannelTransform[];
  media: Float64Array[];
  mediaStats: { mean: number; sd: number; active: boolean }[];
  beta: Float64Array;
  lambda: number;
  fittedStd: Float64Array;
  /** −log-likelihood of the lift tests and −log prior of the ROAS prior at this candidate (0 without either). */
  liftPenalty: number;
  /** The ridge system last solved for `beta` (lift tests and the ROAS prior included): the posterior's precision. */
  system: BoxQp;
}

/** The fixed columns standardised on every window row (training statistics), and their Gram block and right side. */
function standardiseFixed(fixed: FixedColumn[], ys: Float64Array, nTrain: number) {
  const f = fixed.length;
  const zFixed = fixed.map((c) => c.raw.map((v) => (c.active ? (v - c.mean) / c.sd : 0)));
  const gramFixed = new Float64Array(f * f);
  const rhsFixed = new Float64Array(f);
  for (let i = 0; i < f; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let s = 0;
      for (let t = 0; t < nTrain; t += 1) s += zFixed[i]![t]! * zFixed[j]![t]!;
      gramFixed[i * f + j] = s / nTrain;
      gramFixed[j * f + i] = s / nTrain;
    }
    let s = 0;
    for (let t = 0; t < nTrain; t += 1) s += zFixed[i]![t]! * ys[t]!;
    rhsFixed[i] = s / nTrain;
  }
  return { zFixed, gramFixed, rhsFixed };
}

/** Each channel's spend adstocked then saturated on the window rows, under one candidate's hyperparameters. */
function transformMedia(setup: ProblemSetup, hyper: ArrayLike<number>) {
  const { config, m, windowStart, windowEnd, spends, references } = setup;
  const transforms: ChannelTransform[] = [];
  const media: Float64Array[] = [];
  for (let c = 0; c < m; c += 1) {
    const partial = transformFor(config, hyper, c, references[c]!);
    const adstocked = applyAdstock(spends[c]!, partial.adstock).subarray(windowStart, windowEnd);
    const saturation: ChannelTransform['saturation'] = { ...partial.saturation };
    if (partial.saturation.kind === 'hill') {
      saturation.inflexion = hillInflexion(adstocked, partial.saturation.gamma ?? 1);
      delete (saturation as { gamma?: number }).gamma;
    }
    const transform: ChannelTransform = { adstock: partial.adstock, saturation, reference: partial.reference };
    transforms.push(transform);
    media.push(saturateSeries(adstocked, transform));
  }
  return { transforms, media };
}

/**
 * The ridge's normal equations over the training rows: the fixed block copied, the media columns' cross-products
 * added. An inactive (constant) media column is pinned to zero through its bounds, which are set here on each call.
 */
function normalEquations(setup: ProblemSetup, media: Float64Array[], mediaStats: Core['mediaStats']) {
  const { m, f, p, nTrain, ys, zFixed, gramFixed, rhsFixed, lower, upper } = setup;
  const gram = new Float64Array(p * p);
  const rhs = new Float64Array(p);
  for (let i = 0; i < f; i += 1) {
    for (let j = 0; j < f; j += 1) gram[(m + i) * p + m + j] = gramFixed[i * f + j]!;
    rhs[m + i] = rhsFixed[i]!;
  }
  for (let c = 0; c < m; c += 1) {
    const st = mediaStats[c]!;
    const col = media[c]!;
    if (!st.active) {
      gram[c * p + c] = 1;
      lower[c] = 0;
      upper[c] = 0;
      continue;
    }
    lower[c] = 0;
    upper[c] = Infinity;
    const inv = 1 / st.sd;
    // Fixed columns are centred on the training rows, so Σ(x − x̄)z = Σ x·z.
    for (let j = 0; j < f; j += 1) {
      const z = zFixed[j]!;
      let s = 0;
      for (let t = 0; t < nTrain; t += 1) s += col[t]! * z[t]!;
      const g = (s * inv) / nTrain;
      gram[c * p + m + j] = g;
      gram[(m + j) * p + c] = g;
    }
    for (let d = 0; d <= c; d += 1) {
      const sd = mediaStats[d]!;
      if (!sd.active) continue;
      const other = media[d]!;
      let s = 0;
      for (let t = 0; t < nTrain; t += 1) s += (col[t]! - st.mean) * (other[t]! - sd.mean);
      const g = (s * inv) / sd.sd / nTrain;
      gram[c * p + d] = g;
      gram[d * p + c] = g;
    }
    let s = 0;
    for (let t = 0; t < nTrain; t += 1) s += col[t]! * ys[t]!;
    rhs[c] = (s * inv) / nTrain;
  }
  return { gram, rhs };
}

/** The fitted KPI on the standardised scale, on every window row. */
function fittedStandardised(
  setup: ProblemSetup,
  beta: Float64Array,
  media: Float64Array[],
  mediaStats: Core['mediaStats'],
) {
  const { m, f, n, zFixed } = setup;
  const fittedStd = new Float64Array(n);
  for (let c = 0; c < m; c += 1) {
    const st = mediaStats[c]!;
    const b = beta[c]!;
    if (!st.active || b === 0) continue;
    const col = media[c]!;
    for (let t = 0; t < n; t += 1) fittedStd[t] = fittedStd[t]! + (b * (col[t]! - st.mean)) / st.sd;
  }
  for (let j = 0; j < f; j += 1) {
    const b = beta[m + j]!;
    if (b === 0) continue;
    const z = zFixed[j]!;
    for (let t = 0; t < n; t += 1) fittedStd[t] = fittedStd[t]! + b * z[t]!;
  }
  return fittedStd;
}

/** One candidate fit: transform the media, solve the bounded ridge, and the fitted KPI. */
function fitCore(setup: ProblemSetup, hyper: ArrayLike<number>): Core {
  const { transforms, media } = transformMedia(setup, hyper);
  const mediaStats = media.map((col) => {
    const { mean, sd } = meanSd(col, setup.nTrain);
    return { mean, sd, active: sd > 1e-12 * (1 + Math.abs(mean)) };
  });
  const { gram, rhs } = normalEquations(setup, media, mediaStats);
  const lambda = Math.pow(10, hyper[setup.dims.length - 1]!);
  const { p, penalty, lower, upper, effectTarget } = setup;
  if (effectTarget) {
    // (s/2)(β − t)² on the standardised scale: s on the diagonal, s·t on the right side.
    for (let c = 0; c < setup.m; c += 1) {
      const st = mediaStats[c]!;
      if (!st.active) continue;
      gram[c * p + c] = gram[c * p + c]! + effectTarget.strength;
      rhs[c] = rhs[c]! + (effectTarget.strength * effectTarget.target[c]! * st.sd) / setup.ySd;
    }
  }
  const qp = { gram, rhs, p, lambda, penalty, lower, upper };
  let beta = solveBoxRidge(qp);
  let fittedStd = fittedStandardised(setup, beta, media, mediaStats);
  const withPrior = setup.roasPriorScale.length > 0;
  if (setup.lift.length === 0 && !withPrior) {
    return { transforms, media, mediaStats, beta, lambda, fittedStd, liftPenalty: 0, system: qp };
  }
  // Calibration and the effect prior weigh against the weekly data by its residual variance: the first solve sets it.
  const { nTrain, ys, ySd } = setup;
  let rss = 0;
  for (let t = 0; t < nTrain; t += 1) rss += (ys[t]! - fittedStd[t]!) ** 2;
  const residualVariance = Math.max(rss / nTrain, 1e-6);
  const perUnit = setup.lift.map((term) => {
    const st = mediaStats[term.channel]!;
    if (!st.active) return 0;
    let sum = 0;
    for (let t = term.from; t < term.to; t += 1) sum += media[term.channel]![t]!;
    return (sum * term.scale * ySd) / st.sd;
  });
  let evidence = withLiftEvidence(qp, setup.lift, perUnit, residualVariance, nTrain);
  // ROAS per unit of standardised coefficient, by channel (0: no prior on it).
  const roasPerUnit = withPrior ? roasPerCoefficient(setup, media, mediaStats) : [];
  if (withPrior) evidence = withRoasPrior(evidence, roasPerUnit, setup.roasPriorScale, residualVariance, nTrain);
  beta = solveBoxRidge(evidence);
  fittedStd = fittedStandardised(setup, beta, media, mediaStats);
  const lifts = setup.lift.map((term, k) => perUnit[k]! * beta[term.channel]!);
  let evidencePenalty = liftPenalty(setup.lift, lifts);
  roasPerUnit.forEach((k, c) => {
    if (k > 0) evidencePenalty += (k * beta[c]!) ** 2 / (2 * setup.roasPriorScale[c]! ** 2);
  });
  return { transforms, media, mediaStats, beta, lambda, fittedStd, liftPenalty: evidencePenalty, system: evidence };
}

/**
 * Media coefficients (original scale) drawn from their Gaussian posterior given the curves `hyper`: the ridge's
 * objective (1/2n)‖y − Zβ‖² + (λ/2)Σ p_j β_j² (+ lift tests, the ROAS prior) is σ²/n times minus the log posterior,
 * so the precision is (n/σ²)·A with A the system's matrix, σ² the residual variance on the standardised scale
 * (degrees of freedom counted). Centred on the bounded solution, each coefficient clamped back into its bounds (a
 * media effect at 0 stays at 0 half the time). An always-on channel's level that the data cannot pin shows as a wide
 * draw here, where the replicate's ridge solution moves only as far as resampled residuals move it.
 */
function coefficientDraw(setup: ProblemSetup, hyper: ArrayLike<number>, normal: () => number): number[] {
  const core = fitCore(setup, hyper);
  const { gram, p, lambda, penalty, lower, upper } = core.system;
  const { m, nTrain, ys, ySd } = setup;
  const free: number[] = [];
  for (let j = 0; j < p; j += 1) if (lower[j]! < upper[j]!) free.push(j);
  const k = free.length;
  let rss = 0;
  for (let t = 0; t < nTrain; t += 1) rss += (ys[t]! - core.fittedStd[t]!) ** 2;
  const sigma = Math.sqrt(rss / Math.max(1, nTrain - k - 1));
  const a = new Float64Array(k * k);
  free.forEach((i, r) =>
    free.forEach((j, c) => (a[r * k + c] = gram[i * p + j]! + (i === j ? lambda * (penalty ? penalty[j]! : 1) : 0))),
  );
  const l = cholesky(a, k);
  const beta = Float64Array.from(core.beta);
  if (l) {
    // x = L⁻ᵀz has covariance A⁻¹; scaled by σ/√n it is a draw of β − β̂.
    const x = Float64Array.from({ length: k }, () => normal());
    for (let i = k - 1; i >= 0; i -= 1) {
      let sum = x[i]!;
      for (let r = i + 1; r < k; r += 1) sum -= l[r * k + i]! * x[r]!;
      x[i] = sum / l[i * k + i]!;
    }
    const scale = sigma / Math.sqrt(nTrain);
    free.forEach((j, r) => (beta[j] = Math.min(upper[j]!, Math.max(lower[j]!, beta[j]! + scale * x[r]!))));
  }
  return Array.from({ length: m }, (_, c) => {
    const st = core.mediaStats[c]!;
    return st.active ? (beta[c]! * ySd) / st.sd : 0;
  });
}

/** Each paid channel's ROAS over the training rows per unit of its standardised coefficient (0: none). */
function roasPerCoefficient(setup: ProblemSetup, media: Float64Array[], mediaStats: Core['mediaStats']): number[] {
  return media.map((col, c) => {
    const st = mediaStats[c]!;
    if (!st.active || !setup.paid[c] || !(setup.spendTotals[c]! > 0)) return 0;
    let sum = 0;
    for (let t = 0; t < setup.nTrain; t += 1) sum += col[t]!;
    return (sum * setup.ySd) / st.sd / setup.spendTotals[c]!;
  });
}

/**
 * The half-normal ROAS prior as a ridge term: ROAS_c = k_c·β_c, so −log p = (k_c·β_c)²/(2s_c²), which in the ridge's
 * units (1/2n)‖y − Zβ‖² weighs σ²/(n·s_c²)·k_c² on the diagonal (σ² the residual variance over the KPI's variance),
 * as a lift test's observation does (withLiftEvidence) with a lift of 0.
 */
function withRoasPrior(
  qp: BoxQp,
  roasPerUnit: readonly number[],
  scales: readonly number[],
  residualVariance: number,
  n: number,
): BoxQp {
  const gram = Float64Array.from(qp.gram);
  roasPerUnit.forEach((k, c) => {
    if (k > 0) gram[c * qp.p + c] = gram[c * qp.p + c]! + (residualVariance / (n * scales[c]! ** 2)) * k * k;
  });
  return { ...qp, gram };
}

/** NRMSE of the standardised fit over some rows (scale-free, so the standardised scale is as good as the original). */
function nrmseOn(ys: Float64Array, fittedStd: Float64Array, [from, to]: [number, number]) {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let t = from; t < to; t += 1) {
    sum += (ys[t]! - fittedStd[t]!) ** 2;
    if (ys[t]! < min) min = ys[t]!;
    if (ys[t]! > max) max = ys[t]!;
  }
  return max > min ? Math.sqrt(sum / (to - from)) / (max - min) : 0;
}

/** DECOMP.RSSD: how far the paid channels' shares of effect are from their shares of spend (training rows). */
function rssdOf(setup: ProblemSetup, c: Core) {
  const { m, nTrain, ySd, paid, spendTotals } = setup;
  const effects: number[] = [];
  const spendShare: number[] = [];
  for (let ch = 0; ch < m; ch += 1) {
    if (!paid[ch]) continue;
    const st = c.mediaStats[ch]!;
    let effect = 0;
    if (st.active) {
      const col = c.media[ch]!;
      for (let t = 0; t < nTrain; t += 1) effect += col[t]!;
      effect *= (c.beta[ch]! * ySd) / st.sd;
    }
    effects.push(effect);
    spendShare.push(spendTotals[ch]!);
  }
  return decompRssd(effects, spendShare);
}

/** A candidate as a whole model: coefficients and contributions on the KPI's own scale, the fit and its metrics. */
function modelFit(
  setup: ProblemSetup,
  source: { data: MmmDataset; fixed: FixedColumn[]; y: Float64Array; yMean: number; nValidation: number },
  hyper: ArrayLike<number>,
  objectiveRows: [number, number],
): ModelFit {
  const { m, n, nTrain, ySd, ys, paid } = setup;
  const { data, fixed, y, yMean, nValidation } = source;
  const c = fitCore(setup, hyper);
  const coefficients: ModelFit['coefficients'] = [];
  const mediaContributions: Float64Array[] = [];
  let intercept = yMean;
  for (let ch = 0; ch < m; ch += 1) {
    const st = c.mediaStats[ch]!;
    const value = st.active ? (c.beta[ch]! * ySd) / st.sd : 0;
    intercept -= value * st.mean;
    coefficients.push({ name: data.channels[ch]!.name, kind: paid[ch] ? 'media' : 'organic', value });
    mediaContributions.push(c.media[ch]!.map((v) => value * v));
  }
  const fixedContributions = fixed.map((col, j) => {
    const value = col.active ? (c.beta[m + j]! * ySd) / col.sd : 0;
    intercept -= value * col.mean;
    coefficients.push({ name: col.name, kind: col.kind, value });
    return col.raw.map((v) => value * v);
  });
  const fitted = c.fittedStd.map((v) => yMean + ySd * v);
  const activeColumns = c.mediaStats.filter((s) => s.active).length + fixed.filter((col) => col.active).length;
  const metricsOn = (from: number, to: number) => {
    const actual = y.subarray(from, to);
    const pred = fitted.subarray(from, to);
    const r2 = rSquared(actual, pred);
    return {
      r2,
      adjR2: adjustedRSquared(r2, to - from, activeColumns),
      nrmse: nrmse(actual, pred),
      mape: mape(actual, pred),
    };
  };
  const rssd = rssdOf(setup, c);
  return {
    nrmse: nrmseOn(ys, c.fittedStd, objectiveRows),
    rssd,
    hyper: Array.from(hyper),
    lambda: c.lambda,
    transforms: c.transforms,
    intercept,
    coefficients,
    fitted,
    mediaContributions,
    fixedContributions,
    metrics: {
      train: metricsOn(0, nTrain),
      ...(nValidation > 0 ? { validation: metricsOn(nTrain, nTrain + nValidation) } : {}),
      ...(n - nTrain - nValidation > 0 ? { test: metricsOn(nTrain + nValidation, n) } : {}),
      rssd,
    },
  };
}

/**
 * The ROAS prior's scale per channel: config.effectPrior × the KPI per unit of all paid spend over the training rows
 * (a channel returning the business's average revenue per unit of media spend is one scale unit).
 */
function roasPriorScales(
  config: MmmConfig,
  data: MmmDataset,
  spendTotals: readonly number[],
  y: Float64Array,
  nTrain: number,
): number[] {
  if (config.effectPrior === undefined || config.objectives !== 'map') return [];
  let kpi = 0;
  for (let t = 0; t < nTrain; t += 1) kpi += y[t]!;
  const spend = spendTotals.reduce((sum, s, c) => sum + (data.channels[c]!.organic ? 0 : s), 0);
  if (!(spend > 0) || !(kpi > 0)) return [];
  return data.channels.map(() => (config.effectPrior! * kpi) / spend);
}

export function createProblem(
  data: MmmDataset,
  config: MmmConfig,
  kpiOverride?: Float64Array,
  effectTarget?: EffectTarget,
): Problem {
  const [windowStart, windowEnd] = windowRows(data.dates, config.window);
  const n = windowEnd - windowStart;
  const y = kpiOverride ?? Float64Array.from(data.kpi.slice(windowStart, windowEnd));
  const trainShare = config.split?.train ?? 1;
  const nTrain = Math.max(5, Math.min(n, Math.round(n * trainShare)));
  const nValidation = config.split ? Math.min(n - nTrain, Math.round(n * config.split.validation)) : 0;
  const dims = hyperDimensions(data, config);
  const m = data.channels.length;

  const fixed: FixedColumn[] = baselineColumns(data, config, windowStart, windowEnd, y).map((c) => {
    const { mean, sd } = meanSd(c.raw, nTrain);
    return { ...c, mean, sd, active: sd > 1e-12 * (1 + Math.abs(mean)) };
  });
  const f = fixed.length;
  const p = m + f;
  const yStats = meanSd(y, nTrain);
  const ySd = yStats.sd > 0 ? yStats.sd : 1;
  const ys = y.map((v) => (v - yStats.mean) / ySd);
  const { zFixed, gramFixed, rhsFixed } = standardiseFixed(fixed, ys, nTrain);
  const spends = data.channels.map((c) => Float64Array.from(c.spend));
  const references = spends.map((s) => Math.max(1e-12, ...s));
  const paid = data.channels.map((c) => !c.organic);
  const spendTotals = spends.map((s) => {
    let total = 0;
    for (let t = windowStart; t < windowStart + nTrain; t += 1) total += s[t]!;
    return total;
  });

  const lower = new Float64Array(p);
  const upper = new Float64Array(p);
  const penalty = new Float64Array(p).fill(1);
  fixed.forEach((c, j) => {
    lower[m + j] = c.active ? c.lower : 0;
    upper[m + j] = c.active ? c.upper : 0;
    penalty[m + j] = c.penalty;
  });

  const setup: ProblemSetup = {
    config,
    dims,
    windowStart,
    windowEnd,
    n,
    nTrain,
    m,
    f,
    p,
    ys,
    ySd,
    zFixed,
    gramFixed,
    rhsFixed,
    spends,
    references,
    paid,
    spendTotals,
    lower,
    upper,
    penalty,
    lift: liftTerms(data, config.calibration, windowStart, windowEnd),
    roasPriorScale: roasPriorScales(config, data, spendTotals, y, nTrain),
    ...(effectTarget ? { effectTarget } : {}),
  };
  const objectiveRows: [number, number] = nValidation > 0 ? [nTrain, nTrain + nValidation] : [0, nTrain];
  // Gaussian likelihood profiled over the coefficients and σ: (n/2)·ln RSS = n·ln NRMSE + const.
  const mapLoss = (fitNrmse: number, hyper: ArrayLike<number>) =>
    (objectiveRows[1] - objectiveRows[0]) * Math.log(Math.max(fitNrmse, 1e-12)) + logPriorPenalty(dims, hyper);
  const source = { data, fixed, y, yMean: yStats.mean, nValidation };

  return {
    data,
    config,
    dates: data.dates.slice(windowStart, windowEnd),
    windowStart,
    windowEnd,
    nTrain,
    nValidation,
    y,
    dimensions: dims,
    fixed,
    evaluate(hyper) {
      const c = fitCore(setup, hyper);
      const evaluation: Evaluation = { nrmse: nrmseOn(ys, c.fittedStd, objectiveRows), rssd: rssdOf(setup, c) };
      if (config.objectives === 'map') evaluation.loss = mapLoss(evaluation.nrmse, hyper) + c.liftPenalty;
      return evaluation;
    },
    fit(hyper) {
      return modelFit(setup, source, hyper, objectiveRows);
    },
    drawCoefficients(hyper, normal) {
      return coefficientDraw(setup, hyper, normal);
    },
    withKpi(next) {
      return createProblem(data, config, next, effectTarget);
    },
    withEffectTarget(target, strength) {
      return createProblem(data, config, kpiOverride, { target, strength });
    },
  };
}
