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

  it('with lift tests, fits without them too, so the report shows how they moved each channel', async () => {
    const { tables } = local;
    const dataset = await createDataset(tables, 'user-c', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-c', {
      datasetId: dataset.id,
      name: 'Calibrated',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
      liftTests: [
        { channel: 'x1', source: 'geo-test', start: '2018-06-04', end: '2018-07-29', lift: 3000, standardError: 300 },
      ],
    });
    expect(await runFitJob({ tables, log: () => undefined, progressEveryMs: 0 }, queued.at(-1)!)).toBe('done');
    const { report } = await modelDetail(tables, 'user-c', model.id);
    const x1 = report!.calibration!.channels.find((c) => c.name === 'x1')!;
    // The calibrated side is the report's own figure for the channel.
    const reported = report!.channels.find((c) => c.name === 'x1')!.roi!;
    for (const end of ['estimate', 'low', 'high'] as const)
      expect(x1.roi!.withTests[end]).toBeCloseTo(reported[end], 6);
    expect(x1.roi!.withoutTests.estimate).toBeCloseTo(x1.roiWithoutTests, 12);
    // The uncalibrated side is its own fit: its estimate is the report a fit without the tests would show.
    const plain = await startFit(deps(), 'user-c', {
      datasetId: dataset.id,
      name: 'Plain',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    expect(await runFitJob({ tables, log: () => undefined }, queued.at(-1)!)).toBe('done');
    const plainReport = (await modelDetail(tables, 'user-c', plain.id)).report!;
    expect(plainReport.calibration).toBeUndefined();
    const plainX1 = plainReport.channels.find((c) => c.name === 'x1')!;
    expect(x1.roi!.withoutTests.estimate).toBeCloseTo(plainX1.roi!.estimate, 9);
    expect(x1.roi!.withoutTests.low).toBeCloseTo(plainX1.roi!.low, 9);
    expect(x1.roi!.withoutTests.high).toBeCloseTo(plainX1.roi!.high, 9);
    console.log(`x1 ROI without → with the test: ${JSON.stringify(x1.roi)}`);
  }, 180_000);
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
    // The effect prior carried into the draws: sweeps over each draw's curves, coefficients from their posterior.
    for (const quality of ['quick', 'standard'] as const) {
      const settings = fitConfig({ adstock: 'delayed', saturation: 'hill', quality });
      expect(settings.effectPrior).toBe(1);
      expect(settings.bootstrap.coefficients).toBe('posterior');
      expect(settings.bootstrap.chainSweeps).toBeGreaterThan(0);
    }
    expect(config.ranges.hillGamma[0]).toBeLessThanOrEqual(0.06);
    expect(config.ranges.hillAlpha[1]).toBeGreaterThanOrEqual(3);
    expect(config.ranges.peak[1]).toBeGreaterThanOrEqual(3);
    expect(StartFitBodySchema.parse({ datasetId: '00000000-0000-4000-8000-000000000000', name: 'm' }).adstock).toBe(
      'delayed',
    );
  });
});
