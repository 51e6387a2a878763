import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, InsightsSeries } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** One campaign's daily figures (timeIncrement=1) for its detail chart. */
export function getCampaignInsights(campaignId: string, range: DateRangeQuery): Promise<InsightsSeries> {
  return apiRequest('metaCampaignInsights', { params: { id: campaignId }, query: { ...range, timeIncrement: '1' } });
}

export function campaignInsightsQueryOptions(uid: string, campaignId: string, range: DateRangeQuery) {
  return queryOptions({
    queryKey: metaKeys.campaignInsights(uid, campaignId, range),
    queryFn: () => getCampaignInsights(campaignId, range),
  });
}

export function useCampaignInsights(uid: string | undefined, campaignId: string | undefined, range: DateRangeQuery) {
  return useQuery({
    ...campaignInsightsQueryOptions(uid ?? '', campaignId ?? '', range),
    enabled: Boolean(uid && campaignId),
  });
}
