/** The `map` selection: priors as PyMC-Marketing states them, and candidates scored by likelihood plus priors. */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { priorPenalty } from '@shared/mmm/priors';
import { ConfigSchema } from '@shared/mmm/spec';
import { pymcExample } from './support/fixtures';

describe('map selection', () => {
  it('penalises as the priors’ log densities do (differences, constants aside)', () => {
    // Beta(1, 3): log p(0.5) − log p(0) = 2·ln(0.5).
    expect(priorPenalty('decay', 0.5) - priorPenalty('decay', 0)).toBeCloseTo(-2 * Math.log(0.5), 12);
    // Gamma(3, 1): log p(λ) = 2 ln λ − λ + c.
    expect(priorPenalty('logisticLambda', 2) - priorPenalty('logisticLambda', 1)).toBeCloseTo(1 - 2 * Math.log(2), 12);
    // HalfNormal(1.5).
    expect(priorPenalty('hillAlpha', 3)).toBeCloseTo(9 / (2 * 2.25), 12);
    expect(priorPenalty('lambda', 3)).toBe(0);
  });

  it('scores the chosen model by its loss: n·ln NRMSE plus the priors’ penalty', () => {
    const config = ConfigSchema.parse({
      objectives: 'map',
      search: { seed: 3, trials: 1, populationSize: 12, generations: 8, polishEvaluations: 0 },
      bootstrap: { replicates: 0 },
    });
    const raw = fitSequential(pymcExample(), config);
    const chosen = raw.selection.chosen;
    expect(chosen.loss).toBeDefined();
    const again = raw.problem.evaluate(chosen.hyper);
    expect(again.loss).toBeCloseTo(chosen.loss!, 9);
    expect(again.loss! - raw.problem.nTrain * Math.log(again.nrmse)).toBeGreaterThan(0);
  });
});
