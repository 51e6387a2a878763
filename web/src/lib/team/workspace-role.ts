import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** GET /api/team's key: the team screens and the owner-only controls share one cached answer. */
export const teamKey = ['team'] as const;

export interface WorkspaceRole {
  /** 'owner' until known otherwise: the server refuses a member's owner-only request anyway (403 OWNER_ONLY). */
  role: 'owner' | 'member';
  ownerEmail: string;
  /** True while the answer is not in: owner-only controls wait rather than flash for a member. */
  pending: boolean;
}

/**
 * Whether the signed-in person owns the workspace they work in. Billing and the Meta connection are the owner's:
 * a member sees them read-only with a line saying the owner manages them, not buttons that answer 403.
 */
export function useWorkspaceRole(): WorkspaceRole {
  const team = useQuery({ queryKey: teamKey, queryFn: () => apiRequest('getTeam') });
  return {
    role: team.data?.role ?? 'owner',
    ownerEmail: team.data?.ownerEmail ?? '',
    pending: team.isPending,
  };
}
