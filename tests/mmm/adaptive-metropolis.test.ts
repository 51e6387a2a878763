/**
 * The adaptive chains a bootstrap draw may take after every replicate's refit (`config.bootstrap.chainSteps`): on a
 * known correlated target the chain must have its spread and correlation, accept near the target rate, stay in the
 * bounds, and its effective sample size must read as one.
 */
import { describe, expect, it } from 'vitest';
import { adaptiveMetropolis, cholesky, effectiveSampleSize, proposalFactor } from '@shared/mmm/fit';
import { createRandom } from '@shared/mmm/random';

const bounds = [
  { lower: -1, upper: 1 },
  { lower: -1, upper: 1 },
];
const sds = [0.2, 0.02];
const rho = 0.9;
// −log of a bivariate normal with sds `sds` and correlation `rho`.
const objective = ([x, y]: number[]) => {
  const u = x! / sds[0]!;
  const v = y! / sds[1]!;
  return (u * u - 2 * rho * u * v + v * v) / (2 * (1 - rho * rho));
};

describe('adaptiveMetropolis', () => {
  it('adapts its step from a rough proposal to the target acceptance, within the bounds', () => {
    // A proposal from a rough spread (the diagonal only, too wide on the narrow axis), as replicates might give.
    const factor = cholesky([
      [0.04, 0],
      [0, 0.01],
    ]);
    const chain = adaptiveMetropolis(bounds, objective, [0, 0], 20_000, factor, createRandom(5));
    expect(chain.acceptance).toBeGreaterThan(0.2);
    expect(chain.acceptance).toBeLessThan(0.4);
    expect(chain.trace).toHaveLength(20_000);
    expect(chain.hyper.every((x, k) => x >= bounds[k]!.lower && x <= bounds[k]!.upper)).toBe(true);
  });

  it('its states have the target spread when the proposal follows the replicates’ spread', () => {
    const random = createRandom(9);
    // Replicates scattered as the target: their covariance is the proposal's.
    const replicates = Array.from({ length: 200 }, () => {
      const a = random.normal();
      const b = rho * a + Math.sqrt(1 - rho * rho) * random.normal();
      return [sds[0]! * a, sds[1]! * b];
    });
    const factor = proposalFactor(bounds, replicates);
    const states: number[][] = [];
    let state = [0, 0];
    for (let i = 0; i < 3000; i += 1) {
      const chain = adaptiveMetropolis(bounds, objective, state, 5, factor, random);
      state = chain.hyper;
      states.push(state);
    }
    const kept = states.slice(300);
    const mean = [0, 1].map((k) => kept.reduce((a, s) => a + s[k]!, 0) / kept.length);
    const sd = [0, 1].map((k) => Math.sqrt(kept.reduce((a, s) => a + (s[k]! - mean[k]!) ** 2, 0) / kept.length));
    sds.forEach((truth, k) => {
      expect(sd[k]).toBeGreaterThan(0.8 * truth);
      expect(sd[k]).toBeLessThan(1.2 * truth);
    });
    const correlation =
      kept.reduce((a, s) => a + (s[0]! - mean[0]!) * (s[1]! - mean[1]!), 0) / kept.length / (sd[0]! * sd[1]!);
    expect(correlation).toBeGreaterThan(0.8);
  });
});

describe('effectiveSampleSize', () => {
  it('is about n for independent draws and n(1 − φ)/(1 + φ) for an AR(1) chain', () => {
    const random = createRandom(1);
    const n = 20_000;
    const independent = Array.from({ length: n }, () => random.normal());
    expect(effectiveSampleSize(independent)).toBeGreaterThan(0.85 * n);
    const phi = 0.9;
    const ar: number[] = [0];
    for (let t = 1; t < n; t += 1) ar.push(phi * ar[t - 1]! + random.normal());
    const expected = (n * (1 - phi)) / (1 + phi);
    expect(effectiveSampleSize(ar)).toBeGreaterThan(0.7 * expected);
    expect(effectiveSampleSize(ar)).toBeLessThan(1.3 * expected);
    expect(effectiveSampleSize(new Array<number>(100).fill(3))).toBe(0);
  });
});
