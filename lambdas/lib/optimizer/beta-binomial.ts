/**
 * Bayesian beta-binomial comparison of ads on a rate (CTR: clicks of impressions; conversion
 * rate: results of link clicks). Each ad's rate has a Beta(1 + successes, 1 + failures)
 * posterior (uniform prior). For two ads the probability that one beats the other is exact
 * (Evan Miller's closed form); for any number of ads the probability each is best is the integral
 * ∫ f_i(x) Π_{j≠i} F_j(x) dx, computed by quadrature on a grid fitted to each posterior. Seeded
 * Monte Carlo is kept as a cross-check: at 20,000 draws it cost ~40 ms per ad set, 28 s for an
 * account of 600 ad sets and 2,000 ads, past the function's time limit; the quadrature takes well
 * under a millisecond and gives the same answer every time.
 */

export interface Arm {
  id: string;
  successes: number;
  trials: number;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7): accurate to ~1e-13, plenty for probabilities. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/**
 * P(rate of `b` > rate of `a`), exactly: Σ_{i=0}^{αb−1} B(αa+i, βa+βb) / ((βb+i) B(1+i, βb) B(αa, βa))
 * with α = 1 + successes, β = 1 + failures (α integer, as counts are).
 */
export function probabilityBBeatsA(a: Arm, b: Arm): number {
  const [alphaA, betaA] = [1 + a.successes, 1 + a.trials - a.successes];
  const [alphaB, betaB] = [1 + b.successes, 1 + b.trials - b.successes];
  const base = logBeta(alphaA, betaA);
  let total = 0;
  for (let i = 0; i < alphaB; i += 1) {
    total += Math.exp(logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - base);
  }
  return Math.min(1, Math.max(0, total));
}

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function standardNormal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape ≥ 1 here: α, β ≥ 1). */
function gammaSample(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = standardNormal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

export function betaSample(alpha: number, beta: number, random: () => number): number {
  const x = gammaSample(alpha, random);
  return x / (x + gammaSample(beta, random));
}

/** A stable 32-bit seed from the arms' data, so a recommendation does not flicker between requests. */
function seedOf(arms: readonly Arm[]): number {
  let hash = 2166136261;
  for (const char of arms.map((a) => `${a.id}:${a.successes}/${a.trials}`).join('|')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  }
  return hash >>> 0;
}

/** Grid points per arm, spread over its posterior's mean ± `SPREAD_SDS` standard deviations. */
const POINTS_PER_ARM = 300;
/** Beyond 16 sd even a skewed Beta(1, n) (an exponential) keeps less than 1e-7 of its mass. */
const SPREAD_SDS = 16;

function betaShape(arm: Arm): { alpha: number; beta: number } {
  return { alpha: 1 + arm.successes, beta: 1 + arm.trials - arm.successes };
}

/** ln x and ln(1 − x) at every grid point, computed once and shared by every arm's density. */
function gridLogs(grid: readonly number[]): { logX: Float64Array; log1mX: Float64Array } {
  const logX = new Float64Array(grid.length);
  const log1mX = new Float64Array(grid.length);
  grid.forEach((x, k) => {
    logX[k] = x <= 0 ? -Infinity : Math.log(x);
    log1mX[k] = x >= 1 ? -Infinity : Math.log1p(-x);
  });
  return { logX, log1mX };
}

/** Beta density on the grid, 0 outside (0, 1) except where it is finite at the edge (α or β = 1). */
function betaDensities(logs: { logX: Float64Array; log1mX: Float64Array }, alpha: number, beta: number): Float64Array {
  const logNorm = logBeta(alpha, beta);
  const density = new Float64Array(logs.logX.length);
  for (let k = 0; k < density.length; k += 1) {
    const left = alpha === 1 ? 0 : (alpha - 1) * logs.logX[k]!;
    const right = beta === 1 ? 0 : (beta - 1) * logs.log1mX[k]!;
    density[k] = Math.exp(left + right - logNorm);
  }
  return density;
}

/** Answers already computed, by the arms' data: an account's ads keep their figures between requests. */
const ANSWERS_KEPT = 5_000;
const answers = new Map<string, Record<string, number>>();

function remembered(key: string, compute: () => Record<string, number>): Record<string, number> {
  const known = answers.get(key);
  if (known) return { ...known };
  const answer = compute();
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  answers.set(key, answer);
  return { ...answer };
}

/**
 * P(each arm has the highest rate) by quadrature: one grid that is fine (0.1 sd) around every
 * arm's posterior, each arm's density and CDF (cumulative trapezoid) on it, then
 * ∫ f_i Π_{j≠i} F_j by the trapezoid rule. Within 1e-4 of the closed form for two arms (tested).
 * The logarithms are taken once per grid point, and an answer is kept for the same arms: this was
 * most of the optimizer's own time on an account of 200 campaigns (issue 23).
 */
export function probabilityBestByQuadrature(arms: readonly Arm[]): Record<string, number> {
  const key = arms.map((a) => `${a.id}:${a.successes}/${a.trials}`).join('|');
  return remembered(key, () => quadrature(arms));
}

function quadrature(arms: readonly Arm[]): Record<string, number> {
  const shapes = arms.map(betaShape);
  const points: number[] = [0, 1];
  for (const { alpha, beta } of shapes) {
    const n = alpha + beta;
    const mean = alpha / n;
    const sd = Math.sqrt((alpha * beta) / (n * n * (n + 1)));
    const lo = Math.max(0, mean - SPREAD_SDS * sd);
    const hi = Math.min(1, mean + SPREAD_SDS * sd);
    for (let k = 0; k <= POINTS_PER_ARM; k += 1) points.push(lo + ((hi - lo) * k) / POINTS_PER_ARM);
  }
  points.sort((a, b) => a - b);
  const grid = points.filter((x, i) => i === 0 || x > points[i - 1]!);
  const logs = gridLogs(grid);
  const densities = shapes.map(({ alpha, beta }) => betaDensities(logs, alpha, beta));
  const cdfs = densities.map((density) => {
    const cdf = new Float64Array(grid.length);
    for (let k = 1; k < grid.length; k += 1) {
      cdf[k] = cdf[k - 1]! + ((density[k]! + density[k - 1]!) / 2) * (grid[k]! - grid[k - 1]!);
    }
    const total = cdf[grid.length - 1]! || 1;
    for (let k = 0; k < grid.length; k += 1) cdf[k] = cdf[k]! / total;
    return cdf;
  });
  const raw = arms.map((_, i) => {
    let integral = 0;
    let previous = 0;
    for (let k = 0; k < grid.length; k += 1) {
      let value = densities[i]![k]!;
      for (let j = 0; j < arms.length && value > 0; j += 1) if (j !== i) value *= cdfs[j]![k]!;
      if (k > 0) integral += ((value + previous) / 2) * (grid[k]! - grid[k - 1]!);
      previous = value;
    }
    return integral;
  });
  const sum = raw.reduce((total, p) => total + p, 0) || 1;
  return Object.fromEntries(arms.map((arm, index) => [arm.id, raw[index]! / sum]));
}

/** The probability each arm is best from seeded Monte Carlo draws: the cross-check for the quadrature. */
export function probabilityBestMonteCarlo(
  arms: readonly Arm[],
  options: { draws: number; seed?: number },
): Record<string, number> {
  const random = seededRandom(options.seed ?? seedOf(arms));
  const wins = new Array<number>(arms.length).fill(0);
  for (let draw = 0; draw < options.draws; draw += 1) {
    let best = 0;
    let bestValue = -1;
    arms.forEach((arm, index) => {
      const value = betaSample(1 + arm.successes, 1 + arm.trials - arm.successes, random);
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    });
    wins[best]! += 1;
  }
  return Object.fromEntries(arms.map((arm, index) => [arm.id, wins[index]! / options.draws]));
}

/**
 * The probability each arm has the highest rate: exact for two arms, quadrature for more (or
 * seeded Monte Carlo when asked for). Keys are the arms' ids; values add up to 1.
 */
export function probabilityBest(
  arms: readonly Arm[],
  options: { method?: 'quadrature' | 'monte-carlo'; draws?: number; seed?: number } = {},
): Record<string, number> {
  if (arms.length === 0) return {};
  if (arms.length === 1) return { [arms[0]!.id]: 1 };
  if (arms.length === 2) {
    const [a, b] = arms as [Arm, Arm];
    const bBest = probabilityBBeatsA(a, b);
    return { [a.id]: 1 - bBest, [b.id]: bBest };
  }
  if (options.method === 'monte-carlo') {
    return probabilityBestMonteCarlo(arms, {
      draws: options.draws ?? 20_000,
      ...(options.seed ? { seed: options.seed } : {}),
    });
  }
  return probabilityBestByQuadrature(arms);
}
