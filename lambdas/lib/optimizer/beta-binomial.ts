/**
 * Bayesian beta-binomial comparison of ads on a rate (CTR: clicks of impressions; conversion
 * rate: results of link clicks). Each ad's rate has a Beta(1 + successes, 1 + failures)
 * posterior (uniform prior). For two ads the probability that one beats the other is exact
 * (Evan Miller's closed form); for any number of ads the probability each is best comes from
 * seeded Monte Carlo draws, so the same data always gives the same answer.
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

/**
 * The probability each arm has the highest rate: exact for two arms, seeded Monte Carlo for more.
 * Keys are the arms' ids; values add up to 1.
 */
export function probabilityBest(
  arms: readonly Arm[],
  options: { draws: number; seed?: number },
): Record<string, number> {
  if (arms.length === 0) return {};
  if (arms.length === 1) return { [arms[0]!.id]: 1 };
  if (arms.length === 2) {
    const [a, b] = arms as [Arm, Arm];
    const bBest = probabilityBBeatsA(a, b);
    return { [a.id]: 1 - bBest, [b.id]: bBest };
  }
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
