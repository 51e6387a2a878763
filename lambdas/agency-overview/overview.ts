import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AgencyOverview, ClientTargets } from '@shared/schemas/agency-overview';
import { AppError } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { mapLimit, readClientRow, type ClientWorkspace, type FiguresDeps } from '../lib/agency/client-figures';
import { byAttention } from '../lib/agency/client-status';
import { readTargets, saveTargets, type TargetsTable } from '../lib/agency/targets-store';
import { membershipsOf, readMembership } from '../lib/team/workspace';

/** Meta reads at once: bounded so an agency of fifty clients neither floods Graph nor the function's sockets. */
export const OVERVIEW_CONCURRENCY = 4;

export interface OverviewDeps extends FiguresDeps {
  doc: DynamoDBDocumentClient;
  memberships: string;
  targets: TargetsTable;
}

/** What the person's own workspace is called in the overview. */
export const OWN_WORKSPACE_NAME = 'Your workspace';

/**
 * The workspaces the person belongs to: their own, and one per membership row under their own `sub` (the only
 * source: nothing in the request names a workspace here, so none they are not in can be listed).
 */
async function workspacesOf(personId: string, deps: OverviewDeps): Promise<Omit<ClientWorkspace, 'targets'>[]> {
  const memberships = await membershipsOf(deps.doc, deps.memberships, personId);
  return [
    { workspaceId: personId, name: OWN_WORKSPACE_NAME, role: 'owner' as const },
    ...memberships.map((m) => ({ workspaceId: m.workspace_id, name: m.workspace_name ?? m.owner_email, role: m.role })),
  ];
}

/**
 * The cross-client overview: each workspace's targets and month so far, one account-level Meta read per workspace
 * with targets, OVERVIEW_CONCURRENCY at a time, sorted by what needs attention.
 */
export async function readOverview(user: RequestUser, deps: OverviewDeps): Promise<AgencyOverview> {
  const workspaces = await workspacesOf(user.sub, deps);
  const rows = await mapLimit(workspaces, OVERVIEW_CONCURRENCY, async (workspace) =>
    readClientRow({ ...workspace, targets: await readTargets(deps.targets, workspace.workspaceId) }, deps),
  );
  return { rows: rows.sort(byAttention), generatedAt: deps.now().toISOString() };
}

/**
 * Sets a workspace's targets: only its owner or one of its admins, checked against the caller's own membership
 * of the workspace named in the path (a member or client is refused; a stranger is told it is not theirs).
 */
export async function setTargets(
  user: RequestUser,
  workspaceId: string,
  targets: ClientTargets,
  deps: OverviewDeps,
): Promise<ClientTargets> {
  let name = OWN_WORKSPACE_NAME;
  if (workspaceId !== user.sub) {
    const membership = await readMembership(deps.doc, deps.memberships, user.sub, workspaceId);
    if (!membership) throw new AppError('WORKSPACE_FORBIDDEN');
    if (membership.role === 'client') throw new AppError('CLIENT_READ_ONLY');
    if (membership.role !== 'admin') throw new AppError('ADMINS_ONLY');
    name = membership.workspace_name ?? membership.owner_email;
  }
  await saveTargets(deps.targets, workspaceId, targets, { by: user.sub, name, now: deps.now() });
  return targets;
}
