import type { AccountContextInput } from '@lambdas/chatbot/account-context';
import type { CampaignWithMetrics, Metrics } from '@shared/schemas/meta';

/** A campaign row as the campaigns list returns it, with the figures a test cares about. */
export function campaignRow(
  id: string,
  name: string,
  figures: Partial<Metrics> & { startTime?: string; objective?: string },
): CampaignWithMetrics {
  const { startTime = '2026-09-23T00:00:00+0000', objective = 'OUTCOME_SALES', ...metrics } = figures;
  const spend = metrics.spend ?? 0;
  return {
    id,
    accountId: '1001',
    name,
    objective,
    status: 'ACTIVE',
    effectiveStatus: 'ACTIVE',
    dailyBudget: 5000,
    lifetimeBudget: null,
    startTime,
    stopTime: null,
    metrics: {
      spend,
      impressions: spend > 0 ? Math.round((spend / (metrics.cpm ?? 10)) * 1000) : 0,
      reach: 0,
      reachIsEstimate: false,
      frequency: null,
      clicks: 0,
      linkClicks: 0,
      ctr: null,
      cpc: null,
      ctrAll: null,
      cpcAll: null,
      cpm: null,
      results: null,
      resultType: metrics.results != null ? 'offsite_conversion.fb_pixel_purchase' : null,
      costPerResult: null,
      resultsByType: [],
      attributionSetting: '7d_click_1d_view',
      purchaseValue: null,
      roas: null,
      ...metrics,
    },
  };
}

/**
 * The demo-like account of the chat tests: three sales campaigns (purchases) whose median cost per result is
 * $22.10, a retargeting one well above it that is fatiguing on a dearer auction, an app-install campaign alone
 * of its kind, an awareness campaign without results and a paused one that spent nothing.
 */
export function demoPeriods(): AccountContextInput {
  const range = { since: '2026-10-24', until: '2026-11-22' };
  return {
    account: { id: 'act_1001', name: 'Demo USD', currency: 'USD' },
    current: {
      range,
      campaigns: [
        campaignRow('c-spring', 'Spring sale — prospecting', {
          spend: 1326,
          results: 60,
          costPerResult: 22.1,
          purchaseValue: 3182.4,
          roas: 2.4,
          cpm: 9.5,
          frequency: 1.8,
          ctr: 1.4,
        }),
        campaignRow('c-retarget', 'Retargeting — cart abandoners', {
          spend: 956.66,
          results: 31,
          costPerResult: 30.86,
          purchaseValue: 1817.65,
          roas: 1.9,
          cpm: 14.2,
          frequency: 4.2,
          ctr: 0.8,
        }),
        campaignRow('c-summer', 'Summer sale — broad', {
          spend: 1472,
          results: 80,
          costPerResult: 18.4,
          purchaseValue: 4636.8,
          roas: 3.15,
          cpm: 8.1,
          frequency: 1.5,
          ctr: 1.6,
        }),
        campaignRow('c-app', 'App installs — iOS', {
          spend: 700,
          results: 200,
          resultType: 'mobile_app_install',
          costPerResult: 3.5,
          cpm: 6,
          frequency: 1.2,
          objective: 'OUTCOME_APP_PROMOTION',
        }),
        campaignRow('c-brand', 'Brand awareness', { spend: 11.5, cpm: 2.3, frequency: 2.1 }),
        campaignRow('c-paused', 'Paused test', { spend: 0 }),
      ],
    },
    previous: {
      range: { since: '2026-09-24', until: '2026-10-23' },
      campaigns: [
        campaignRow('c-spring', 'Spring sale — prospecting', { spend: 1200, cpm: 9.4, ctr: 1.4 }),
        campaignRow('c-retarget', 'Retargeting — cart abandoners', { spend: 800, cpm: 10.1, ctr: 1.1 }),
        campaignRow('c-summer', 'Summer sale — broad', { spend: 1400, cpm: 8.2, ctr: 1.5 }),
      ],
    },
    otherAdAccounts: ['Demo JPY'],
  };
}
