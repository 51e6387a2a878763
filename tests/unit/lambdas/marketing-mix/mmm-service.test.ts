import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { createDataset, datasetList, removeDataset } from '@lambdas/marketing-mix/datasets';
import { modelDetail, modelList, removeModel, startFit } from '@lambdas/marketing-mix/models';
import { fitConfig, runFitJob } from '@lambdas/marketing-mix-worker/run-fit-job';
import { AppError } from '@lambdas/lib/errors';
import { pack, unpack, type MmmTables } from '@lambdas/lib/mmm/mmm-store';
import { proposeMapping, parseCsv } from '@shared/mmm/csv-import';
import { type FitJob } from '@shared/schemas/mmm';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

const FIXTURE = readFileSync(path.resolve(__dirname, '../../../fixtures/mmm/pymc_marketing_mmm_example.csv'), 'utf8');
const mapping = proposeMapping(parseCsv(FIXTURE).header);

let aws: LocalAws;
let tables: MmmTables;
const queued: FitJob[] = [];
const deps = () => ({
  tables,
  enqueue: async (job: FitJob) => {
    queued.push(job);
  },
  chargeMonthlyFit: async () => undefined,
});

beforeAll(async () => {
  aws = await startLocalAws();
  tables = { doc: aws.doc, datasets: localTableName('mmmDatasets'), models: localTableName('mmmModels') };
}, 60_000);
afterAll(() => aws?.stop());

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('datasets', () => {
  it('stores a valid upload compressed and lists it for its owner only', async () => {
    const summary = await createDataset(tables, 'user-a', { name: 'PyMC example', csv: FIXTURE, mapping });
    expect(summary).toMatchObject({
      name: 'PyMC example',
      periods: 179,
      firstDate: '2018-04-02',
      kpi: 'y',
      channels: ['x1', 'x2'],
      controls: ['event_1', 'event_2'],
    });
    expect((await datasetList(tables, 'user-a')).items.map((d) => d.id)).toContain(summary.id);
    expect((await datasetList(tables, 'user-b')).items).toEqual([]);
  });

  it('refuses a file with bad rows, naming each line and column, and stores nothing', async () => {
    const lines = FIXTURE.trim().split('\n');
    lines[3] = lines[3]!.replace(/^2018-04-16/, '2018-13-16'); // bad date (line 4)
    lines[6] = lines[6]!.replace(/^([^,]+,[^,]+,)[^,]+/, '$1-3'); // negative spend (line 7)
    lines[8] = lines[8]!.replace(/^([^,]+,)[^,]+/, '$1abc'); // not a number (line 9)
    lines.splice(12, 1); // a missing week: a gap before the new line 13
    const error = await rejection(createDataset(tables, 'user-c', { name: 'Broken', csv: lines.join('\n'), mapping }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/Nothing was saved/);
    expect(error.details?.['line 4, date_week']).toMatch(/not a date/);
    expect(error.details?.['line 7, x1']).toMatch(/cannot be negative/);
    expect(error.details?.['line 9, y']).toMatch(/"abc" is not a number/);
    expect(Object.entries(error.details ?? {}).find(([, m]) => /^gap: 14 days/.test(m))).toBeDefined();
    expect((await datasetList(tables, 'user-c')).items).toEqual([]);
  });

  it('refuses a mapping naming a missing column', async () => {
    const error = await rejection(
      createDataset(tables, 'user-c', { name: 'x', csv: FIXTURE, mapping: { ...mapping, spend: ['tv'] } }),
    );
    expect(error.details?.['line 1, tv']).toMatch(/no column named "tv"/);
  });

  it('packs what it stores (gzip JSON) and reads it back', () => {
    const value = { a: [1, 2.5, -3], b: 'x'.repeat(1000) };
    const packed = pack(value);
    expect(packed.length).toBeLessThan(200);
    expect(unpack(packed)).toEqual(value);
  });
});

describe('fits', () => {
  it('queues a fit, the worker fits it with progress, the owner reads the report; nobody else can', async () => {
    const dataset = await createDataset(tables, 'user-d', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-d', {
      datasetId: dataset.id,
      name: 'First look',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    expect(model).toMatchObject({ status: 'queued', progress: 0, datasetName: 'PyMC' });
    expect(queued.at(-1)).toEqual({ userId: 'user-d', modelId: model.id });

    const stages: string[] = [];
    const logged = (message: string) => stages.push(message);
    expect(await runFitJob({ tables, log: logged, progressEveryMs: 0 }, queued.at(-1)!)).toBe('done');
    // A redelivered message does not fit again.
    expect(await runFitJob({ tables, log: logged, progressEveryMs: 0 }, queued.at(-1)!)).toBe('skipped');

    const detail = await modelDetail(tables, 'user-d', model.id);
    expect(detail.model).toMatchObject({ status: 'done', progress: 100 });
    expect(detail.model.headline?.channels).toBe(2);
    const report = detail.report!;
    expect(report.dates).toHaveLength(179);
    expect(report.fitted).toHaveLength(179);
    expect(report.metrics.rSquared).toBeGreaterThan(0.8);
    expect(report.channels.map((c) => c.name)).toEqual(['x1', 'x2']);
    for (const c of report.channels) {
      expect(c.roi!.low).toBeLessThanOrEqual(c.roi!.estimate);
      expect(c.roi!.high).toBeGreaterThanOrEqual(c.roi!.estimate);
      expect(c.curve.length).toBeGreaterThan(10);
    }
    expect(report.allocation.optimalResponse).toBeGreaterThanOrEqual(report.allocation.currentResponse);
    expect(report.model.format).toBe('adsmith-mmm');
    expect((await modelList(tables, 'user-d')).items.map((m) => m.id)).toEqual([model.id]);

    // Isolation: another user finds neither the model nor the dataset.
    expect((await rejection(modelDetail(tables, 'user-e', model.id))).code).toBe('NOT_FOUND');
    expect((await rejection(removeModel(tables, 'user-e', model.id))).code).toBe('NOT_FOUND');
    const other = await rejection(
      startFit(deps(), 'user-e', {
        datasetId: dataset.id,
        name: 'x',
        adstock: 'geometric',
        saturation: 'hill',
        quality: 'quick',
      }),
    );
    expect(other.code).toBe('NOT_FOUND');
    expect((await modelList(tables, 'user-e')).items).toEqual([]);

    await removeModel(tables, 'user-d', model.id);
    expect((await modelList(tables, 'user-d')).items).toEqual([]);
    const parts = await aws.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: tables.models,
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': 'user-d' },
      }),
    );
    expect(parts.Items).toEqual([]);
  }, 120_000);

  it('marks a fit failed with the reason when its dataset is gone', async () => {
    const dataset = await createDataset(tables, 'user-f', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-f', {
      datasetId: dataset.id,
      name: 'm',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await aws.doc.send(
      new DeleteCommand({ TableName: tables.datasets, Key: { user_id: 'user-f', dataset_id: dataset.id } }),
    );
    expect(await runFitJob({ tables, log: () => undefined }, { userId: 'user-f', modelId: model.id })).toBe('failed');
    const detail = await modelDetail(tables, 'user-f', model.id);
    expect(detail.model.status).toBe('failed');
    expect(detail.model.error).toMatch(/dataset no longer exists/);
    expect(detail.report).toBeNull();
  });

  it('refuses to delete a dataset while a fit of it waits or runs, then deletes it and keeps its models', async () => {
    const dataset = await createDataset(tables, 'user-h', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-h', {
      datasetId: dataset.id,
      name: 'Waiting',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    const busy = await rejection(removeDataset(tables, 'user-h', dataset.id));
    expect(busy.code).toBe('CONFLICT');
    expect(busy.message).toMatch(/"Waiting" is still being fitted/);
    expect((await datasetList(tables, 'user-h')).items.map((d) => d.id)).toEqual([dataset.id]);
    // Another user's attempt finds nothing and deletes nothing.
    expect((await rejection(removeDataset(tables, 'user-i', dataset.id))).code).toBe('NOT_FOUND');

    await removeModel(tables, 'user-h', model.id);
    expect(await removeDataset(tables, 'user-h', dataset.id)).toEqual({ deleted: true, modelsKept: 0 });
    expect((await datasetList(tables, 'user-h')).items).toEqual([]);
    expect((await rejection(removeDataset(tables, 'user-h', dataset.id))).code).toBe('NOT_FOUND');
  });

  it('a failed enqueue leaves the model marked failed, not queued forever', async () => {
    const dataset = await createDataset(tables, 'user-g', { name: 'PyMC', csv: FIXTURE, mapping });
    const failing = { ...deps(), enqueue: async () => Promise.reject(new Error('queue down')) };
    await expect(
      startFit(failing, 'user-g', {
        datasetId: dataset.id,
        name: 'm',
        adstock: 'geometric',
        saturation: 'hill',
        quality: 'quick',
      }),
    ).rejects.toThrow('queue down');
    const [row] = (await modelList(tables, 'user-g')).items;
    expect(row).toMatchObject({ status: 'failed', error: 'The fit could not be queued. Please try again.' });
  });

  it('maps fit qualities to the library settings (standard = its default search)', () => {
    const standard = fitConfig({ adstock: 'geometric', saturation: 'hill', quality: 'standard' });
    expect(standard.search.trials * standard.search.populationSize * standard.search.generations).toBe(10_000);
    const quick = fitConfig({ adstock: 'weibull-pdf', saturation: 'logistic', quality: 'quick' });
    expect(quick.adstock).toBe('weibull-pdf');
    expect(quick.bootstrap.replicates).toBeLessThan(standard.bootstrap.replicates);
  });
});

describe('fitWithProgress', () => {
  it('reports rising progress and gives exactly the one-thread library fit', async () => {
    const { fitWithProgress } = await import('@lambdas/lib/mmm/fit-with-progress');
    const { fitSequential } = await import('@shared/mmm/fit');
    const { importCsv } = await import('@shared/mmm/csv-import');
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
});

describe('use my Meta spend', () => {
  it('adds the account’s spend per period as one more channel', async () => {
    const seen: { adAccountId: string; dates: number }[] = [];
    const summary = await createDataset(
      tables,
      'user-h',
      { name: 'With Meta', csv: FIXTURE, mapping, metaSpend: { adAccountId: 'act_1001', channel: 'meta' } },
      {
        metaSpend: async (adAccountId, dates) => {
          seen.push({ adAccountId, dates: dates.length });
          return { spend: dates.map((_, i) => (i % 3) * 10), range: { since: dates[0]!, until: dates.at(-1)! } };
        },
      },
    );
    expect(seen).toEqual([{ adAccountId: 'act_1001', dates: 179 }]);
    expect(summary.channels).toEqual(['x1', 'x2', 'meta']);
  });

  it('remembers which channel came from Meta, whatever it is named, and the report says so', async () => {
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

  it('refuses, storing nothing, when Meta reports no spend in the dataset’s dates or the name is taken', async () => {
    const none = async (_: string, dates: readonly string[]) => ({ spend: dates.map(() => 0), range: null });
    const empty = await rejection(
      createDataset(
        tables,
        'user-i',
        { name: 'x', csv: FIXTURE, mapping, metaSpend: { adAccountId: 'act_1', channel: 'meta' } },
        { metaSpend: none },
      ),
    );
    expect(empty.message).toMatch(/Meta reports no spend for act_1 for these dates/);
    const taken = await rejection(
      createDataset(
        tables,
        'user-i',
        { name: 'x', csv: FIXTURE, mapping, metaSpend: { adAccountId: 'act_1', channel: 'x1' } },
        { metaSpend: none },
      ),
    );
    expect(taken.message).toMatch(/already has a column named "x1"/);
    expect((await datasetList(tables, 'user-i')).items).toEqual([]);
  });
});
