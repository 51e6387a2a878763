/**
 * PyMC-Marketing's mmm_example (generating process in shared/reference/mmm/anchors-notes.md):
 * ROAS of x1 and x2 within 10 % of the truth, |α − true| ≤ 0.05, R² within 0.94–0.96.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fitSequential, type RawFit } from '@shared/mmm/fit';
import { type MmmSummary, summarise } from '@shared/mmm/outputs';
import { ConfigSchema } from '@shared/mmm/spec';
import { pymcExample } from './support/fixtures';

/** The DGP's truth: contribution per unit of spend, and the adstock α of each channel. */
const TRUE_ROAS = { x1: 4967.8, x2: 2274.9 };
const TRUE_ALPHA = { x1: 0.4, x2: 0.2 };

// The same model family as the generating process: normalised geometric adstock (l_max 8) and logistic saturation.
const config = ConfigSchema.parse({
  adstock: 'geometric-normalised',
  saturation: 'logistic',
  lMax: 8,
  objectives: 'nrmse',
  ranges: { decay: [0, 0.9], logisticLambda: [0.1, 10] },
  log10Lambda: [-6, -1],
  baseline: { mode: 'in-model', changepoints: 3, fourierOrder: 2 },
  search: { seed: 7, trials: 2, populationSize: 24, generations: 40, polishEvaluations: 400 },
  bootstrap: { replicates: 20, refitEvaluations: 120 },
});

describe('PyMC-Marketing mmm_example', () => {
  let raw: RawFit;
  let summary: MmmSummary;
  beforeAll(() => {
    raw = fitSequential(pymcExample(), config);
    summary = summarise(raw);
  });

  it('recovers ROAS of x1 and x2 within 10 % of the truth', () => {
    for (const channel of summary.channels) {
      const truth = TRUE_ROAS[channel.name as keyof typeof TRUE_ROAS];
      expect(Math.abs(channel.roi!.estimate / truth - 1)).toBeLessThanOrEqual(0.1);
      expect(channel.roi!.low).toBeLessThanOrEqual(channel.roi!.estimate);
      expect(channel.roi!.high).toBeGreaterThanOrEqual(channel.roi!.estimate);
    }
  });

  it('recovers the adstock α within 0.05', () => {
    summary.channels.forEach((channel) => {
      const truth = TRUE_ALPHA[channel.name as keyof typeof TRUE_ALPHA];
      expect(Math.abs(channel.transform.adstock.decay! - truth)).toBeLessThanOrEqual(0.05);
    });
  });

  it('fits with R² within 0.94–0.96 (the noise floor is 0.950)', () => {
    expect(summary.metrics.train.r2).toBeGreaterThanOrEqual(0.94);
    expect(summary.metrics.train.r2).toBeLessThanOrEqual(0.96);
  });

  it('decomposes the KPI exactly: components add up to the fitted values', () => {
    summary.fitted.forEach((fitted, t) => {
      const sum = summary.decomposition.reduce((s, d) => s + d.values[t]!, 0);
      expect(Math.abs(sum - fitted)).toBeLessThan(1e-6 * Math.abs(fitted));
    });
    expect(raw.draws).toHaveLength(20);
  });
});
