import { describe, expect, it } from 'vitest';
import { performanceTable } from '@lambdas/lib/meta-session/performance-table';
import { adAccounts, fakeSession, type GraphCall } from './fake-session';

const figures = (spend: string) => ({
  spend,
  impressions: '1000',
  reach: '600',
  clicks: '40',
  inline_link_clicks: '20',
  action_values: [{ action_type: 'omni_purchase', value: '40.00' }],
  date_start: '2026-03-03',
  date_stop: '2026-03-09',
});

function graph(rows: Record<string, unknown>[]) {
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/act_111/insights') return { data: rows };
    throw new Error(`unexpected call ${call.path}`);
  };
}

describe('the performance table', () => {
  it('asks Meta for ad set rows split by placement (platform with position) and keeps one row per segment', async () => {
    const adset = { campaign_id: '1', campaign_name: 'Spring sale', adset_id: '11', adset_name: 'Women 25-45' };
    const { session, calls } = fakeSession(
      graph([
        { ...adset, ...figures('10.00'), publisher_platform: 'instagram', platform_position: 'instagram_reels' },
        { ...adset, ...figures('30.00'), publisher_platform: 'facebook', platform_position: 'feed' },
      ]),
    );

    const table = await performanceTable(session, 'act_111', {
      datePreset: 'last_7d',
      level: 'adset',
      breakdown: 'placement',
    });

    const insights = calls.find((c) => c.path === '/act_111/insights')!;
    expect(insights.params).toMatchObject({
      level: 'adset',
      breakdowns: ['publisher_platform', 'platform_position'],
      use_unified_attribution_setting: true,
    });
    // Names of the level and above only: Meta has no ad name on an ad set's row.
    expect(String(insights.params!.fields).split(',')).toEqual(
      expect.arrayContaining(['campaign_name', 'adset_id', 'adset_name']),
    );
    expect(String(insights.params!.fields)).not.toContain('ad_name');
    expect(table).toMatchObject({ level: 'adset', breakdown: 'placement', currency: 'USD' });
    expect(table.rows).toEqual([
      expect.objectContaining({
        id: '11',
        name: 'Women 25-45',
        campaignName: 'Spring sale',
        adsetName: null,
        segment: { publisher_platform: 'instagram', platform_position: 'instagram_reels' },
        metrics: expect.objectContaining({ spend: 10, ctr: 2, cpc: 0.5, roas: 4 }),
      }),
      expect.objectContaining({
        segment: { publisher_platform: 'facebook', platform_position: 'feed' },
        metrics: expect.objectContaining({ spend: 30 }),
      }),
    ]);
  });

  it('names each ad with its ad set and campaign, with no breakdown asked', async () => {
    const { session, calls } = fakeSession(
      graph([
        {
          campaign_id: '1',
          campaign_name: 'Spring sale',
          adset_id: '11',
          adset_name: 'Women 25-45',
          ad_id: '111',
          ad_name: 'Linen shirt, benefit',
          ...figures('12.50'),
        },
      ]),
    );

    const table = await performanceTable(session, 'act_111', { level: 'ad' });

    expect(calls.find((c) => c.path === '/act_111/insights')!.params).not.toHaveProperty('breakdowns');
    expect(table.breakdown).toBeNull();
    expect(table.rows).toEqual([
      expect.objectContaining({
        id: '111',
        name: 'Linen shirt, benefit',
        campaignName: 'Spring sale',
        adsetName: 'Women 25-45',
        segment: {},
      }),
    ]);
  });
});
