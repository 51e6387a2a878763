import { describe, expect, it } from 'vitest';
import { fitWithProgress } from '@lambdas/lib/mmm/fit-with-progress';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { importCsv, parseCsv } from '@shared/mmm/csv-import';
import { fitSequential } from '@shared/mmm/fit';
import { fixtureMapping as mapping, MMM_FIXTURE as FIXTURE } from '@tests/support/mmm-tables';

describe('fitWithProgress', () => {
  it('reports rising progress and gives exactly the one-thread library fit', async () => {
    const imported = importCsv(parseCsv(FIXTURE), mapping);
    if (!imported.ok) throw new Error('fixture does not import');
    const config = fitConfig({ adstock: 'geometric', saturation: 'hill', quality: 'quick' });
    const seen: number[] = [];
    const raw = await fitWithProgress(imported.data, config, (percent) => {
      seen.push(percent);
    });
    expect(seen.length).toBeGreaterThan(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBeLessThan(100);
    const reference = fitSequential(imported.data, config);
    expect(raw.chosen.hyper).toEqual(reference.chosen.hyper);
    expect(raw.draws).toEqual(reference.draws);
  }, 120_000);

  it('with adaptive chains runs them as a second pass and still gives exactly the one-thread library fit', async () => {
    const imported = importCsv(parseCsv(FIXTURE), mapping);
    if (!imported.ok) throw new Error('fixture does not import');
    const quick = fitConfig({ adstock: 'geometric', saturation: 'hill', quality: 'quick' });
    const config = { ...quick, bootstrap: { ...quick.bootstrap, replicates: 6, chainSweeps: 0, chainSteps: 30 } };
    const stages: string[] = [];
    const raw = await fitWithProgress(imported.data, config, (_, stage) => {
      stages.push(stage);
    });
    expect(stages.some((s) => s.includes('chains'))).toBe(true);
    const replicates = raw.draws.filter((d) => d.source === 'bootstrap');
    expect(replicates).toHaveLength(6);
    for (const d of replicates) {
      expect(d.chain?.steps).toBe(30);
      expect(d.chain!.acceptance).toBeGreaterThan(0);
    }
    expect(raw.draws).toEqual(fitSequential(imported.data, config).draws);
  }, 120_000);
});
