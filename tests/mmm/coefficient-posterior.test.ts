/**
 * Issue 24, requirement 2 ("intervals carry parameter uncertainty"): a draw's media coefficients from their Gaussian
 * posterior given its curves (`Problem.drawCoefficients`, `config.bootstrap.coefficients: 'posterior'`). At known
 * curves with the KPI simulated from them, the draws' 90 % intervals must cover the true coefficients about 90 % of
 * the time: a covariance off by the sample size (σ²/n against σ²) or by the KPI's scale covers almost never or always.
 */
import { describe, expect, it } from 'vitest';
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { mediaBetas } from '@shared/mmm/fit';
import { quantile } from '@shared/mmm/outputs';
import { applyAdstock, createProblem, saturate } from '@shared/mmm/problem';
import { createRandom } from '@shared/mmm/random';
import { ConfigSchema, DatasetSchema } from '@shared/mmm/spec';

const WEEKS = 104;
const TRUE_BETAS = [30_000, 12_000];

function setup() {
  const random = createRandom(11);
  const start = dayNumber('2023-01-02');
  const dates = Array.from({ length: WEEKS }, (_, t) => isoFromDay(start + 7 * t));
  // One channel always on, one flighted (dark one week in three).
  const spend = [
    dates.map(() => 10_000 * Math.exp(0.3 * random.normal())),
    dates.map((_, t) => (t % 3 === 0 ? 0 : 6_000 * Math.exp(0.5 * random.normal()))),
  ];
  const data = DatasetSchema.parse({
    dates,
    kpi: dates.map(() => 100_000),
    channels: [
      { name: 'search', spend: spend[0] },
      { name: 'meta', spend: spend[1] },
    ],
  });
  const config = ConfigSchema.parse({ adstock: 'geometric', saturation: 'hill', objectives: 'map' });
  const problem = createProblem(data, config);
  const hyper = problem.dimensions.map((d) => (d.name === 'lambda' ? -4 : (d.lower + d.upper) / 2));
  // The model's own media columns at these curves: the truth lies inside the model.
  const { transforms } = problem.fit(hyper);
  const columns = spend.map((s, c) =>
    Array.from(applyAdstock(s, transforms[c]!.adstock), (a) => saturate(a, transforms[c]!)),
  );
  return { problem, hyper, columns, random };
}

describe('coefficients drawn from their posterior given the curves', () => {
  it('cover the true coefficients about as often as their level says', () => {
    const { problem, hyper, columns, random } = setup();
    let covered = 0;
    let total = 0;
    for (let trial = 0; trial < 60; trial += 1) {
      const kpi = Float64Array.from(
        { length: WEEKS },
        (_, t) =>
          100_000 + TRUE_BETAS[0]! * columns[0]![t]! + TRUE_BETAS[1]! * columns[1]![t]! + 2_000 * random.normal(),
      );
      const replicate = problem.withKpi(kpi);
      const draws = Array.from({ length: 200 }, () => replicate.drawCoefficients(hyper, () => random.normal()));
      TRUE_BETAS.forEach((truth, c) => {
        const sorted = draws.map((d) => d[c]!).sort((a, b) => a - b);
        if (quantile(sorted, 0.05) <= truth && truth <= quantile(sorted, 0.95)) covered += 1;
        total += 1;
      });
      if (trial === 0) {
        // Centred on the ridge solution at those curves.
        const fitted = mediaBetas(replicate.fit(hyper));
        fitted.forEach((b, c) => {
          const values = draws.map((d) => d[c]!);
          const mean = values.reduce((a, v) => a + v, 0) / values.length;
          const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
          expect(sd).toBeGreaterThan(0);
          expect(Math.abs(mean - b)).toBeLessThan((4 * sd) / Math.sqrt(values.length));
        });
      }
    }
    const coverage = covered / total;
    expect(coverage).toBeGreaterThan(0.8);
    expect(coverage).toBeLessThan(0.97);
  });

  it('keep a media coefficient inside its bounds (never below zero)', () => {
    const { problem, hyper, random } = setup();
    // No media effect at all: the fit puts the coefficients at or near 0, and draws below are clamped there.
    const flat = problem.withKpi(Float64Array.from({ length: WEEKS }, () => 100_000 + 2_000 * random.normal()));
    const draws = Array.from({ length: 100 }, () => flat.drawCoefficients(hyper, () => random.normal()));
    expect(draws.every((d) => d.every((b) => b >= 0))).toBe(true);
    expect(draws.some((d) => d[0] === 0)).toBe(true);
  });
});
