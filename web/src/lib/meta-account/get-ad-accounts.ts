import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdAccount } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

export async function getAdAccounts(): Promise<AdAccount[]> {
  return (await apiRequest('metaAdAccounts')).data;
}

export function adAccountsQueryOptions(uid: string) {
  return queryOptions({ queryKey: metaKeys.adAccounts(uid), queryFn: getAdAccounts, staleTime: 5 * 60_000 });
}

export function useAdAccounts(uid: string | undefined, enabled: boolean) {
  return useQuery({ ...adAccountsQueryOptions(uid ?? ''), enabled: Boolean(uid) && enabled });
}
