import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InvitedRole, WorkspaceRole } from '@shared/workspace-roles';
import { keyCondition, tableKey } from '@shared/table-keys';
import { AppError } from '../errors';
import { queryAll } from '../aws/query-all';

/**
 * Whose workspace a signed-in request works in. A workspace is its owner's: their plan, quotas, Meta connection
 * and data, all keyed by the owner's `sub`. A person always owns their own, and holds one row in
 * `workspace_memberships` (user, workspace) per workspace they were invited into, with the role the invitation
 * named (issue 28, req 1). Resolved once per request in httpFunction, so no function changes how it keys its data.
 */
export interface MembershipRecord {
  user_id: string;
  workspace_id: string;
  /** Rows written before roles were named say `member`. */
  role: InvitedRole;
  email: string;
  owner_email: string;
  /** A client workspace's name (issue 28): set on the rows of workspaces an agency created. */
  workspace_name?: string;
  joined_at: string;
  /** The owner let this member upload customer lists (Audiences); absent until the owner allows it. */
  customer_data_uploads?: boolean;
  /** The invitation accepted to join: lets a retried accept recognise the membership it wrote itself. */
  invitation_id?: string;
}

export interface Workspace {
  /** The owner's sub: the key of everything the workspace stores. */
  id: string;
  role: WorkspaceRole;
}

/**
 * Lookups are kept this long in a warm container: a removed member keeps working for at most this long
 * (their next request after it is refused the workspace). Short, because removal is a security action.
 */
export const WORKSPACE_CACHE_MS = 5_000;
const cache = new Map<string, { memberships: MembershipRecord[]; at: number }>();
const MAX_CACHED = 1_000;

/** The person's membership of one workspace, if they hold one. */
export async function readMembership(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  workspaceId: string,
): Promise<MembershipRecord | undefined> {
  const reply = await doc.send(
    new GetCommand({
      TableName: table,
      Key: tableKey('workspaceMemberships', userId, workspaceId),
      ConsistentRead: true,
    }),
  );
  return reply.Item as MembershipRecord | undefined;
}

/** Every workspace the person was invited into, oldest first (one consistent Query on their partition). */
export async function membershipsOf(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
): Promise<MembershipRecord[]> {
  const items = (await queryAll(doc, {
    TableName: table,
    KeyConditionExpression: keyCondition('workspaceMemberships', ':u'),
    ExpressionAttributeValues: { ':u': userId },
    ConsistentRead: true,
  })) as unknown as MembershipRecord[];
  return items.sort((a, b) => a.joined_at.localeCompare(b.joined_at));
}

/**
 * The workspace a request works in, from the person's memberships and the workspace the request names:
 * - named: their own (owner) or one they hold a membership of (its role); anything else is refused with 403
 *   WORKSPACE_FORBIDDEN: the name comes from the browser and is never trusted;
 * - not named: their default, as before workspaces could be switched: the workspace of their oldest
 *   membership (the one team they could belong to then), else their own.
 */
export function resolveWorkspace(userId: string, memberships: MembershipRecord[], requested?: string): Workspace {
  if (requested === undefined) {
    const first = memberships[0];
    return first ? { id: first.workspace_id, role: first.role } : { id: userId, role: 'owner' };
  }
  if (requested === userId) return { id: userId, role: 'owner' };
  const membership = memberships.find((m) => m.workspace_id === requested);
  if (!membership) throw new AppError('WORKSPACE_FORBIDDEN');
  return { id: membership.workspace_id, role: membership.role };
}

/** The person's memberships (cached for WORKSPACE_CACHE_MS per container). */
export async function cachedMembershipsOf(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  now = Date.now(),
): Promise<MembershipRecord[]> {
  const hit = cache.get(userId);
  if (hit && now - hit.at < WORKSPACE_CACHE_MS) return hit.memberships;
  const memberships = await membershipsOf(doc, table, userId);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(userId, { memberships, at: now });
  return memberships;
}

/**
 * The workspace `userId` works in now, given the one their request names (if any). A cached lookup that would
 * refuse the named workspace is read again first: the person may have joined it a moment ago (in another container),
 * and the cache is only there to spare reads, never to refuse what the table allows.
 */
export async function workspaceOf(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  requested?: string,
  now = Date.now(),
): Promise<Workspace> {
  const cached = await cachedMembershipsOf(doc, table, userId, now);
  const known = requested === undefined || requested === userId || cached.some((m) => m.workspace_id === requested);
  if (known) return resolveWorkspace(userId, cached, requested);
  forgetWorkspace(userId);
  return resolveWorkspace(userId, await cachedMembershipsOf(doc, table, userId, now), requested);
}

/** Forgets a cached lookup (this container just changed the membership). */
export function forgetWorkspace(userId: string): void {
  cache.delete(userId);
}
