/**
 * Fitting end to end, as pure steps so a caller can spread the trials and the bootstrap replicates
 * over threads: plan → trials → select (Pareto set, knee, polish) → bootstrap → summarise.
 */
import { kneeIndex, paretoFront } from './pareto';
import { createProblem, type ModelFit, type Problem } from './problem';
import { createRandom, type Random, seedFor } from './random';
import { type Candidate, nelderMead, runTrial, type TrialSettings } from './search';
import { type MmmConfig, type MmmDataset } from './spec';

export function trialPlan(config: MmmConfig): TrialSettings[] {
  const { seed, trials, populationSize, generations } = config.search;
  return Array.from({ length: trials }, (_, trial) => ({
    seed,
    trial,
    populationSize,
    generations,
    multiObjective: config.objectives === 'nrmse+rssd',
  }));
}

export function searchTrial(problem: Problem, settings: TrialSettings): Candidate[] {
  return runTrial(problem.dimensions, (hyper) => problem.evaluate(hyper), settings);
}

export interface Selection {
  /** Non-dominated candidates (one, the best, for a single objective), by NRMSE. */
  front: Candidate[];
  /** The chosen model's hyperparameters (the knee, polished when single-objective). */
  chosen: Candidate;
  evaluations: number;
}

/** The scalar a single-objective selection minimises: the MAP loss, else NRMSE. */
const scalarOf = (c: { nrmse: number; loss?: number }) => c.loss ?? c.nrmse;

export function selectModels(problem: Problem, candidates: readonly Candidate[]): Selection {
  const single = problem.config.objectives !== 'nrmse+rssd';
  if (single) {
    let best = candidates[0]!;
    for (const c of candidates) if (scalarOf(c) < scalarOf(best)) best = c;
    let evaluations = candidates.length;
    const budget = problem.config.search.polishEvaluations;
    if (budget > 0) {
      // One simplex over every dimension. The pooled fit polishes channel by channel (pooled.ts); on the 52 worlds
      // that polish reaches better optima but recovers the truth no better and covers it less (82.0 % against 85.4 %,
      // session 17; 80.6 % with the refit screening below, session 19: docs/mmm-scorecard.md), so it stays out.
      const objective = (h: number[]) => scalarOf(problem.evaluate(h));
      const starts = [best];
      if (problem.config.search.polishStarts > 1) {
        // The best candidate of another trial: a trial archives every candidate it evaluated, in order, so trials are
        // consecutive blocks of equal length. A second basin the first polish cannot reach (docs/mmm-scorecard.md).
        const { trials, populationSize, generations } = problem.config.search;
        const perTrial = populationSize * (generations + 1);
        const trialOf = (c: Candidate) => Math.floor(candidates.indexOf(c) / perTrial);
        let other: Candidate | undefined;
        if (trials > 1 && candidates.length === trials * perTrial) {
          for (const c of candidates) {
            if (trialOf(c) !== trialOf(best) && (!other || scalarOf(c) < scalarOf(other))) other = c;
          }
        }
        if (other) starts.push(other);
      }
      for (const start of starts) {
        const polished = nelderMead(problem.dimensions, objective, start.hyper, budget);
        evaluations += budget;
        if (polished.value < scalarOf(best)) best = { hyper: polished.hyper, ...problem.evaluate(polished.hyper) };
      }
    }
    return { front: [best], chosen: best, evaluations };
  }
  const frontIdx = paretoFront(candidates);
  const front = frontIdx.map((i) => candidates[i]!);
  return { front, chosen: candidates[kneeIndex(candidates, frontIdx)]!, evaluations: candidates.length };
}

/** A model drawn for uncertainty: a bootstrap refit or another Pareto-optimal model. */
export interface Draw {
  source: 'bootstrap' | 'pareto';
  hyper: number[];
  /** Media coefficients on the original scale, by channel. */
  betas: number[];
  /** The adaptive chain that moved its curves, if any (`bootstrap.chainSteps`). */
  chain?: ChainStats;
}

