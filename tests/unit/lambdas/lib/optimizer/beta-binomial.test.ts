import { describe, expect, it } from 'vitest';
import {
  betaSample,
  logGamma,
  probabilityBBeatsA,
  probabilityBest,
  probabilityBestByQuadrature,
  seededRandom,
} from '@lambdas/lib/optimizer/beta-binomial';

describe('beta-binomial maths', () => {
  it('ln Γ matches known values', () => {
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 8);
  });

  it.each([
    // Beta(1,1) vs Beta(1,1): a coin toss.
    { a: [0, 0], b: [0, 0], p: 0.5 },
    // Beta(1,1) vs Beta(2,1): ∫ 2x · x dx = 2/3.
    { a: [0, 0], b: [1, 1], p: 2 / 3 },
    // Beta(2,1) vs Beta(1,1): 1/3, by symmetry.
    { a: [1, 1], b: [0, 0], p: 1 / 3 },
    // Beta(1,2) vs Beta(2,1): 1 − P(X>Y) with X~Beta(1,2) → ∫∫ = 5/6.
    { a: [0, 1], b: [1, 1], p: 5 / 6 },
  ])('P(b beats a) exact for a=$a b=$b', ({ a, b, p }) => {
    const arm = ([successes, trials]: number[], id: string) => ({ id, successes: successes!, trials: trials! });
    expect(probabilityBBeatsA(arm(a, 'a'), arm(b, 'b'))).toBeCloseTo(p, 10);
  });

  it('is symmetric and near-certain on big, different samples', () => {
    const a = { id: 'a', successes: 100, trials: 10_000 };
    const b = { id: 'b', successes: 160, trials: 10_000 };
    expect(probabilityBBeatsA(a, b) + probabilityBBeatsA(b, a)).toBeCloseTo(1, 6);
    expect(probabilityBBeatsA(a, b)).toBeGreaterThan(0.999);
  });

  it('samples Beta with the right mean (seeded)', () => {
    const random = seededRandom(7);
    let total = 0;
    for (let i = 0; i < 20_000; i += 1) total += betaSample(3, 7, random);
    expect(total / 20_000).toBeCloseTo(0.3, 2);
  });

  it('Monte Carlo probability best agrees with the exact answer and is the same on every call', () => {
    const arms = [
      { id: 'a', successes: 30, trials: 1000 },
      { id: 'b', successes: 42, trials: 1000 },
      { id: 'c', successes: 0, trials: 1 },
    ];
    // Arm c has almost no data but could be anything: it keeps a real share of "best".
    const best = probabilityBest(arms, { method: 'monte-carlo', draws: 40_000 });
    expect(Object.values(best).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    expect(probabilityBest(arms, { method: 'monte-carlo', draws: 40_000 })).toEqual(best);
    const twoArm = probabilityBest(arms.slice(0, 2), { draws: 0 });
    expect(twoArm.b).toBeCloseTo(probabilityBBeatsA(arms[0]!, arms[1]!), 12);
    const threeWithoutC = probabilityBest([...arms.slice(0, 2), { id: 'c', successes: 0, trials: 100_000 }], {
      method: 'monte-carlo',
      draws: 40_000,
    });
    expect(threeWithoutC.b).toBeCloseTo(twoArm.b!, 2);
  });

  it.each([
    { a: [30, 1000], b: [42, 1000] },
    // Zero conversions on one side, a handful on the other.
    { a: [0, 150], b: [3, 160] },
    // CTR-sized samples: narrow posteriors close together.
    { a: [300, 20_000], b: [340, 21_000] },
    // One arm with no data at all against a very narrow one.
    { a: [1, 100_000], b: [0, 1] },
    { a: [5000, 10_000], b: [5100, 10_000] },
  ])('quadrature equals the closed form within 1e-4 for a=$a b=$b', ({ a, b }) => {
    const arms = [
      { id: 'a', successes: a[0]!, trials: a[1]! },
      { id: 'b', successes: b[0]!, trials: b[1]! },
    ];
    expect(Math.abs(probabilityBestByQuadrature(arms).b! - probabilityBBeatsA(arms[0]!, arms[1]!))).toBeLessThan(1e-4);
  });

  it('quadrature agrees with Monte Carlo for several arms and is the default beyond two', () => {
    const arms = [
      { id: 'a', successes: 30, trials: 1000 },
      { id: 'b', successes: 42, trials: 1000 },
      { id: 'c', successes: 0, trials: 1 },
      { id: 'd', successes: 38, trials: 1100 },
    ];
    const quadrature = probabilityBest(arms);
    expect(quadrature).toEqual(probabilityBestByQuadrature(arms));
    expect(Object.values(quadrature).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    const monteCarlo = probabilityBest(arms, { method: 'monte-carlo', draws: 100_000 });
    for (const id of ['a', 'b', 'c', 'd']) expect(Math.abs(quadrature[id]! - monteCarlo[id]!)).toBeLessThan(0.006);
  });

  it('ranks equal arms equally', () => {
    const arms = ['a', 'b', 'c'].map((id) => ({ id, successes: 50, trials: 2000 }));
    const best = probabilityBestByQuadrature(arms);
    for (const id of ['a', 'b', 'c']) expect(best[id]).toBeCloseTo(1 / 3, 4);
  });
});
