import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetaConnection } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from './meta-query-keys';

/** POST /api/meta/oauth/callback: the server exchanges the code; the token never reaches us. */
export function completeMetaOAuth(input: { code: string; state: string }): Promise<MetaConnection> {
  return apiRequest('metaOAuthCallback', { body: input });
}

export function useCompleteMetaOAuth(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeMetaOAuth,
    meta: { component: 'MetaCallbackPage' },
    onSuccess: (connection) => {
      if (!uid) return;
      queryClient.setQueryData(metaKeys.connection(uid), connection);
      void queryClient.invalidateQueries({ queryKey: metaKeys.all(uid) });
    },
  });
}
