/** Same seed → identical results; another seed → another search; the JSON export reloads to the same model. */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { exportModel, loadModel } from '@shared/mmm/model-export';
import { summarise } from '@shared/mmm/outputs';
import { ConfigSchema, type MmmConfigInput } from '@shared/mmm/spec';
import { robynDemo } from './support/fixtures';

const settings = (seed: number): MmmConfigInput => ({
  window: { start: '2016-01-04', end: '2018-12-31' },
  baseline: { mode: 'decomposed', changepoints: 10, changepointPenalty: 100, fourierOrder: 4, holidays: 'DE' },
  search: { seed, trials: 2, populationSize: 16, generations: 10 },
  bootstrap: { replicates: 4, refitEvaluations: 20 },
});

describe('determinism and export', () => {
  const data = robynDemo();
  const first = fitSequential(data, ConfigSchema.parse(settings(42)));

  it('gives bit-identical results for the same seed', () => {
    const again = fitSequential(data, ConfigSchema.parse(settings(42)));
    expect(again.selection.chosen.hyper).toEqual(first.selection.chosen.hyper);
    expect(again.selection.front).toEqual(first.selection.front);
    expect(again.draws).toEqual(first.draws);
    expect(summarise(again)).toEqual(summarise(first));
  });

  it('searches differently with another seed', () => {
    const other = fitSequential(data, ConfigSchema.parse(settings(43)));
    expect(other.selection.chosen.hyper).not.toEqual(first.selection.chosen.hyper);
  });

  it('exports JSON that reloads to the same model, and rejects a damaged export', () => {
    const json = JSON.parse(JSON.stringify(exportModel(first))) as unknown;
    const reloaded = loadModel(json);
    expect(summarise(reloaded)).toEqual(summarise(first));
    expect(() => loadModel({ ...(json as object), format: 'other' })).toThrow();
    const broken = JSON.parse(JSON.stringify(json)) as { chosen: { hyper: number[] } };
    broken.chosen.hyper.pop();
    expect(() => loadModel(broken)).toThrow(/hyperparameters/);
  });
});
