import { describe, expect, it } from 'vitest';
import { buildInsightsRows } from '@infra/twin/meta-sandbox/insights-report';
import { parseInsightsParams } from '@infra/twin/meta-sandbox/insights-params';
import { accountByCurrency, demoWorld } from './world-fixture';
import { errorOf } from './graph-error-of';

function setup(currency = 'USD') {
  const { world, model } = demoWorld();
  const account = accountByCurrency(world, currency);
  const ads = [...world.ads.values()].filter((ad) => ad.accountId === account.accountId);
  const run = (raw: Record<string, string>) =>
    buildInsightsRows(
      world,
      model,
      42,
      { account, ads },
      parseInsightsParams(raw, { nodeLevel: 'account', today: model.today(account), dataStart: account.dataStart }),
    );
  return { world, model, account, run };
}

describe('insights rows', () => {
  it('defaults to last_30d in one all_days row with numbers as strings', () => {
    const { run, model, account } = setup();
    const [row, ...rest] = run({});

    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({ date_stop: expect.any(String), date_start: expect.any(String) });
    expect(row!.date_stop).not.toBe(model.today(account));
    expect(row!.spend).toMatch(/^\d+\.\d{2}$/);
    expect(row!.impressions).toMatch(/^\d+$/);
  });

  it('returns one row per campaign and day at level=campaign with time_increment=1', () => {
    const { run } = setup();
    const rows = run({
      level: 'campaign',
      time_increment: '1',
      date_preset: 'last_7d',
      fields: 'campaign_id,campaign_name,spend,impressions,reach,frequency,ctr,cpc,cpm',
    });
    const days = new Set(rows.map((row) => row.date_start));

    expect(days.size).toBe(7);
    for (const row of rows) {
      expect(row.date_start).toBe(row.date_stop);
      expect(row.campaign_id).toMatch(/^\d{18}$/);
      expect(typeof row.campaign_name).toBe('string');
      expect(Number(row.reach)).toBeLessThanOrEqual(Number(row.impressions));
      expect(Number(row.frequency)).toBeCloseTo(Number(row.impressions) / Number(row.reach), 4);
      expect(Number(row.cpm)).toBeCloseTo((Number(row.spend) / Number(row.impressions)) * 1000, 2);
    }
  });

  it('reports actions, action values, cost per action and ROAS for sales campaigns', () => {
    const { run } = setup();
    const rows = run({
      level: 'campaign',
      fields: 'objective,spend,actions,action_values,cost_per_action_type,purchase_roas',
      date_preset: 'last_30d',
    });
    const sales = rows.find((row) => row.objective === 'OUTCOME_SALES')!;
    const actions = sales.actions as Array<{ action_type: string; value: string }>;
    const purchases = Number(actions.find((a) => a.action_type === 'purchase')!.value);
    const value = Number(
      (sales.action_values as Array<{ action_type: string; value: string }>).find((a) => a.action_type === 'purchase')!
        .value,
    );

    expect(purchases).toBeGreaterThan(0);
    expect(Number((sales.purchase_roas as Array<{ value: string }>)[0]!.value)).toBeCloseTo(
      value / Number(sales.spend),
      4,
    );
    expect((sales.cost_per_action_type as Array<{ action_type: string }>).map((a) => a.action_type)).toContain(
      'link_click',
    );
  });

  it('leaves out entity columns that have no single value at the row level', () => {
    const { run } = setup();

    expect(run({ fields: 'campaign_id,spend' })[0]).not.toHaveProperty('campaign_id');
  });

  it('splits by age and gender into segments that add up to the total', () => {
    const { run } = setup();
    const total = Number(run({ fields: 'impressions' })[0]!.impressions);
    const segments = run({ fields: 'impressions', breakdowns: 'age,gender' });

    expect(
      segments.every(
        (row) => typeof row.age === 'string' && ['female', 'male', 'unknown'].includes(row.gender as string),
      ),
    ).toBe(true);
    expect(Math.abs(segments.reduce((sum, row) => sum + Number(row.impressions), 0) - total)).toBeLessThanOrEqual(
      segments.length,
    );
  });

  it('splits by publisher_platform', () => {
    const { run } = setup();

    expect(
      new Set(run({ fields: 'spend', breakdowns: 'publisher_platform' }).map((row) => row.publisher_platform)),
    ).toEqual(new Set(['facebook', 'instagram', 'audience_network', 'messenger']));
  });

  it('splits by placement (publisher_platform with platform_position) into positions of each platform', () => {
    const { run } = setup();
    const total = Number(run({ fields: 'impressions' })[0]!.impressions);
    // Meta reads the two in either order; the positions always belong to their own platform.
    const rows = run({ fields: 'impressions', breakdowns: 'platform_position,publisher_platform' });

    const instagram = new Set(rows.filter((r) => r.publisher_platform === 'instagram').map((r) => r.platform_position));
    expect(instagram).toEqual(new Set(['feed', 'instagram_stories', 'instagram_reels', 'instagram_explore']));
    expect(rows.some((r) => r.publisher_platform === 'facebook' && r.platform_position === 'instagram_reels')).toBe(
      false,
    );
    expect(Math.abs(rows.reduce((sum, row) => sum + Number(row.impressions), 0) - total)).toBeLessThanOrEqual(
      rows.length,
    );
  });

  it('filters on entity fields and on metrics', () => {
    const { run, world, account } = setup();
    const campaign = [...world.campaigns.values()].find(
      (c) => c.accountId === account.accountId && c.objective === 'OUTCOME_SALES',
    )!;
    const filtering = JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [campaign.id] }]);

    expect(run({ level: 'campaign', fields: 'campaign_id', filtering }).map((row) => row.campaign_id)).toEqual([
      campaign.id,
    ]);
    expect(
      run({
        level: 'campaign',
        fields: 'spend',
        filtering: JSON.stringify([{ field: 'spend', operator: 'GREATER_THAN', value: 1e12 }]),
      }),
    ).toEqual([]);
  });

  it('reports JPY spend in whole yen', () => {
    const { run } = setup('JPY');

    expect(run({ fields: 'spend' })[0]!.spend).toMatch(/^\d+$/);
  });

  it('reports one bucket per entry of time_ranges', () => {
    const { run } = setup();
    const rows = run({
      fields: 'spend',
      time_ranges: JSON.stringify([
        { since: '2026-11-01', until: '2026-11-07' },
        { since: '2026-11-08', until: '2026-11-14' },
      ]),
    });

    expect(rows.map((row) => [row.date_start, row.date_stop])).toEqual([
      ['2026-11-01', '2026-11-07'],
      ['2026-11-08', '2026-11-14'],
    ]);
  });

  it('sorts rows, also by a field that was not asked for', () => {
    const { run } = setup();
    const bySpend = run({ level: 'campaign', fields: 'campaign_id,spend', sort: '["spend_descending"]' });
    const spends = bySpend.map((row) => Number(row.spend));
    const byImpressions = run({ level: 'campaign', fields: 'campaign_id', sort: 'impressions_ascending' });
    const impressions = run({ level: 'campaign', fields: 'campaign_id,impressions' });
    const impressionsOf = (id: unknown) => Number(impressions.find((row) => row.campaign_id === id)!.impressions);

    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(byImpressions[0]).not.toHaveProperty('impressions');
    const ordered = byImpressions.map((row) => impressionsOf(row.campaign_id));
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('returns no rows for a range before the data', () => {
    const { run } = setup();

    expect(run({ time_range: JSON.stringify({ since: '2025-01-01', until: '2025-01-31' }) })).toEqual([]);
  });
});

