import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDataset } from '@lambdas/marketing-mix/datasets';
import { modelDetail, startFit } from '@lambdas/marketing-mix/models';
import { fitConfig, runFitJob } from '@lambdas/marketing-mix-worker/run-fit-job';
import { tableKey } from '@shared/table-keys';
import { StartFitBodySchema } from '@shared/schemas/mmm';
import { fitDeps, fixtureMapping as mapping, MMM_FIXTURE as FIXTURE, withMmmTables } from '@tests/support/mmm-tables';

const local = withMmmTables();
const { queued, deps } = fitDeps(() => local.tables);

describe('runFitJob', () => {
  it('marks a fit failed with the reason when its dataset is gone', async () => {
    const { tables, aws } = local;
    const dataset = await createDataset(tables, 'user-f', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-f', {
      datasetId: dataset.id,
      name: 'm',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    await aws.doc.send(
      new DeleteCommand({ TableName: tables.datasets, Key: tableKey('mmmDatasets', 'user-f', dataset.id) }),
    );
    expect(await runFitJob({ tables, log: () => undefined }, { userId: 'user-f', modelId: model.id })).toBe('failed');
    const detail = await modelDetail(tables, 'user-f', model.id);
    expect(detail.model.status).toBe('failed');
    expect(detail.model.error).toMatch(/dataset no longer exists/);
    expect(detail.report).toBeNull();
  });

  it('remembers which channel came from Meta, whatever it is named, and the report says so', async () => {
    const { tables } = local;
    const summary = await createDataset(
      tables,
      'user-m',
      { name: 'Renamed', csv: FIXTURE, mapping, metaSpend: { adAccountId: 'act_1001', channel: 'Paid social' } },
      {
        metaSpend: async (_, dates) => ({
          spend: dates.map((_, i) => 200 + ((i * 37) % 90)),
          range: { since: dates[0]!, until: dates.at(-1)! },
        }),
      },
    );
    expect(summary.channels).toEqual(['x1', 'x2', 'Paid social']);
    const model = await startFit(deps(), 'user-m', {
      datasetId: summary.id,
      name: 'With Meta',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    expect(await runFitJob({ tables, log: () => undefined, progressEveryMs: 0 }, queued.at(-1)!)).toBe('done');
    const { report } = await modelDetail(tables, 'user-m', model.id);
    expect(report?.metaChannel).toBe('Paid social');
    expect(report?.allocation.channels.map((c) => c.name)).toContain('Paid social');
  }, 120_000);
});

describe('fitConfig', () => {
  it('maps fit qualities to the library settings (standard = its default search)', () => {
    const standard = fitConfig({ adstock: 'geometric', saturation: 'hill', quality: 'standard' });
    expect(standard.search.trials * standard.search.populationSize * standard.search.generations).toBe(10_000);
    const quick = fitConfig({ adstock: 'weibull-pdf', saturation: 'logistic', quality: 'quick' });
    expect(quick.adstock).toBe('weibull-pdf');
    expect(quick.bootstrap.replicates).toBeLessThan(standard.bootstrap.replicates);
  });

  it("chooses the model by its posterior, over ranges that hold curves Robyn's defaults exclude (issue 24)", () => {
    const config = fitConfig({ adstock: 'delayed', saturation: 'hill', quality: 'standard' });
    expect(config.objectives).toBe('map');
    expect(config.ranges.hillGamma[0]).toBeLessThanOrEqual(0.06);
    expect(config.ranges.hillAlpha[1]).toBeGreaterThanOrEqual(3);
    expect(config.ranges.peak[1]).toBeGreaterThanOrEqual(3);
    expect(StartFitBodySchema.parse({ datasetId: '00000000-0000-4000-8000-000000000000', name: 'm' }).adstock).toBe(
      'delayed',
    );
  });
});
