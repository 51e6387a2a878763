/**
 * Recovery study (issue 14, point 6): 30 simulated replicates, 4 channels, 208 weeks, true adstock
 * α in [0.1, 0.8]; the fitted ROAS must track the truth and its 90 % intervals must cover it.
 */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { quantile, summarise } from '@shared/mmm/outputs';
import { ConfigSchema } from '@shared/mmm/spec';
import { simulate } from './support/simulate';

const config = ConfigSchema.parse({
  adstock: 'geometric-normalised',
  saturation: 'logistic',
  lMax: 8,
  objectives: 'nrmse',
  ranges: { decay: [0, 0.9], logisticLambda: [0.1, 10] },
  log10Lambda: [-6, -1],
  baseline: { mode: 'in-model', changepoints: 3, fourierOrder: 2 },
  search: { seed: 11, trials: 2, populationSize: 20, generations: 30, polishEvaluations: 300 },
  bootstrap: { replicates: 30, refitEvaluations: 100, level: 0.9 },
});

describe('recovery study on simulated data', () => {
  it('recovers ROAS across 30 replicates: median error ≤ 10 %, p90 ≤ 25 %, 90 % intervals cover ≥ 75 %', () => {
    const errors: number[] = [];
    let covered = 0;
    for (let replicate = 0; replicate < 30; replicate += 1) {
      const { data, truth } = simulate(5000 + replicate, 4, 208);
      expect(truth.alpha.every((a) => a >= 0.1 && a <= 0.8)).toBe(true);
      const summary = summarise(fitSequential(data, config));
      summary.channels.forEach((channel, c) => {
        const roi = channel.roi!;
        errors.push(Math.abs(roi.estimate / truth.roas[c]! - 1));
        if (roi.low <= truth.roas[c]! && truth.roas[c]! <= roi.high) covered += 1;
      });
    }
    errors.sort((a, b) => a - b);
    const median = quantile(errors, 0.5);
    const p90 = quantile(errors, 0.9);
    const coverage = covered / errors.length;
    console.log(
      `recovery: median |ROAS err| ${(median * 100).toFixed(1)} %, p90 ${(p90 * 100).toFixed(1)} %, 90 % interval coverage ${(coverage * 100).toFixed(1)} %`,
    );
    expect(errors).toHaveLength(120);
    expect(median).toBeLessThanOrEqual(0.1);
    expect(p90).toBeLessThanOrEqual(0.25);
    expect(coverage).toBeGreaterThanOrEqual(0.75);
  });
});
