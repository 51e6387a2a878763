import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetaConnection } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** DELETE /api/meta/connection: revokes at Meta and deletes what we held. */
export function disconnectMeta(): Promise<MetaConnection> {
  return apiRequest('metaDisconnect');
}

export function useDisconnectMeta(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMeta,
    meta: { component: 'MetaConnectionCard' },
    onSuccess: (connection) => {
      if (!uid) return;
      // Disconnecting clears ad accounts and campaigns: nothing of the old connection stays on screen.
      queryClient.removeQueries({ queryKey: metaKeys.all(uid) });
      queryClient.setQueryData(metaKeys.connection(uid), connection);
    },
  });
}
