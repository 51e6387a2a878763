import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect } from 'react';
import { apiRequest } from '../api';
import { AuthContext } from '../auth/auth-context';
import { chosenWorkspace, rememberWorkspace } from './chosen-workspace';

/** GET /api/workspaces's key: the switcher and every role check share one answer. */
export const workspacesKey = ['workspaces'] as const;

/**
 * The workspaces the signed-in person can work in and the one their requests resolve to now. The server's
 * answer wins over the remembered choice: a workspace they were removed from is replaced by their default.
 */
export function useWorkspaces() {
  // Read without useAuth's guard: the owner-only controls that ask for the role render in tests without the provider.
  const userId = useContext(AuthContext)?.currentUser?.uid;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: workspacesKey, queryFn: () => apiRequest('listWorkspaces') });
  const current = query.data?.current.id;

  useEffect(() => {
    if (userId && current && chosenWorkspace(userId) !== current) rememberWorkspace(userId, current);
  }, [userId, current]);

  /** Works in `workspaceId` from now on: every answer cached for the previous workspace is dropped and asked again. */
  const switchTo = useCallback(
    async (workspaceId: string) => {
      if (!userId) return;
      rememberWorkspace(userId, workspaceId);
      await queryClient.resetQueries();
    },
    [userId, queryClient],
  );

  return { ...query, switchTo };
}

/** Remembers a workspace as the signed-in person's choice (joining or leaving one moves them). */
export function useRememberWorkspace(): (workspaceId: string) => void {
  const userId = useContext(AuthContext)?.currentUser?.uid;
  return useCallback((workspaceId: string) => (userId ? rememberWorkspace(userId, workspaceId) : undefined), [userId]);
}
