import { describe, expect, it } from 'vitest';
import { listCampaignsWithMetrics } from '@lambdas/lib/meta-session/campaigns';
import { adAccounts, campaign, fakeSession, type GraphCall } from './fake-session';

function answerFor(campaignCount: number) {
  const campaigns = Array.from({ length: campaignCount }, (_, i) => campaign(1000 + i));
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/act_111/campaigns') return { data: campaigns };
    if (call.path === '/act_111/insights') {
      return {
        data: campaigns.map((c) => ({
          campaign_id: c.id,
          spend: '100.00',
          impressions: '10000',
          reach: '4000',
          clicks: '250',
          inline_link_clicks: '200',
          actions: [{ action_type: 'omni_purchase', value: '12' }],
          results: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: '10' }] }],
          cost_per_result: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: '10' }] }],
          attribution_setting: '7d_click_1d_view',
          action_values: [{ action_type: 'omni_purchase', value: '400.00' }],
          date_start: '2026-03-03',
          date_stop: '2026-03-09',
        })),
      };
    }
    throw new Error(`unexpected call ${call.path}`);
  };
}

describe('listing campaigns with their results', () => {
  it.each([12, 200])('costs three Graph calls for %i campaigns', async (count) => {
    const { session, calls } = fakeSession(answerFor(count));
    const list = await listCampaignsWithMetrics(session, 'act_111', { datePreset: 'last_7d' });
    expect(list.data).toHaveLength(count);
    expect(calls.map((c) => c.path).sort()).toEqual(['/act_111/campaigns', '/act_111/insights', '/me/adaccounts']);
  });

  it('asks for campaign-level insights over the range computed in the account time zone', async () => {
    const { session, calls } = fakeSession(answerFor(1));
    const list = await listCampaignsWithMetrics(session, 'act_111', { datePreset: 'last_7d' });
    const insights = calls.find((c) => c.path === '/act_111/insights')!;
    expect(insights.params).toMatchObject({
      level: 'campaign',
      use_unified_attribution_setting: true,
      time_range: '{"since":"2026-03-03","until":"2026-03-09"}',
    });
    expect(list.range).toEqual({ since: '2026-03-03', until: '2026-03-09' });
    expect(list.currency).toBe('USD');
  });

  it('joins each campaign to its own results and keeps budgets in minor units', async () => {
    const { session } = fakeSession(answerFor(2));
    const list = await listCampaignsWithMetrics(session, 'act_111', {});
    expect(list.data[0]).toMatchObject({ id: '1000', dailyBudget: 5000, lifetimeBudget: null });
    expect(list.data[0]!.metrics).toMatchObject({
      spend: 100,
      clicks: 250,
      linkClicks: 200,
      ctr: 2,
      cpc: 0.5,
      // Meta's results, not the 12 purchases of the actions list.
      results: 10,
      resultType: 'offsite_conversion.fb_pixel_purchase',
      costPerResult: 10,
      attributionSetting: '7d_click_1d_view',
      purchaseValue: 400,
      roas: 4,
    });
  });

  it('gives campaigns without delivery zero spend and no ratios', async () => {
    const { session } = fakeSession((call) => {
      if (call.path === '/me/adaccounts') return adAccounts;
      if (call.path === '/act_111/campaigns') return { data: [campaign(5, { status: 'PAUSED' })] };
      return { data: [] };
    });
    const list = await listCampaignsWithMetrics(session, 'act_111', {});
    expect(list.data[0]!.metrics).toMatchObject({ spend: 0, ctr: null, cpc: null, roas: null });
  });

  it("refuses an ad account outside the user's connection before asking Meta for it", async () => {
    const { session, calls } = fakeSession(answerFor(1));
    await expect(listCampaignsWithMetrics(session, 'act_999', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls.map((c) => c.path)).toEqual(['/me/adaccounts']);
  });
});
