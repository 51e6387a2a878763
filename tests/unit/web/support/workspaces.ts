import type { Workspaces } from '@shared/schemas/team';
import type { WorkspaceRole } from '@shared/workspace-roles';

/**
 * GET /api/workspaces as a person working in `ownerEmail`'s workspace with `role` sees it: their own workspace
 * first, then (unless they are its owner) the one they work in.
 */
export function workspacesAs(role: WorkspaceRole, ownerEmail = 'owner@example.com'): Workspaces {
  const own = { id: 'me', role: 'owner' as const, ownerEmail: role === 'owner' ? ownerEmail : 'me@example.com' };
  if (role === 'owner') return { current: own, workspaces: [own] };
  const theirs = { id: 'their-workspace', role, ownerEmail };
  return { current: theirs, workspaces: [own, theirs] };
}
