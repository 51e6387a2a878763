import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, InsightsSeriesReply } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { pollWhileReportRuns, runningReport } from './insights-report-polling';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/** One campaign's daily figures (timeIncrement=1) for its detail chart, or a running report's progress. */
export function getCampaignInsights(
  campaignId: string,
  range: DateRangeQuery,
  report?: string,
): Promise<InsightsSeriesReply> {
  return apiRequest('metaCampaignInsights', {
    params: { id: campaignId },
    query: { ...range, timeIncrement: '1', ...(report ? { report } : {}) },
  });
}

export function campaignInsightsQueryOptions(uid: string, campaignId: string, range: DateRangeQuery) {
  return queryOptions({
    queryKey: metaKeys.campaignInsights(uid, campaignId, range),
    queryFn: (context) => getCampaignInsights(campaignId, range, runningReport(context)),
    refetchInterval: pollWhileReportRuns,
  });
}

export function useCampaignInsights(uid: string | undefined, campaignId: string | undefined, range: DateRangeQuery) {
  return useQuery({
    ...campaignInsightsQueryOptions(uid ?? '', campaignId ?? '', range),
    enabled: Boolean(uid && campaignId),
  });
}
