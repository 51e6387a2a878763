import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetaConnection } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** Spec §4: any failure of the check counts as not connected. */
export const NOT_CONNECTED: MetaConnection = {
  isConnected: false,
  metaUserName: null,
  scopes: [],
  expiresAt: null,
  connectedAt: null,
};

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
