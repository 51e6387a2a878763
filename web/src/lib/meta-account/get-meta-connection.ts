import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOT_CONNECTED, type MetaConnection } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** Any failure of the check counts as not connected: the dashboard then offers to connect. */
export async function getMetaConnection(): Promise<MetaConnection> {
  try {
    return await apiRequest('metaConnection');
  } catch (error) {
    console.warn('Meta connection check failed; treating as not connected', error);
    return NOT_CONNECTED;
  }
}

export function metaConnectionQueryOptions(uid: string) {
  return queryOptions({
    queryKey: metaKeys.connection(uid),
    queryFn: getMetaConnection,
    staleTime: 60_000,
  });
}

export function useMetaConnectionQuery(uid: string | undefined) {
  return useQuery({ ...metaConnectionQueryOptions(uid ?? ''), enabled: Boolean(uid) });
}
