import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDataset } from '@lambdas/marketing-mix/datasets';
import { modelDetail, modelList, removeModel, startFit } from '@lambdas/marketing-mix/models';
import { runFitJob } from '@lambdas/marketing-mix-worker/run-fit-job';
import {
  fitDeps,
  fixtureMapping as mapping,
  MMM_FIXTURE as FIXTURE,
  rejection,
  withMmmTables,
} from '@tests/support/mmm-tables';

const local = withMmmTables();
const { queued, deps } = fitDeps(() => local.tables);

describe('fits', () => {
  it('queues a fit, the worker fits it with progress, the owner reads the report; nobody else can', async () => {
    const { tables, aws } = local;
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
      new QueryCommand({
        TableName: tables.models,
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': 'user-d' },
      }),
    );
    expect(parts.Items).toEqual([]);
  }, 120_000);

  it('a failed enqueue leaves the model marked failed, not queued forever', async () => {
    const { tables } = local;
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
});
