import { describe, expect, it, vi } from 'vitest';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { abTestObjects, madeTests, measureAbTests } from '@lambdas/optimizer/applied-ab-tests';

const base: AdTest = {
  id: 't-running',
  adAccountId: 'act_1',
  adId: '11',
  adName: 'Spring sale',
  adsetId: '100',
  adsetName: 'Lookalike 1%',
  status: 'created',
  reason: 'Link CTR fell 38 %.',
  original: { headline: 'h', primaryText: 'p', description: '' },
  variants: [],
  model: 'offline',
  offline: true,
  createdAt: '2026-11-09T14:00:00.000Z',
  copyAdId: '12',
  copyAdName: 'Spring sale — B',
  approvedAt: '2026-11-09T15:00:00.000Z',
};
const undone: AdTest = {
  ...base,
  id: 't-undone',
  adId: '21',
  adName: 'Winter boots',
  copyAdId: '22',
  status: 'deleted',
  approvedAt: '2026-11-18T15:00:00.000Z',
  deletedAt: '2026-11-19T09:00:00.000Z',
};
const proposed: AdTest = { ...base, id: 't-proposed', status: 'proposed', copyAdId: undefined, approvedAt: undefined };

/** Meta's daily rows at level=ad as strings, as Meta sends them. */
const row = (adId: string, date: string, impressions: number, clicks: number, results: number, spend: number) => ({
  ad_id: adId,
  date_start: date,
  date_stop: date,
  impressions: String(impressions),
  inline_link_clicks: String(clicks),
  spend: spend.toFixed(2),
  results: [{ indicator: 'actions:link_click', values: [{ value: String(results) }] }],
});

function fakeGraph(rows: unknown[]) {
  const paginate = vi.fn(
    async (_path: string, _params: Record<string, unknown>, schema: { parse: (v: unknown) => unknown }) => ({
      items: rows.map((r) => schema.parse(r)),
      pages: 1,
      hasMore: false,
    }),
  );
  const batch = vi.fn();
  return { graph: { paginate, batch } as unknown as GraphClient, paginate, batch };
}

const clock = { today: '2026-11-23', localDate: (instant: Date) => instant.toISOString().slice(0, 10) };

describe('the Applied tab’s A/B rows', () => {
  it('lists only tests whose copy was made, newest first, and reads the state of both ads of those not undone', () => {
    const made = madeTests([base, proposed, undone]);
    expect(made.map((t) => t.id)).toEqual(['t-undone', 't-running']);
    expect(abTestObjects(made)).toEqual([
      { objectId: '11', level: 'ad' },
      { objectId: '12', level: 'ad' },
    ]);
  });

  it('reads every test’s days in one insights call at level=ad filtered by the ads’ ids, deleted ads included', async () => {
    const days = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-19', '2026-11-20'];
    const { graph, paginate, batch } = fakeGraph([
      ...days.flatMap((d) => [row('11', d, 4_000, 40, 8, 80), row('12', d, 4_000, 80, 16, 80)]),
      // The undone test: one day both ran before it was undone, one day after (the original alone).
      row('21', '2026-11-18', 600, 6, 1, 6),
      row('22', '2026-11-18', 300, 9, 2, 3),
      row('21', '2026-11-20', 900, 9, 1, 9),
    ]);
    const nodes = new Map([
      ['11', { name: 'Spring sale', effective_status: 'ACTIVE' }],
      ['12', { name: 'Spring sale — B', effective_status: 'ACTIVE' }],
    ]);
    const rows = await measureAbTests(graph, { id: 'act_1', currency: 'USD' }, madeTests([base, undone]), nodes, clock);

    expect(paginate).toHaveBeenCalledTimes(1);
    expect(batch).not.toHaveBeenCalled();
    const [path, params] = paginate.mock.calls[0]!;
    expect(path).toBe('/act_1/insights');
    expect(params).toMatchObject({ level: 'ad', time_increment: 1 });
    expect(JSON.parse(params.time_range as string)).toEqual({ since: '2026-11-09', until: '2026-11-22' });
    const filtering = JSON.parse(params.filtering as string) as Array<{ field: string; value: string[] }>;
    expect(filtering.find((f) => f.field === 'ad.id')!.value.sort()).toEqual(['11', '12', '21', '22']);
    expect(filtering.find((f) => f.field === 'ad.effective_status')!.value).toEqual(
      expect.arrayContaining(['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED']),
    );

    const [undoneRow, running] = rows;
    expect(running).toMatchObject({
      kind: 'ab_copy',
      title: 'A/B copy of “Spring sale”',
      run: { state: 'running' },
      measurement: {
        state: 'compared',
        days: 5,
        verdict: 'variant_ahead',
        decidedOn: 'cost_per_result',
        control: { impressions: 20_000, results: 40, costPerResult: 10 },
        variant: { impressions: 20_000, results: 80, costPerResult: 5 },
      },
    });
    // Undone on the 19th: only the 18th counts, and it says so.
    expect(undoneRow).toMatchObject({
      run: { state: 'stopped', reason: 'undone' },
      measurement: { state: 'collecting', days: 1, control: { impressions: 600 }, variant: { impressions: 300 } },
    });
  });

  it('makes no Graph call for a copy made today (no complete day yet): collecting, waiting to be switched on', async () => {
    const { graph, paginate } = fakeGraph([]);
    const today = { ...base, approvedAt: '2026-11-23T08:00:00.000Z' };
    const nodes = new Map([
      ['11', { name: 'Spring sale', effective_status: 'ACTIVE' }],
      ['12', { name: 'Spring sale — B', effective_status: 'PAUSED' }],
    ]);
    const [only] = await measureAbTests(graph, { id: 'act_1', currency: 'USD' }, madeTests([today]), nodes, clock);
    expect(paginate).not.toHaveBeenCalled();
    expect(only).toMatchObject({ run: { state: 'waiting' }, measurement: { state: 'collecting', days: 0 } });
  });
});