/**
 * Replicate `replicate`'s KPI: the base fit plus moving blocks of its training residuals, drawn with replacement
 * (seeded by the replicate, so a second model can be resampled the same way); returns the generator to go on with.
 */
export function replicateKpi(problem: Problem, base: ModelFit, replicate: number) {
  const { blockLength } = problem.config.bootstrap;
  const n = problem.nTrain;
  const block = blockLength ?? Math.max(2, Math.ceil(Math.cbrt(n)));
  const random = createRandom(seedFor(problem.config.search.seed, 1_000_003, replicate));
  const residuals = Float64Array.from({ length: n }, (_, t) => problem.y[t]! - base.fitted[t]!);
  const y = Float64Array.from(problem.y);
  for (let t = 0; t < n;) {
    const start = random.int(n - block + 1);
    for (let k = 0; k < block && t < n; k += 1, t += 1) y[t] = base.fitted[t]! + residuals[start + k]!;
  }
  return { y, random };
}

/** The standard normal's quantile for p in (0.5, 1) (Abramowitz & Stegun 26.2.23, error below 5·10⁻⁴). */
function normalQuantile(p: number): number {
  const t = Math.sqrt(-2 * Math.log(1 - p));
  return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3);
}

/**
 * How much worse (in −log posterior) than the chosen model, on the replicate's own data, a refit may end and still
 * count as a draw: half the χ² quantile of the interval's level with as many degrees of freedom as hyperparameters
 * (Wilson–Hilferty), the likelihood-ratio region of them all at that level. A refit that ends inside explored a flat
 * direction; one that ends further off stalled on its way from a jittered start on a many-peaked posterior.
 */
export function refitLossGap(dimensions: number, level: number): number {
  const k = Math.max(1, dimensions);
  const z = normalQuantile(level);
  return (k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3) / 2;
}

/**
 * One moving-block residual bootstrap replicate: KPI* = fitted + residual blocks drawn with
 * replacement (keeping autocorrelation within a block), then the hyperparameters are re-fitted
 * from a jittered copy of the chosen model by a short Nelder–Mead and the coefficients by ridge.
 * A refit that ends outside the hyperparameters' likelihood region on its replicate (refitLossGap) is refitted from
 * the chosen model instead: on 15 weeks such stalled refits (up to 70 log-units worse, Meta's effect at zero) made
 * the hand-off's lift interval span zero by millions on revenue of thousands a week (tests/mmm/short-data-intervals).
 */
export function bootstrapReplicate(problem: Problem, base: ModelFit, replicate: number): Draw {
  const { refitEvaluations } = problem.config.bootstrap;
  const { y, random } = replicateKpi(problem, base, replicate);
  const replicateProblem = problem.withKpi(y);
  let hyper = base.hyper;
  if (refitEvaluations > 0) {
    const single = problem.config.objectives !== 'nrmse+rssd';
    // Two objectives: stay on the chosen model's trade-off by weighing RSSD as the knee did.
    const weight = single || base.rssd <= 0 ? 0 : base.nrmse / base.rssd;
    const objective = (h: number[]) => {
      const e = replicateProblem.evaluate(h);
      return e.loss ?? e.nrmse + weight * e.rssd;
    };
    // Each refit starts from a jittered copy of the chosen hyperparameters, so replicates explore the
    // flat directions of the objective (poorly identified curvature) instead of inheriting the point estimate.
    const jitter = problem.config.bootstrap.jitter;
    const start = base.hyper.map((value, k) => {
      const { lower, upper } = problem.dimensions[k]!;
      return Math.min(upper, Math.max(lower, value + jitter * (upper - lower) * random.normal()));
    });
    const refit = nelderMead(problem.dimensions, objective, start, refitEvaluations);
    hyper = refit.hyper;
    // Only the posterior's loss has a likelihood scale to judge a gap by.
    if (single && problem.config.objectives === 'map') {
      const atChosen = objective(base.hyper);
      if (refit.value > atChosen + refitLossGap(problem.dimensions.length, problem.config.bootstrap.level)) {
        hyper = nelderMead(problem.dimensions, objective, base.hyper, refitEvaluations).hyper;
      }
    }
    const sweeps = problem.config.bootstrap.chainSweeps;
    // With adaptive chains (a second stage, chainReplicate) the refit is the chain's start instead.
    if (single && problem.config.objectives === 'map' && sweeps > 0 && !adaptiveChains(problem.config)) {
      const chainRandom = createRandom(seedFor(problem.config.search.seed, 4_000_037, replicate));
      hyper = metropolisSweeps(problem.dimensions, objective, hyper, sweeps, chainRandom);
    }
  }
  return { source: 'bootstrap', hyper, betas: drawBetas(problem, replicateProblem, hyper, replicate) };
}

