import type { WorkspaceRole as Role } from '@shared/workspace-roles';
import { useWorkspaces } from '../workspace/use-workspaces';

/** GET /api/team's key: the team screens and the owner-only controls share one cached answer. */
export const teamKey = ['team'] as const;

export interface WorkspaceRole {
  /** 'owner' until known otherwise: the server refuses anyone else's owner-only request anyway (403 OWNER_ONLY). */
  role: Role;
  ownerEmail: string;
  /** True while the answer is not in: owner-only controls wait rather than flash for a member. */
  pending: boolean;
}

/**
 * The signed-in person's role in the workspace they work in now (the switcher's choice, as the server resolved
 * it). Billing and the Meta connection are the owner's: anyone else sees them read-only with a line saying the
 * owner manages them, not buttons that answer 403; a client sees only dashboards, reports and approvals.
 */
export function useWorkspaceRole(): WorkspaceRole {
  const workspaces = useWorkspaces();
  return {
    role: workspaces.data?.current.role ?? 'owner',
    ownerEmail: workspaces.data?.current.ownerEmail ?? '',
    pending: workspaces.isPending,
  };
}
