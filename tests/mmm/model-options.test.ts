/** Every adstock × saturation form fits, time splits report validation and test metrics, bad settings are refused. */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { adstockCurve, createProblem } from '@shared/mmm/problem';
import { summarise } from '@shared/mmm/outputs';
import { ADSTOCK_KINDS, ConfigSchema, DatasetSchema, SATURATION_KINDS } from '@shared/mmm/spec';
import { pymcExample } from './support/fixtures';

const quick = {
  search: { seed: 3, trials: 1, populationSize: 12, generations: 8, polishEvaluations: 50 },
  bootstrap: { replicates: 3, refitEvaluations: 20 },
};

describe('model options', () => {
  const data = pymcExample();

  it.each(ADSTOCK_KINDS.flatMap((a) => SATURATION_KINDS.map((s) => [a, s] as const)))(
    '%s adstock with %s saturation fits',
    (adstock, saturation) => {
      const config = ConfigSchema.parse({ adstock, saturation, ...quick, ranges: { weibullScale: [0, 0.3] } });
      const summary = summarise(fitSequential(data, config));
      expect(summary.metrics.train.r2).toBeGreaterThan(0.5);
      for (const channel of summary.channels) {
        expect(channel.coefficient).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(channel.roi!.estimate)).toBe(true);
        expect(channel.roi!.low).toBeLessThanOrEqual(channel.roi!.high);
        const curve = adstockCurve(channel.transform.adstock, 10);
        expect(curve.every((w) => w >= 0 && w <= 1 + 1e-12)).toBe(true);
      }
    },
  );

  it('splits by time: trains on the first 70 %, reports validation and test metrics', () => {
    const config = ConfigSchema.parse({ ...quick, split: { train: 0.7, validation: 0.15 } });
    const raw = fitSequential(data, config);
    expect(raw.problem.nTrain).toBe(Math.round(179 * 0.7));
    expect(raw.chosen.metrics.validation).toBeDefined();
    expect(raw.chosen.metrics.test).toBeDefined();
    // The search's objective is the validation NRMSE.
    expect(raw.selection.chosen.nrmse).toBeCloseTo(raw.chosen.metrics.validation!.nrmse, 10);
  });

  it('an effect prior (half-normal on ROAS) shrinks every paid ROAS at the same curves and counts in the MAP loss', () => {
    const map = ConfigSchema.parse({ ...quick, objectives: 'map' });
    const flat = createProblem(data, map);
    const hyper = flat.dimensions.map((d) => (d.lower + d.upper) / 2);
    const shrunk = createProblem(data, ConfigSchema.parse({ ...map, effectPrior: 0.05 }));
    const roas = (fit: ReturnType<typeof flat.fit>) =>
      data.channels.map(
        (c, k) => fit.mediaContributions[k]!.reduce((a, b) => a + b, 0) / c.spend.reduce((a, b) => a + b, 0),
      );
    const before = roas(flat.fit(hyper));
    const after = roas(shrunk.fit(hyper));
    after.forEach((r, k) => expect(r).toBeLessThan(before[k]!));
    // The loss gains Σ ROAS² / (2 s²), s = 0.05 × KPI per unit of spend.
    const kpiPerSpend =
      data.kpi.reduce((a, b) => a + b, 0) / data.channels.reduce((a, c) => a + c.spend.reduce((x, y) => x + y, 0), 0);
    const prior = after.reduce((sum, r) => sum + r ** 2 / (2 * (0.05 * kpiPerSpend) ** 2), 0);
    expect(prior).toBeGreaterThan(0);
    // What is left after the prior's term is the likelihood's, worse than the unshrunk fit's (it gave up fit).
    expect(shrunk.evaluate(hyper).loss! - prior).toBeGreaterThan(flat.evaluate(hyper).loss!);
    // Without the posterior (objectives other than map) the option does nothing.
    const nrmse = ConfigSchema.parse({ ...quick, objectives: 'nrmse', effectPrior: 0.05 });
    expect(roas(createProblem(data, nrmse).fit(hyper))).toEqual(
      roas(createProblem(data, ConfigSchema.parse({ ...quick, objectives: 'nrmse' })).fit(hyper)),
    );
  });

  it('refuses inconsistent data and settings', () => {
    expect(() => DatasetSchema.parse({ ...data, kpi: data.kpi.slice(1) })).toThrow(/kpi length/);
    expect(() => DatasetSchema.parse({ ...data, channels: [{ name: 'x', spend: data.kpi.map(() => -1) }] })).toThrow();
    expect(() => ConfigSchema.parse({ ranges: { decay: [0.8, 0.1] } })).toThrow();
  });
});