/** Whether the draws take a second stage of adaptive Metropolis (`bootstrap.chainSteps`, the posterior's loss only). */
export function adaptiveChains(config: MmmConfig): boolean {
  return config.objectives === 'map' && config.bootstrap.chainSteps > 0 && config.bootstrap.refitEvaluations > 0;
}

/**
 * The chains' proposal: the lower Cholesky factor of the covariance of the replicates' refitted hyperparameters (how
 * far the data let the curves move, direction by direction, correlations included), shrunk a fifth toward its
 * diagonal and floored at 1 % of each range so a dimension every refit left in place can still move.
 */
export function proposalFactor(
  dimensions: readonly { lower: number; upper: number }[],
  hypers: readonly (readonly number[])[],
): number[][] {
  const d = dimensions.length;
  const n = hypers.length;
  const mean = Array.from({ length: d }, (_, k) => hypers.reduce((sum, h) => sum + h[k]!, 0) / Math.max(1, n));
  const cov = Array.from({ length: d }, (_, i) =>
    Array.from({ length: d }, (_, j) => {
      let sum = 0;
      for (const h of hypers) sum += (h[i]! - mean[i]!) * (h[j]! - mean[j]!);
      return (i === j ? 1 : 0.8) * (n > 1 ? sum / (n - 1) : 0);
    }),
  );
  dimensions.forEach(({ lower, upper }, k) => (cov[k]![k] = cov[k]![k]! + (0.01 * (upper - lower)) ** 2));
  return cholesky(cov);
}

/** Lower Cholesky factor of a symmetric positive-definite matrix (a pivot that fails is floored, not thrown). */
export function cholesky(a: readonly (readonly number[])[]): number[][] {
  const d = a.length;
  const l = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let i = 0; i < d; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = a[i]![j]!;
      for (let k = 0; k < j; k += 1) sum -= l[i]![k]! * l[j]![k]!;
      if (i === j) l[i]![i] = Math.sqrt(Math.max(sum, 1e-12 * Math.abs(a[i]![i]!) + 1e-300));
      else l[i]![j] = sum / l[j]![j]!;
    }
  }
  return l;
}

/** How a draw's adaptive chain went: its steps, the share accepted, and its effective sample size. */
export interface ChainStats {
  steps: number;
  acceptance: number;
  /** Effective sample size of the log posterior over the chain's second half (Geyer's initial positive sequence). */
  ess: number;
}

/**
 * The second stage of a draw: an adaptive random-walk Metropolis chain on replicate `replicate`'s posterior (the same
 * resampled KPI as its refit), from the refit `start`, its proposal the replicates' spread (`proposalFactor`). Its
 * last state is the draw's curves; its coefficients are drawn as `bootstrap.coefficients` says.
 */
