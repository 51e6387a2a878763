import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, InsightsSeries } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** Daily figures for an ad account, with totals and the previous period's totals. */
export function getAccountInsights(accountId: string, range: DateRangeQuery): Promise<InsightsSeries> {
  return apiRequest('metaAccountInsights', { params: { id: accountId }, query: range });
}

export function accountInsightsQueryOptions(uid: string, accountId: string, range: DateRangeQuery) {
  return queryOptions({
    queryKey: metaKeys.accountInsights(uid, accountId, range),
    queryFn: () => getAccountInsights(accountId, range),
    placeholderData: keepPreviousData,
  });
}

export function useAccountInsights(uid: string | undefined, accountId: string | undefined, range: DateRangeQuery) {
  return useQuery({
    ...accountInsightsQueryOptions(uid ?? '', accountId ?? '', range),
    enabled: Boolean(uid && accountId),
  });
}
