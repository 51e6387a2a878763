import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, InsightsSeriesReply } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { refreshUsageUnlessHeld } from '@web/lib/billing/usage-key';
import { pollWhileReportRuns, runningReport } from './insights-report-polling';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/**
 * Daily figures for an ad account, with totals and the previous period's totals; or, for a long range
 * or a large account, the progress of the Meta report run building them (continued with `report`).
 */
export function getAccountInsights(
  accountId: string,
  range: DateRangeQuery,
  report?: string,
): Promise<InsightsSeriesReply> {
  return apiRequest('metaAccountInsights', {
    params: { id: accountId },
    query: { ...range, ...(report ? { report } : {}) },
  });
}

export function accountInsightsQueryOptions(uid: string, accountId: string, range: DateRangeQuery) {
  return queryOptions({
    queryKey: metaKeys.accountInsights(uid, accountId, range),
    queryFn: async (context) => {
      const reply = await getAccountInsights(accountId, range, runningReport(context));
      // The first use of an account takes one of the plan's ad-account places.
      refreshUsageUnlessHeld(context.client, accountId);
      return reply;
    },
    refetchInterval: pollWhileReportRuns,
    placeholderData: keepPreviousData,
  });
}

export function useAccountInsights(uid: string | undefined, accountId: string | undefined, range: DateRangeQuery) {
  return useQuery({
    ...accountInsightsQueryOptions(uid ?? '', accountId ?? '', range),
    enabled: Boolean(uid && accountId),
  });
}