export function chainReplicate(
  problem: Problem,
  base: ModelFit,
  replicate: number,
  start: readonly number[],
  factor: readonly (readonly number[])[],
): Draw {
  const replicateProblem = problem.withKpi(replicateKpi(problem, base, replicate).y);
  const objective = (h: number[]) => {
    const e = replicateProblem.evaluate(h);
    return e.loss ?? e.nrmse;
  };
  const random = createRandom(seedFor(problem.config.search.seed, 5_000_011, replicate));
  const chain = adaptiveMetropolis(
    problem.dimensions,
    objective,
    start,
    problem.config.bootstrap.chainSteps,
    factor,
    random,
  );
  return {
    source: 'bootstrap',
    hyper: chain.hyper,
    betas: drawBetas(problem, replicateProblem, chain.hyper, replicate),
    chain: { steps: chain.steps, acceptance: chain.acceptance, ess: chain.ess },
  };
}

/**
 * Random-walk Metropolis on exp(−objective) with a multivariate normal proposal ℓ·L·z (L a Cholesky factor, z
 * standard normal) that moves every dimension at once along the posterior's correlations. ℓ starts at Roberts and
 * Rosenthal's 2.38/√d and is adapted by Robbins–Monro toward `target` acceptance with a step that shrinks as the
 * chain goes on (diminishing adaptation). A proposal outside the bounds has density 0 and is rejected, so the
 * proposal stays symmetric and the chain's target is the posterior truncated to the ranges.
 */
export function adaptiveMetropolis(
  dimensions: readonly { lower: number; upper: number }[],
  objective: (hyper: number[]) => number,
  start: readonly number[],
  steps: number,
  factor: readonly (readonly number[])[],
  random: Random,
  target = 0.3,
): ChainStats & { hyper: number[]; trace: number[] } {
  const d = dimensions.length;
  let current = [...start];
  let value = objective(current);
  let logScale = Math.log(2.38 / Math.sqrt(Math.max(1, d)));
  let accepted = 0;
  const trace: number[] = [];
  const z = new Array<number>(d);
  for (let s = 0; s < steps; s += 1) {
    for (let k = 0; k < d; k += 1) z[k] = random.normal();
    const scale = Math.exp(logScale);
    const proposal = current.map((x, i) => {
      let step = 0;
      const row = factor[i]!;
      for (let k = 0; k <= i; k += 1) step += row[k]! * z[k]!;
      return x + scale * step;
    });
    const inside = proposal.every((x, k) => x >= dimensions[k]!.lower && x <= dimensions[k]!.upper);
    const next = inside ? objective(proposal) : Infinity;
    const probability = Number.isFinite(next) ? Math.min(1, Math.exp(value - next)) : 0;
    if (random.next() < probability) {
      current = proposal;
      value = next;
      accepted += 1;
    }
    logScale += (probability - target) / Math.pow(s + 1, 0.6);
    trace.push(value);
  }
  const half = trace.slice(Math.floor(trace.length / 2));
  return { hyper: current, steps, acceptance: steps > 0 ? accepted / steps : 0, ess: effectiveSampleSize(half), trace };
}

/** Effective sample size of a chain's trace: n / (1 + 2 Σ ρ_k) over Geyer's initial positive sequence of pairs. */
export function effectiveSampleSize(trace: readonly number[]): number {
  const n = trace.length;
  if (n < 4) return n;
  const mean = trace.reduce((a, v) => a + v, 0) / n;
  const variance = trace.reduce((a, v) => a + (v - mean) ** 2, 0) / n;
  if (variance <= 0) return 0;
  const rho = (lag: number) => {
    let sum = 0;
    for (let t = 0; t + lag < n; t += 1) sum += (trace[t]! - mean) * (trace[t + lag]! - mean);
    return sum / n / variance;
  };
  let tau = -1;
  for (let k = 0; k + 1 < n; k += 2) {
    const pair = rho(k) + rho(k + 1);
    if (pair <= 0) break;
    tau += 2 * pair;
  }
  return Math.min(n, n / Math.max(tau, 1e-9));
}

