/**
 * Robyn's demo (dt_simulated_weekly, demo.R's channels, ranges and window 2016-01-04..2018-12-31,
 * DE holidays, Prophet-style baseline): 10,000 candidate fits over NRMSE and DECOMP.RSSD; the knee
 * of the Pareto front must reach adjusted R² ≥ 0.88 and NRMSE ≤ 0.075 with every media coefficient ≥ 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fitSequential, type RawFit } from '@shared/mmm/fit';
import { robynDemo } from './support/fixtures';
import { robynDemoConfig } from './support/robyn-demo-config';

describe("Robyn's demo data", () => {
  let raw: RawFit;
  beforeAll(() => {
    raw = fitSequential(robynDemo(), robynDemoConfig);
  });

  it('searches 10,000 candidates and keeps a Pareto front over NRMSE and DECOMP.RSSD', () => {
    expect(raw.selection.evaluations).toBe(10_000);
    const front = raw.selection.front;
    expect(front.length).toBeGreaterThan(3);
    for (let i = 1; i < front.length; i += 1) {
      expect(front[i]!.nrmse).toBeGreaterThanOrEqual(front[i - 1]!.nrmse);
      expect(front[i]!.rssd).toBeLessThan(front[i - 1]!.rssd);
    }
    expect(front).toContain(raw.selection.chosen);
  });

  it('its knee model reaches adjusted R² ≥ 0.88 and NRMSE ≤ 0.075 over 157 weeks', () => {
    expect(raw.problem.dates[0]).toBe('2016-01-04');
    expect(raw.problem.dates.at(-1)).toBe('2018-12-31');
    expect(raw.chosen.metrics.train.adjR2).toBeGreaterThanOrEqual(0.88);
    expect(raw.chosen.metrics.train.nrmse).toBeLessThanOrEqual(0.075);
  });

  it('keeps every media coefficient ≥ 0 on every Pareto model', () => {
    for (const candidate of raw.selection.front) {
      for (const c of raw.problem.fit(candidate.hyper).coefficients) {
        if (c.kind === 'media' || c.kind === 'organic') expect(c.value).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