describe('insights parameters', () => {
  const context = { nodeLevel: 'account' as const, today: '2026-11-21', dataStart: '2026-07-25' };

  it('rejects an unknown date_preset listing the valid ones', () => {
    expect(errorOf(() => parseInsightsParams({ date_preset: 'last_2d' }, context)).body.message).toMatch(
      /^\(#100\) Param date_preset must be one of \{data_maximum, last_14d/,
    );
  });

  it('rejects a reversed or malformed time_range', () => {
    expect(
      errorOf(() => parseInsightsParams({ time_range: '{"since":"2026-02-01","until":"2026-01-01"}' }, context)).body
        .code,
    ).toBe(100);
    expect(
      errorOf(() => parseInsightsParams({ time_range: '{"since":"2026-02-30","until":"2026-03-01"}' }, context)).body
        .code,
    ).toBe(100);
    expect(errorOf(() => parseInsightsParams({ time_range: 'x' }, context)).body.code).toBe(100);
  });

  it('refuses start dates beyond 37 months (3018)', () => {
    expect(
      errorOf(() => parseInsightsParams({ time_range: '{"since":"2020-01-01","until":"2020-01-02"}' }, context)).body
        .code,
    ).toBe(3018);
  });

  it('validates level, time_increment and breakdowns like Meta', () => {
    expect(errorOf(() => parseInsightsParams({ level: 'team' }, context)).body.message).toBe(
      '(#100) Param level must be one of {ad, adset, campaign, account}',
    );
    expect(errorOf(() => parseInsightsParams({ time_increment: '91' }, context)).body.code).toBe(100);
    expect(errorOf(() => parseInsightsParams({ breakdowns: 'shoe_size' }, context)).body.message).toBe(
      '(#100) shoe_size is not valid for breakdowns param. please check https://developers.facebook.com/docs/marketing-api/insights/breakdowns/ for all valid values',
    );
    expect(errorOf(() => parseInsightsParams({ breakdowns: 'age,publisher_platform' }, context)).body.message).toBe(
      '(#100) Current combination of data breakdown columns (age, publisher_platform) is invalid',
    );
    // A position means nothing without its platform: Meta refuses it alone.
    expect(errorOf(() => parseInsightsParams({ breakdowns: 'platform_position' }, context)).body.message).toBe(
      '(#100) Current combination of data breakdown columns (platform_position) is invalid',
    );
  });

  it('rejects a bad sort and bad time_ranges', () => {
    expect(errorOf(() => parseInsightsParams({ sort: 'spend_up' }, context)).body.code).toBe(100);
    expect(errorOf(() => parseInsightsParams({ time_ranges: '[]' }, context)).body.code).toBe(100);
    expect(
      errorOf(() => parseInsightsParams({ time_ranges: '[{"since":"2026-11-02"}]' }, context)).body.message,
    ).toMatch(/time_ranges\[0\]/);
  });

  it('accepts breakdowns as a JSON array and time_range over date_preset', () => {
    const params = parseInsightsParams(
      { breakdowns: '["age"]', date_preset: 'last_7d', time_range: '{"since":"2026-11-01","until":"2026-11-02"}' },
      context,
    );

    expect(params.breakdowns).toEqual(['age']);
    expect(params.range).toEqual({ since: '2026-11-01', until: '2026-11-02' });
  });
});

describe('video quartiles (issue 29: video metrics)', () => {
  const quartiles = [
    'video_p25_watched_actions',
    'video_p50_watched_actions',
    'video_p75_watched_actions',
    'video_p95_watched_actions',
    'video_p100_watched_actions',
  ] as const;

  it('video ads report plays watched to 25 %, 50 %, 75 %, 95 % and 100 %, falling; other ads report none', () => {
    // Both seeded accounts: the ThruPlay ad set is in one of them.
    const rows: Record<string, unknown>[] = [];
    let world!: ReturnType<typeof setup>['world'];
    for (const currency of ['USD', 'JPY']) {
      const account = setup(currency);
      world = account.world;
      const fields = `ad_id,adset_id,video_play_actions,video_thruplay_watched_actions,${quartiles.join(',')}`;
      rows.push(...account.run({ level: 'ad', date_preset: 'last_30d', fields }));
    }
    const goalOf = (row: Record<string, unknown>) => world.adsets.get(String(row.adset_id))!.optimizationGoal;
    const videoRows = rows.filter((row) => goalOf(row) === 'THRUPLAY');
    const linkRows = rows.filter((row) => goalOf(row) === 'LINK_CLICKS');
    expect(videoRows.length).toBeGreaterThan(0);
    expect(linkRows.length).toBeGreaterThan(0);
    for (const row of videoRows) {
      const plays = Number((row.video_play_actions as Array<{ value: string }>)[0]!.value);
      const counts = quartiles.map((field) => {
        const list = row[field] as Array<{ action_type: string; value: string }>;
        expect(list).toEqual([{ action_type: 'video_view', value: expect.stringMatching(/^\d+$/) }]);
        return Number(list[0]!.value);
      });
      expect(counts[0]).toBeLessThanOrEqual(plays);
      for (let i = 1; i < counts.length; i += 1) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1]!);
      expect(counts[4]).toBeGreaterThan(0);
      // Its videos are 15 s at most: a ThruPlay is a play to the end, so the plays watched to 100 % are the ThruPlays.
      const thruplays = (row.video_thruplay_watched_actions as Array<{ value: string }>)[0]!.value;
      expect(counts[4]).toBe(Number(thruplays));
    }
    for (const row of linkRows) for (const field of quartiles) expect(row[field]).toBeUndefined();
  });
});