/**
 * A draw's media coefficients at its curves, as `config.bootstrap.coefficients` says: the replicate's ridge solution,
 * or a draw from their posterior given the curves on the data (`posterior`) or on the replicate (`bagged`), from a
 * stream of its own so the refits are the same whichever is chosen.
 */
export function drawBetas(problem: Problem, replicateProblem: Problem, hyper: number[], stream: number): number[] {
  const mode = problem.config.bootstrap.coefficients;
  if (mode === 'refit') return mediaBetas(replicateProblem.fit(hyper));
  const random = createRandom(seedFor(problem.config.search.seed, 3_000_017, stream));
  return (mode === 'posterior' ? problem : replicateProblem).drawCoefficients(hyper, () => random.normal());
}

/**
 * Random-walk Metropolis within Gibbs on exp(−objective): each sweep proposes one hyperparameter at a time, a normal
 * step of `stepShare` of its range reflected at the bounds (a symmetric proposal), accepted with probability
 * exp(−Δ). Returns the last state: where the posterior is flat the state wanders, where it is sharp it stays.
 */
export function metropolisSweeps(
  dimensions: readonly { lower: number; upper: number }[],
  objective: (hyper: number[]) => number,
  start: readonly number[],
  sweeps: number,
  random: Random,
  stepShare = 0.05,
): number[] {
  let current = [...start];
  let value = objective(current);
  for (let s = 0; s < sweeps; s += 1) {
    dimensions.forEach(({ lower, upper }, k) => {
      let x = current[k]! + stepShare * (upper - lower) * random.normal();
      if (x < lower) x = 2 * lower - x;
      if (x > upper) x = 2 * upper - x;
      const proposal = [...current];
      proposal[k] = Math.min(upper, Math.max(lower, x));
      const next = objective(proposal);
      if (next <= value || random.next() < Math.exp(value - next)) {
        current = proposal;
        value = next;
      }
    });
  }
  return current;
}

export function mediaBetas(fit: ModelFit): number[] {
  return fit.coefficients.filter((c) => c.kind === 'media' || c.kind === 'organic').map((c) => c.value);
}

/** Everything a fit produced, before summaries: the chosen model, the Pareto set and the draws. */
export interface RawFit {
  problem: Problem;
  selection: Selection;
  chosen: ModelFit;
  draws: Draw[];
}

/** Pareto models besides the chosen one (at most 20, evenly along the front) count as draws. */
export function paretoDraws(problem: Problem, selection: Selection): Draw[] {
  const others = selection.front.filter((c) => c !== selection.chosen);
  const step = Math.max(1, Math.ceil(others.length / 20));
  return others
    .filter((_, i) => i % step === 0)
    .map((c) => ({ source: 'pareto' as const, hyper: c.hyper, betas: mediaBetas(problem.fit(c.hyper)) }));
}

/** The whole fit on this thread (tests, small data); lambdas/lib/mmm spreads the same steps over workers. */
export function fitSequential(data: MmmDataset, config: MmmConfig): RawFit {
  const problem = createProblem(data, config);
  const candidates = trialPlan(config).flatMap((settings) => searchTrial(problem, settings));
  const selection = selectModels(problem, candidates);
  const chosen = problem.fit(selection.chosen.hyper);
  let replicates = Array.from({ length: config.bootstrap.replicates }, (_, r) =>
    bootstrapReplicate(problem, chosen, r),
  );
  if (adaptiveChains(config) && replicates.length > 0) {
    const factor = proposalFactor(
      problem.dimensions,
      replicates.map((d) => d.hyper),
    );
    replicates = replicates.map((d, r) => chainReplicate(problem, chosen, r, d.hyper, factor));
  }
  const draws = [...replicates, ...paretoDraws(problem, selection)];
  return { problem, selection, chosen, draws };
}
