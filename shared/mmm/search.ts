/**
 * Seeded, deterministic hyperparameter search: differential evolution (rand/1/bin with dithered F)
 * over NRMSE alone, or over NRMSE and DECOMP.RSSD with NSGA-II style survival (DEMO), plus a
 * bounded Nelder–Mead polish. One trial is one independent run with its own seed stream, so
 * trials can run on any number of threads and still give the same answer.
 */
import { rankAndCrowd, type Scored } from './pareto';
import { createRandom, seedFor } from './random';

export interface Candidate extends Scored {
  hyper: number[];
}

export interface TrialSettings {
  seed: number;
  trial: number;
  populationSize: number;
  generations: number;
  multiObjective: boolean;
}

type Evaluate = (hyper: number[]) => Scored;

const clampTo = (value: number, lower: number, upper: number) => Math.min(upper, Math.max(lower, value));

/** One DE trial; returns every candidate it evaluated, in order. */
export function runTrial(
  bounds: readonly { lower: number; upper: number }[],
  evaluate: Evaluate,
  settings: TrialSettings,
): Candidate[] {
  const random = createRandom(seedFor(settings.seed, settings.trial));
  const d = bounds.length;
  const np = settings.populationSize;
  const archive: Candidate[] = [];
  const score = (hyper: number[]): Candidate => {
    const s = evaluate(hyper);
    const candidate: Candidate = { hyper, nrmse: s.nrmse, rssd: s.rssd };
    if (s.loss !== undefined) candidate.loss = s.loss;
    archive.push(candidate);
    return candidate;
  };
  // Stratified start (Latin hypercube) so small populations still cover every dimension.
  const strata = bounds.map(() => {
    const order = Array.from({ length: np }, (_, i) => i);
    for (let i = np - 1; i > 0; i -= 1) {
      const j = random.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  });
  let population = Array.from({ length: np }, (_, i) =>
    score(bounds.map((b, k) => b.lower + ((strata[k]![i]! + random.next()) / np) * (b.upper - b.lower))),
  );
  const scalar = (c: Scored) => c.loss ?? c.nrmse;
  for (let g = 0; g < settings.generations; g += 1) {
    const offspring: Candidate[] = [];
    for (let i = 0; i < np; i += 1) {
      let r1 = random.int(np);
      while (r1 === i) r1 = random.int(np);
      let r2 = random.int(np);
      while (r2 === i || r2 === r1) r2 = random.int(np);
      let r3 = random.int(np);
      while (r3 === i || r3 === r1 || r3 === r2) r3 = random.int(np);
      const f = 0.5 + 0.5 * random.next();
      const forced = random.int(d);
      const parent = population[i]!;
      const trial = parent.hyper.map((value, k) => {
        if (k !== forced && random.next() >= 0.9) return value;
        const mutant = population[r1]!.hyper[k]! + f * (population[r2]!.hyper[k]! - population[r3]!.hyper[k]!);
        const { lower, upper } = bounds[k]!;
        // Out-of-box mutants land between the parent and the bound they crossed.
        if (mutant < lower) return lower + random.next() * (value - lower);
        if (mutant > upper) return upper - random.next() * (upper - value);
        return mutant;
      });
      offspring.push(score(trial));
    }
    if (!settings.multiObjective) {
      population = population.map((parent, i) => (scalar(offspring[i]!) <= scalar(parent) ? offspring[i]! : parent));
      continue;
    }
    const pool = [...population, ...offspring];
    const { rank, crowding } = rankAndCrowd(pool);
    const order = pool.map((_, i) => i).sort((a, b) => rank[a]! - rank[b]! || crowding[b]! - crowding[a]! || a - b);
    population = order.slice(0, np).map((i) => pool[i]!);
  }
  return archive;
}

/** Bounded Nelder–Mead on a scalar objective, starting from `start`; returns the best point found. */
export function nelderMead(
  bounds: readonly { lower: number; upper: number }[],
  objective: (hyper: number[]) => number,
  start: readonly number[],
  maxEvaluations: number,
): { hyper: number[]; value: number } {
  const d = start.length;
  const clamp = (x: number[]) => x.map((v, k) => clampTo(v, bounds[k]!.lower, bounds[k]!.upper));
  let evaluations = 0;
  const f = (x: number[]) => {
    evaluations += 1;
    return objective(x);
  };
  let simplex = [clamp([...start])];
  for (let k = 0; k < d; k += 1) {
    const x = [...start];
    const width = bounds[k]!.upper - bounds[k]!.lower;
    x[k] = x[k]! + (x[k]! + 0.1 * width <= bounds[k]!.upper ? 0.1 : -0.1) * width;
    simplex.push(clamp(x));
  }
  let values = simplex.map(f);
  while (evaluations < maxEvaluations) {
    const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
    simplex = order.map((i) => simplex[i]!);
    values = order.map((i) => values[i]!);
    if (Math.abs(values[d]! - values[0]!) <= 1e-12 * (1 + Math.abs(values[0]!))) break;
    const centroid = new Array<number>(d).fill(0);
    for (let i = 0; i < d; i += 1) for (let k = 0; k < d; k += 1) centroid[k] = centroid[k]! + simplex[i]![k]! / d;
    const worst = simplex[d]!;
    const towards = (t: number) => clamp(centroid.map((c, k) => c + t * (c - worst[k]!)));
    const reflected = towards(1);
    const fr = f(reflected);
    if (fr < values[0]!) {
      const expanded = towards(2);
      const fe = f(expanded);
      [simplex[d], values[d]] = fe < fr ? [expanded, fe] : [reflected, fr];
    } else if (fr < values[d - 1]!) {
      [simplex[d], values[d]] = [reflected, fr];
    } else {
      const contracted = towards(fr < values[d]! ? 0.5 : -0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, values[d]!)) [simplex[d], values[d]] = [contracted, fc];
      else {
        for (let i = 1; i <= d; i += 1) {
          simplex[i] = clamp(simplex[i]!.map((v, k) => simplex[0]![k]! + 0.5 * (v - simplex[0]![k]!)));
          values[i] = f(simplex[i]!);
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < values.length; i += 1) if (values[i]! < values[best]!) best = i;
  return { hyper: simplex[best]!, value: values[best]! };
}

/** Cycles of `blockPolish` in a fit's polish. */
export const POLISH_CYCLES = 2;

/** The hyperparameters' blocks for `blockPolish`: each channel's dimensions together, the shared ones (λ) last. */
export function channelBlocks(dimensions: readonly { channel: string }[]): number[][] {
  const blocks = new Map<string, number[]>();
  dimensions.forEach((d, k) => blocks.set(d.channel, [...(blocks.get(d.channel) ?? []), k]));
  const shared = blocks.get('');
  blocks.delete('');
  return [...blocks.values(), ...(shared ? [shared] : [])];
}

/**
 * Block-coordinate polish: a short Nelder–Mead on each block of dimensions (one channel's carry-over and saturation,
 * then the rest) with the others held, cycled. A simplex over all of a many-channel model's dimensions stalls in a
 * few hundred evaluations; four at a time it converges, and the channels' curves interact mostly through the fit.
 */
export function blockPolish(
  blocks: readonly number[][],
  bounds: readonly { lower: number; upper: number }[],
  objective: (hyper: number[]) => number,
  start: readonly number[],
  maxEvaluations: number,
  cycles = 3,
): { hyper: number[]; value: number } {
  let hyper = [...start];
  let value = objective(hyper);
  const perBlock = Math.max(8, Math.floor((maxEvaluations - 1) / Math.max(1, blocks.length * cycles)));
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const before = value;
    for (const block of blocks) {
      const sub = (x: number[]) => {
        const full = [...hyper];
        block.forEach((k, i) => (full[k] = x[i]!));
        return objective(full);
      };
      const found = nelderMead(
        block.map((k) => bounds[k]!),
        sub,
        block.map((k) => hyper[k]!),
        perBlock,
      );
      if (found.value < value) {
        const next = [...hyper];
        block.forEach((k, i) => (next[k] = found.hyper[i]!));
        hyper = next;
        value = found.value;
      }
    }
    if (before - value <= 1e-9 * (1 + Math.abs(value))) break;
  }
  return { hyper, value };
}
