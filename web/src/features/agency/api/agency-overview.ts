import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientTargets } from '@shared/schemas/agency-overview';
import { apiRequest } from '@web/lib/api';

const overviewKey = ['agency-overview'] as const;

/** GET /api/agency/overview: every workspace the person belongs to against its targets, most in need first. */
export function useAgencyOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: () => apiRequest('getAgencyOverview') });
}

/** PUT /api/agency/targets/{workspaceId}: the overview is read again with the new targets. */
export function useSetTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, targets }: { workspaceId: string; targets: ClientTargets }) =>
      apiRequest('putClientTargets', { params: { workspaceId }, body: targets }),
    meta: { component: 'AgencyOverview.setTargets' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}
