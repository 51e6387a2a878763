import type { AdAccount, CampaignWithMetrics, InsightsSeries, Metrics } from '@shared/schemas/meta';
import { ApiError } from '@web/lib/api-client';

export const connected = {
  isConnected: true,
  metaUserName: 'Demo Marketer',
  scopes: ['ads_management', 'ads_read'],
  expiresAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
  connectedAt: new Date().toISOString(),
};
export const notConnected = { isConnected: false, metaUserName: null, scopes: [], expiresAt: null, connectedAt: null };

export const oauthConfig = {
  appId: '1234',
  graphVersion: 'v26.0',
  redirectUri: 'http://localhost:3000/auth/meta/callback',
  scopes: ['ads_management', 'ads_read', 'business_management', 'pages_read_engagement'],
  state: 'adsmith_meta_user-1.nonce.123.sig',
  dialogUrl: 'https://meta.test/v26.0/dialog/oauth?client_id=1234&state=adsmith_meta_user-1.nonce.123.sig',
};

export const usdAccount: AdAccount = {
  id: 'act_111',
  accountId: '111',
  name: 'Outdoor US',
  currency: 'USD',
  timezoneName: 'America/New_York',
  status: 'ACTIVE',
  amountSpent: 100_000,
  minDailyBudget: 100,
};
export const jpyAccount: AdAccount = {
  id: 'act_222',
  accountId: '222',
  name: 'Outdoor JP',
  currency: 'JPY',
  timezoneName: 'Asia/Tokyo',
  status: 'ACTIVE',
  amountSpent: 5_000_000,
  minDailyBudget: 150,
};

export function metrics(overrides: Partial<Metrics> = {}): Metrics {
  return {
    spend: 100,
    impressions: 10_000,
    reach: 8_000,
    reachIsEstimate: false,
    frequency: 1.25,
    clicks: 150,
    linkClicks: 100,
    ctr: 1,
    cpc: 1,
    ctrAll: 1.5,
    cpcAll: 0.67,
    cpm: 10,
    results: 10,
    resultType: 'offsite_conversion.fb_pixel_purchase',
    costPerResult: 10,
    resultsByType: [{ resultType: 'offsite_conversion.fb_pixel_purchase', results: 10, costPerResult: 10 }],
    attributionSetting: '7d_click_1d_view',
    purchaseValue: 300,
    roas: 3,
    ...overrides,
  };
}

export function campaign(overrides: Partial<CampaignWithMetrics> & { id: string; name: string }): CampaignWithMetrics {
  return {
    accountId: '111',
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    effectiveStatus: 'ACTIVE',
    dailyBudget: 5000,
    lifetimeBudget: null,
    startTime: '2026-06-01T00:00:00-0400',
    stopTime: null,
    metrics: metrics(),
    ...overrides,
  };
}

export const campaigns: CampaignWithMetrics[] = [
  campaign({ id: '1', name: 'Spring Sale', metrics: metrics({ spend: 300, costPerResult: 12 }) }),
  campaign({
    id: '2',
    name: 'Lead Magnet',
    objective: 'OUTCOME_LEADS',
    status: 'PAUSED',
    effectiveStatus: 'PAUSED',
    dailyBudget: null,
    metrics: metrics({ spend: 50, resultType: 'lead', costPerResult: 5, roas: null }),
  }),
  campaign({
    id: '3',
    name: 'Awareness Push',
    objective: 'OUTCOME_AWARENESS',
    dailyBudget: null,
    lifetimeBudget: 100_000,
    metrics: metrics({ spend: 900, results: null, resultType: null, costPerResult: null, roas: null }),
  }),
];

export function campaignList(data: CampaignWithMetrics[] = campaigns) {
  return {
    data,
    range: { since: '2026-10-22', until: '2026-11-20' },
    currency: 'USD',
    timezoneName: 'America/New_York',
  };
}

export function series(): InsightsSeries {
  return {
    data: [
      { ...metrics({ spend: 40 }), date: '2026-11-19' },
      { ...metrics({ spend: 60 }), date: '2026-11-20' },
    ],
    totals: metrics({ spend: 100, results: 20, costPerResult: 5 }),
    previousTotals: metrics({ spend: 80, results: 10, costPerResult: 8 }),
    range: { since: '2026-11-19', until: '2026-11-20' },
    previousRange: { since: '2026-11-17', until: '2026-11-18' },
    currency: 'USD',
  };
}

export const apiErrors = {
  notConfigured: () => new ApiError('CONFLICT', 409, 'Meta app not configured. Please contact support.'),
  notConnected: () => new ApiError('META_NOT_CONNECTED', 409, 'Not connected to Meta.'),
  expired: () =>
    new ApiError('META_RECONNECT_REQUIRED', 409, 'Your Meta connection has expired. Please reconnect Meta.'),
  rateLimited: () => new ApiError('RATE_LIMITED', 429, 'Meta asks us to slow down. Try again in 60 seconds.'),
  internal: () => new ApiError('INTERNAL_ERROR', 500, 'Meta could not update the campaign.'),
};
