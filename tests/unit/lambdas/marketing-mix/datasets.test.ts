import { describe, expect, it } from 'vitest';
import { createDataset, datasetList, removeDataset } from '@lambdas/marketing-mix/datasets';
import { removeModel, startFit } from '@lambdas/marketing-mix/models';
import {
  fitDeps,
  fixtureMapping as mapping,
  MMM_FIXTURE as FIXTURE,
  rejection,
  withMmmTables,
} from '@tests/support/mmm-tables';

const local = withMmmTables();
const { deps } = fitDeps(() => local.tables);

describe('datasets', () => {
  it('stores a valid upload compressed and lists it for its owner only', async () => {
    const { tables } = local;
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
    const { tables } = local;
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
      createDataset(local.tables, 'user-c', { name: 'x', csv: FIXTURE, mapping: { ...mapping, spend: ['tv'] } }),
    );
    expect(error.details?.['line 1, tv']).toMatch(/no column named "tv"/);
  });

  it('refuses to delete a dataset while a fit of it waits or runs, then deletes it and keeps its models', async () => {
    const { tables } = local;
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
});

describe('use my Meta spend', () => {
  it('adds the account’s spend per period as one more channel', async () => {
    const seen: { adAccountId: string; dates: number }[] = [];
    const summary = await createDataset(
      local.tables,
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

  it('refuses, storing nothing, when Meta reports no spend in the dataset’s dates or the name is taken', async () => {
    const { tables } = local;
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
