/**
 * A pooled fit of several regions of one business (issue 24): the regions share each channel's
 * carry-over and saturation shape (and the ridge λ), chosen jointly by the summed posterior, while each
 * region keeps its own coefficients, baseline and controls. A region's 156 weeks rarely pin down eight
 * channels' curves on their own; eight regions seen together do, as PyMC Labs' generator (one curve per
 * channel, effects by region) and PyMC-Marketing's multidimensional model assume.
 *
 * Effects are partially pooled when `effectPooling` > 0: each region's coefficient is shrunk toward the
 * channel's mean effect over the regions (relative to each region's KPI), a ridge toward that mean instead of
 * toward zero, so a channel a region cannot identify borrows from the others and one it can stays its own.
 *
 * The result is one RawFit per region, so each region's report, intervals and allocation are built exactly as a
 * single-region fit's are. Uncertainty: a joint moving-block residual bootstrap (the same block starts in every
 * region, keeping cross-region correlation), each replicate re-fitting the shared shapes by the joint posterior.
 */
import { drawBetas, mediaBetas, replicateKpi, type Draw, type RawFit } from './fit';
import { logPriorPenalty } from './priors';
import { createProblem, type Problem } from './problem';
import { createRandom, seedFor } from './random';
import { blockPolish, type Candidate, channelBlocks, POLISH_CYCLES, runTrial } from './search';
import { type MmmConfig, type MmmDataset } from './spec';

/** The bench's default pull of region effects toward the channel's mean (measured in docs/mmm-scorecard.md). */
export const DEFAULT_EFFECT_POOLING = 0.05;

export interface PooledOptions {
  /**
   * Strength of the pull of each region's effects toward the channel's mean over regions, in the ridge's own units
   * (standardised columns); 0 leaves each region's effects to its own data.
   */
  effectPooling?: number;
}

export interface PooledFit {
  regions: RawFit[];
  /** The shared hyperparameters (one vector for every region). */
  hyper: number[];
  evaluations: number;
}

function sameChannels(datasets: readonly MmmDataset[]) {
  const names = datasets[0]!.channels.map((c) => c.name).join('\u0000');
  if (datasets.some((d) => d.channels.map((c) => c.name).join('\u0000') !== names)) {
    throw new Error('a pooled fit needs the same channels, in the same order, in every region');
  }
}

/** The joint objective: each region's −log likelihood (its loss without the priors) summed, the priors counted once. */
function jointObjective(problems: readonly Problem[]) {
  const dims = problems[0]!.dimensions;
  return (hyper: ArrayLike<number>) => {
    const prior = logPriorPenalty(dims, hyper);
    let loss = prior;
    let nrmse = 0;
    let rssd = 0;
    for (const problem of problems) {
      const e = problem.evaluate(hyper);
      loss += (e.loss ?? 0) - prior;
      nrmse += e.nrmse / problems.length;
      rssd += e.rssd / problems.length;
    }
    return { nrmse, rssd, loss };
  };
}

/**
 * Partial pooling of effects, after the shared shapes are chosen: each region's media coefficients relative to its
 * mean KPI, their mean over regions per channel as the target, then each region's ridge re-solved toward that target.
 * Returns the problems to fit with (the originals when pooling is off).
 */
function pooledProblems(problems: Problem[], hyper: number[], strength: number): Problem[] {
  if (!(strength > 0) || problems.length < 2) return problems;
  const m = problems[0]!.data.channels.length;
  const relative = problems.map((p) => {
    const fit = p.fit(hyper);
    const mean = p.y.reduce((a, b) => a + b, 0) / p.y.length;
    return mediaBetas(fit).map((b) => (mean !== 0 ? b / Math.abs(mean) : 0));
  });
  const target = Array.from({ length: m }, (_, c) => relative.reduce((s, r) => s + r[c]!, 0) / problems.length);
  return problems.map((p) => {
    const mean = Math.abs(p.y.reduce((a, b) => a + b, 0) / p.y.length);
    return p.withEffectTarget(
      target.map((t) => t * mean),
      strength,
    );
  });
}

