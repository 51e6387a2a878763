import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { WorkspaceScope } from '@shared/routes';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../errors';

/**
 * Whose workspace a signed-in request works in. A workspace is its owner's: their plan, quotas, Meta connection
 * and data, all keyed by the owner's `sub`. A member (one row in `team_memberships`) works in the owner's; everyone
 * else in their own. Resolved once per request in httpFunction, so no function changes how it keys its data.
 */
export interface MembershipRecord {
  user_id: string;
  workspace_id: string;
  role: 'member';
  email: string;
  owner_email: string;
  joined_at: string;
  /** The owner let this member upload customer lists (Audiences); absent until the owner allows it. */
  customer_data_uploads?: boolean;
  /** The invitation accepted to join: lets a retried accept recognise the membership it wrote itself. */
  invitation_id?: string;
}

export interface Workspace {
  /** The owner's sub: the key of everything the workspace stores. */
  id: string;
  role: 'owner' | 'member';
}

/**
 * Lookups are kept this long in a warm container: a removed member keeps working for at most this long
 * (their next request after it is refused the workspace). Short, because removal is a security action.
 */
export const WORKSPACE_CACHE_MS = 5_000;
const cache = new Map<string, { workspace: Workspace; at: number }>();
const MAX_CACHED = 1_000;

export async function readMembership(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
): Promise<MembershipRecord | undefined> {
  const reply = await doc.send(
    new GetCommand({ TableName: table, Key: tableKey('teamMemberships', userId), ConsistentRead: true }),
  );
  return reply.Item as MembershipRecord | undefined;
}

/** The workspace `userId` works in now (one consistent GetItem, cached for WORKSPACE_CACHE_MS). */
export async function workspaceOf(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  now = Date.now(),
): Promise<Workspace> {
  const hit = cache.get(userId);
  if (hit && now - hit.at < WORKSPACE_CACHE_MS) return hit.workspace;
  const membership = await readMembership(doc, table, userId);
  const workspace: Workspace = membership
    ? { id: membership.workspace_id, role: 'member' }
    : { id: userId, role: 'owner' };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(userId, { workspace, at: now });
  return workspace;
}

/** Forgets a cached lookup (this container just changed the membership). */
export function forgetWorkspace(userId: string): void {
  cache.delete(userId);
}

/** Refuses a member an owner-only route (billing, the Meta connection itself). */
export function assertAllowed(scope: WorkspaceScope | undefined, workspace: Workspace): void {
  if (scope === 'owner' && workspace.role === 'member') {
    throw new AppError(
      'OWNER_ONLY',
      'Only the workspace owner can do that: billing and the Meta connection are the owner’s to manage.',
    );
  }
}
