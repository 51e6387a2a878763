import type { DateRangeQuery, PerformanceTableQuery } from '@shared/schemas/meta';

/** Every Meta query key starts with ['meta', uid], so a user change or disconnect drops them together. */
export const metaKeys = {
  all: (uid: string) => ['meta', uid] as const,
  connection: (uid: string) => ['meta', uid, 'connection'] as const,
  adAccounts: (uid: string) => ['meta', uid, 'ad-accounts'] as const,
  accountInsights: (uid: string, accountId: string, range: DateRangeQuery) =>
    ['meta', uid, 'account-insights', accountId, range] as const,
  campaignsOf: (uid: string, accountId: string) => ['meta', uid, 'campaigns', accountId] as const,
  campaigns: (uid: string, accountId: string, range: DateRangeQuery) =>
    ['meta', uid, 'campaigns', accountId, range] as const,
  /** Under campaignsOf: a change made at Meta (the optimizer's budgets) refreshes the ad sets with the campaigns. */
  campaignAdSets: (uid: string, accountId: string, campaignId: string) =>
    ['meta', uid, 'campaigns', accountId, 'adsets', campaignId] as const,
  /** Under campaignsOf: a pause or budget change refreshes the table of every level. */
  performance: (uid: string, accountId: string, query: PerformanceTableQuery) =>
    ['meta', uid, 'campaigns', accountId, 'performance', query] as const,
  campaignInsights: (uid: string, campaignId: string, range: DateRangeQuery) =>
    ['meta', uid, 'campaign-insights', campaignId, range] as const,
};