/** Fits the regions jointly on this thread (the bench; the app fits one region today). */
export function fitPooled(datasets: readonly MmmDataset[], input: MmmConfig, options: PooledOptions = {}): PooledFit {
  if (datasets.length === 0) throw new Error('a pooled fit needs at least one region');
  if (input.objectives !== 'map') throw new Error("a pooled fit chooses by the joint posterior: objectives 'map'");
  sameChannels(datasets);
  const strength = options.effectPooling ?? 0;
  // Pooled effects have their prior already (toward the channel's mean over the regions), and each replicate re-derives
  // that pooling, so its draws keep their refitted coefficients: on PyMC Labs' growing_business the half-normal on
  // top and posterior draws took coverage from 83 to 67 %, posterior draws alone to 75 % (docs/mmm-scorecard.md,
  // session 21). The single-region settings (fitConfig) are for one dataset.
  const config: MmmConfig = { ...input, bootstrap: { ...input.bootstrap, coefficients: 'refit' } };
  if (strength > 0) delete config.effectPrior;
  const base = datasets.map((d) => createProblem(d, config));
  const dims = base[0]!.dimensions;
  const joint = jointObjective(base);

  // Search as a single-region `map` fit does, on the joint posterior, then polish channel by channel.
  let evaluations = 0;
  const candidates: Candidate[] = [];
  for (let trial = 0; trial < config.search.trials; trial += 1) {
    const settings = { ...config.search, trial, multiObjective: false };
    candidates.push(...runTrial(dims, (h) => joint(h), settings));
  }
  evaluations += candidates.length;
  let best = candidates[0]!;
  for (const c of candidates) if (c.loss! < best.loss!) best = c;
  if (config.search.polishEvaluations > 0) {
    const polished = blockPolish(
      channelBlocks(dims),
      dims,
      (h) => joint(h).loss,
      best.hyper,
      config.search.polishEvaluations,
      POLISH_CYCLES,
    );
    evaluations += config.search.polishEvaluations;
    if (polished.value < best.loss!) best = { hyper: polished.hyper, ...joint(polished.hyper) };
  }
  const hyper = best.hyper;
  const problems = pooledProblems(base, hyper, strength);
  const chosen = problems.map((p) => p.fit(hyper));

  const { replicates, refitEvaluations, jitter } = config.bootstrap;
  const draws: Draw[][] = problems.map(() => []);
  for (let r = 0; r < replicates; r += 1) {
    const replicated = problems.map((p, i) => p.withKpi(replicateKpi(p, chosen[i]!, r).y));
    let drawHyper = hyper;
    if (refitEvaluations > 0) {
      const random = createRandom(seedFor(config.search.seed, 2_000_003, r));
      const start = hyper.map((value, k) => {
        const { lower, upper } = dims[k]!;
        return Math.min(upper, Math.max(lower, value + jitter * (upper - lower) * random.normal()));
      });
      const replicateJoint = jointObjective(replicated);
      // Channel by channel, as the polish: a simplex over every dimension barely leaves its jittered start, and the
      // draws would then carry the jitter rather than what eight regions' data leave uncertain.
      drawHyper = blockPolish(
        channelBlocks(dims),
        dims,
        (h) => replicateJoint(h).loss,
        start,
        refitEvaluations,
        1,
      ).hyper;
      evaluations += refitEvaluations;
    }
    // Pooling of effects is re-derived on each replicate, so its uncertainty is in the draws too.
    pooledProblems(replicated, drawHyper, strength).forEach((p, i) =>
      draws[i]!.push({
        source: 'bootstrap',
        hyper: drawHyper,
        betas: drawBetas(problems[i]!, p, drawHyper, r * 1009 + i),
      }),
    );
  }

  const regions = problems.map((problem, i): RawFit => {
    const fit = chosen[i]!;
    const candidate: Candidate = { hyper, nrmse: fit.nrmse, rssd: fit.rssd };
    return {
      problem,
      selection: { front: [candidate], chosen: candidate, evaluations },
      chosen: fit,
      draws: draws[i]!,
    };
  });
  return { regions, hyper, evaluations };
}
