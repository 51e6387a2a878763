import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PerformanceTable, PerformanceTableQuery } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/** What each campaign, ad set or ad delivered over the range, split by a breakdown when one is chosen. */
export function getPerformanceTable(accountId: string, query: PerformanceTableQuery): Promise<PerformanceTable> {
  return apiRequest('metaPerformanceTable', { params: { id: accountId }, query });
}

export function usePerformanceTable(
  uid: string | undefined,
  accountId: string | undefined,
  query: PerformanceTableQuery,
  enabled: boolean,
) {
  return useQuery({
    queryKey: metaKeys.performance(uid ?? '', accountId ?? '', query),
    queryFn: () => getPerformanceTable(accountId ?? '', query),
    enabled: enabled && Boolean(uid && accountId),
    placeholderData: keepPreviousData,
  });
}
