import * as z from 'zod';
import type { RouteDeclaration } from './route-declaration';

/**
 * The roles a person holds in a workspace (issue 28, req 1). A person owns their own workspace and may be
 * invited into others' (an agency's people into each client's) with one of the invited roles:
 * - `admin`: works in it as the owner does and manages its team, but billing and the Meta connection stay the
 *   owner's;
 * - `member`: works in it, without managing the team;
 * - `client`: read-only: the dashboards, reports and approvals, nothing else (no settings, billing, Meta
 *   connection, and no write at all unless a route says the client may answer it).
 */
export const WorkspaceRoleSchema = z.enum(['owner', 'admin', 'member', 'client']);
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;

/** What an invitation may name (a workspace has one owner: its own person). */
export const InvitedRoleSchema = z.enum(['admin', 'member', 'client']);
export type InvitedRole = z.infer<typeof InvitedRoleSchema>;

/**
 * The header the web's API client names the chosen workspace in. It is a wish, never a credential: every
 * request checks it against the caller's memberships (lambdas/lib/team/workspace.ts) and answers 403
 * WORKSPACE_FORBIDDEN for a workspace they are not in. Absent, the request works in the person's default workspace.
 */
export const WORKSPACE_HEADER = 'x-adsmith-workspace';

/**
 * A client workspace an agency creates (issue 28, req 1) has no owning person, so its id is not a Cognito `sub`:
 * `ws_` and a ULID (26 Crockford base32 characters, https://github.com/ulid/spec). The prefix cannot begin a sub
 * (a UUID), so the two kinds never collide.
 */
export const CLIENT_WORKSPACE_PREFIX = 'ws_';
const CLIENT_WORKSPACE_ID = /^ws_[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whether `id` names a client workspace an agency created (not a person's own). */
export function isClientWorkspaceId(id: string): boolean {
  return CLIENT_WORKSPACE_ID.test(id);
}

/** A workspace id: its owner's Cognito `sub` (a UUID on the pool and the twin alike), or a client workspace's `ws_` id. */
export const WorkspaceIdSchema = z
  .string()
  .trim()
  .refine(
    (id) => /^[A-Za-z0-9-]{1,128}$/.test(id) || isClientWorkspaceId(id),
    'The workspace header must be a workspace id.',
  );

/** Roles that may manage a workspace's team (invite, revoke, remove). */
export function managesTeam(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Why a role may not use a route, as the error code the server answers with. */
export type RouteRefusal = 'OWNER_ONLY' | 'ADMINS_ONLY' | 'CLIENT_READ_ONLY';

/**
 * Whether `role` may use `route`, decided from the routes table alone so a new route is covered the day it is
 * declared: a `client` may use only the routes that declare `clientRole` (reads: GET; `answers`: the few writes
 * that are the client's own, e.g. an approval), so a new route is refused to clients until someone decides
 * otherwise. `owner` routes (billing, the Meta connection itself) are the owner's alone, `admins` routes the owner's and admins'. Personal routes are
 * the person's own and open to every role.
 */
export function routeRefusal(role: WorkspaceRole, route: RouteDeclaration): RouteRefusal | undefined {
  if (route.workspace === 'personal') return undefined;
  if (role === 'client') {
    const allowed =
      route.workspace !== 'owner' &&
      route.workspace !== 'admins' &&
      ((route.clientRole === 'reads' && route.method === 'GET') || route.clientRole === 'answers');
    return allowed ? undefined : 'CLIENT_READ_ONLY';
  }
  if (route.workspace === 'owner' && role !== 'owner') return 'OWNER_ONLY';
  if (route.workspace === 'admins' && !managesTeam(role)) return 'ADMINS_ONLY';
  return undefined;
}
