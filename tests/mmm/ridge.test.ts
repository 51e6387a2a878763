/** The box-constrained ridge solver against the closed form, its KKT conditions, and media signs in a fit. */
import { describe, expect, it } from 'vitest';
import { createProblem } from '@shared/mmm/problem';
import { createRandom } from '@shared/mmm/random';
import { solveBoxRidge } from '@shared/mmm/ridge';
import { ConfigSchema } from '@shared/mmm/spec';
import { robynDemo } from './support/fixtures';

/** A correlated design, standardised, in Gram form. */
function design(seed: number, n: number, p: number) {
  const random = createRandom(seed);
  const shared = Array.from({ length: n }, () => random.normal());
  const x = Array.from({ length: p }, (_, j) =>
    Array.from({ length: n }, (_, t) => 0.6 * shared[t]! + random.normal() + j * 0.1),
  );
  const truth = Array.from({ length: p }, (_, j) => (j % 3 === 0 ? -1 : 1) * (0.5 + j / p));
  const y = shared.map((_, t) => x.reduce((s, col, j) => s + truth[j]! * col[t]!, 0) + 0.5 * random.normal());
  const stats = (v: number[]) => {
    const mean = v.reduce((a, b) => a + b, 0) / n;
    return { mean, sd: Math.sqrt(v.reduce((s, a) => s + (a - mean) ** 2, 0) / n) };
  };
  const z = x.map((col) => {
    const { mean, sd } = stats(col);
    return col.map((v) => (v - mean) / sd);
  });
  const ys = (() => {
    const { mean, sd } = stats(y);
    return y.map((v) => (v - mean) / sd);
  })();
  const gram = new Float64Array(p * p);
  const rhs = new Float64Array(p);
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j < p; j += 1) gram[i * p + j] = z[i]!.reduce((s, v, t) => s + v * z[j]![t]!, 0) / n;
    rhs[i] = z[i]!.reduce((s, v, t) => s + v * ys[t]!, 0) / n;
  }
  return { gram, rhs };
}

/** (G + λI)⁻¹ b by Gauss–Jordan elimination with partial pivoting: an independent closed form. */
function closedForm(gram: Float64Array, rhs: Float64Array, p: number, lambda: number): number[] {
  const m = Array.from({ length: p }, (_, i) => [
    ...Array.from({ length: p }, (_, j) => gram[i * p + j]! + (i === j ? lambda : 0)),
    rhs[i]!,
  ]);
  for (let c = 0; c < p; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < p; r += 1) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < p; r += 1) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= p; k += 1) m[r]![k] = m[r]![k]! - f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[p]! / row[i]!);
}

const free = (p: number) => ({ lower: new Float64Array(p).fill(-Infinity), upper: new Float64Array(p).fill(Infinity) });

describe('ridge with box constraints', () => {
  it.each([
    [1, 200, 8, 0.01],
    [2, 60, 15, 0.3],
    [3, 500, 4, 1e-6],
  ])('unconstrained equals the closed form to 1e-8 (seed %i, n %i, p %i, λ %f)', (seed, n, p, lambda) => {
    const { gram, rhs } = design(seed, n, p);
    const expected = closedForm(gram, rhs, p, lambda);
    const exact = solveBoxRidge({ gram, rhs, p, lambda, ...free(p) });
    const cd = solveBoxRidge(
      { gram, rhs, p, lambda, ...free(p) },
      { coordinateDescentOnly: { tolerance: 1e-15, maxSweeps: 200_000 } },
    );
    expected.forEach((e, j) => {
      expect(Math.abs(exact[j]! - e)).toBeLessThan(1e-8);
      expect(Math.abs(cd[j]! - e)).toBeLessThan(1e-8);
    });
  });

  it('respects the box and meets the KKT conditions when bounds bind', () => {
    const p = 10;
    const lambda = 0.05;
    const { gram, rhs } = design(4, 150, p);
    const lower = new Float64Array(p).fill(0);
    const upper = new Float64Array(p).fill(0.8);
    const beta = solveBoxRidge({ gram, rhs, p, lambda, lower, upper });
    const unconstrained = closedForm(gram, rhs, p, lambda);
    expect(unconstrained.some((v) => v < 0)).toBe(true);
    let bound = 0;
    beta.forEach((b, j) => {
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(0.8);
      let grad = -rhs[j]! + lambda * b;
      for (let k = 0; k < p; k += 1) grad += gram[j * p + k]! * beta[k]!;
      if (b === 0) {
        bound += 1;
        expect(grad).toBeGreaterThanOrEqual(-1e-9);
      } else if (b === 0.8) {
        bound += 1;
        expect(grad).toBeLessThanOrEqual(1e-9);
      } else expect(Math.abs(grad)).toBeLessThan(1e-9);
    });
    expect(bound).toBeGreaterThan(0);
    // Pure coordinate descent reaches the same optimum.
    const cd = solveBoxRidge(
      { gram, rhs, p, lambda, lower, upper },
      { coordinateDescentOnly: { tolerance: 1e-15, maxSweeps: 200_000 } },
    );
    cd.forEach((v, j) => expect(Math.abs(v - beta[j]!)).toBeLessThan(1e-8));
  });

  it('keeps every media coefficient ≥ 0 and a negative-signed control ≤ 0 in a real fit', () => {
    const data = robynDemo();
    data.controls[0]!.sign = 'negative';
    const problem = createProblem(data, ConfigSchema.parse({ window: { start: '2016-01-04', end: '2018-12-31' } }));
    const random = createRandom(3);
    for (let i = 0; i < 20; i += 1) {
      const fit = problem.fit(problem.dimensions.map((d) => d.lower + random.next() * (d.upper - d.lower)));
      for (const c of fit.coefficients) {
        if (c.kind === 'media' || c.kind === 'organic') expect(c.value).toBeGreaterThanOrEqual(0);
        if (c.name === 'competitor_sales_B') expect(c.value).toBeLessThanOrEqual(0);
      }
    }
  });
});
