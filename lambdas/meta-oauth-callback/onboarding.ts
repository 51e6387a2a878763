import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  ONBOARDING_LINK_DAYS,
  type OnboardingCreateBody,
  type OnboardingLinkSummary,
} from '@shared/schemas/onboarding';
import { tableKey } from '@shared/table-keys';
import { isClientWorkspaceId } from '@shared/workspace-roles';
import { AppError, conflict } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { tableName } from '../lib/table-name';
import { completeConnection, oauthConfig, type ConnectDeps } from './connect-meta';

/**
 * Onboarding a client without passwords (issue 28, req 5). The agency makes a link for one of its client workspaces
 * (a `ws_` workspace, which has no owning person to connect Meta); whoever holds the link connects a Meta ad account
 * into that workspace through Meta's dialog, once. The exchange is the owner's own (connect-meta.ts), keyed by the
 * client workspace: the token is stored encrypted and never answered to anyone, the agency included.
 */
interface LinkRow {
  token_hash: string;
  workspace_id: string;
  workspace_name: string;
  /** Who the client sees asking (the name the agency typed, else the creator's address). */
  agency_name?: string;
  created_by: string;
  created_by_email?: string;
  created_at: string;
  expires_at: string;
  expires_at_epoch: number;
  used_at?: string;
}

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const INVALID =
  'This onboarding link is no longer valid: it expired or was already used. Ask your agency for a new one.';
const USED =
  'This onboarding link was already used: a Meta account was connected through it. Ask your agency for a new link to connect another.';
const EXPIRED = `This onboarding link has expired (each works for ${ONBOARDING_LINK_DAYS} days). Ask your agency for a new one.`;

export async function createOnboardingLink(user: RequestUser, deps: ConnectDeps, body: OnboardingCreateBody = {}) {
  if (!isClientWorkspaceId(user.sub))
    throw conflict('Onboarding links are for client workspaces: switch to the client’s workspace first.');
  const actor = user.actor ?? user.sub;
  // The workspace's name, from the creator's own membership row (the one Query every signed-in route may make).
  const membership = await deps.doc.send(
    new QueryCommand({
      TableName: tableName('workspaceMemberships'),
      KeyConditionExpression: 'user_id = :u AND workspace_id = :w',
      ExpressionAttributeValues: { ':u': actor, ':w': user.sub },
    }),
  );
  const mine = membership.Items?.[0];
  const creatorEmail = typeof mine?.email === 'string' && mine.email ? mine.email : undefined;
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ONBOARDING_LINK_DAYS * DAY_MS);
  const row: LinkRow = {
    token_hash: hashOf(token),
    workspace_id: user.sub,
    workspace_name: typeof mine?.workspace_name === 'string' ? mine.workspace_name : 'your workspace',
    ...(body.agencyName ? { agency_name: body.agencyName } : {}),
    created_by: actor,
    ...(creatorEmail ? { created_by_email: creatorEmail } : {}),
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    expires_at_epoch: Math.floor(expires.getTime() / 1000),
  };
  await deps.doc.send(
    new PutCommand({
      TableName: tableName('clientOnboardingLinks'),
      Item: row,
      ConditionExpression: 'attribute_not_exists(token_hash)',
    }),
  );
  return { token, expiresAt: row.expires_at };
}

const statusOf = (row: LinkRow, now: Date): OnboardingLinkSummary['status'] =>
  row.used_at ? 'used' : new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'waiting';

/** The client workspace's links, newest first: when each was made, by whom, and whether it was used or expired. */
export async function listOnboardingLinks(
  user: RequestUser,
  deps: ConnectDeps,
): Promise<{ links: OnboardingLinkSummary[] }> {
  const reply = await deps.doc.send(
    new QueryCommand({
      TableName: tableName('clientOnboardingLinks'),
      IndexName: 'by_workspace',
      KeyConditionExpression: 'workspace_id = :w',
      ExpressionAttributeValues: { ':w': user.sub },
      ScanIndexForward: false,
      Limit: 20,
    }),
  );
  const now = deps.now();
  return {
    links: ((reply.Items ?? []) as LinkRow[]).map((row) => ({
      id: row.token_hash.slice(0, 12),
      createdAt: row.created_at,
      createdByEmail: row.created_by_email ?? null,
      expiresAt: row.expires_at,
      usedAt: row.used_at ?? null,
      status: statusOf(row, now),
    })),
  };
}

async function liveLink(deps: ConnectDeps, token: string): Promise<LinkRow> {
  const reply = await deps.doc.send(
    new GetCommand({
      TableName: tableName('clientOnboardingLinks'),
      Key: tableKey('clientOnboardingLinks', hashOf(token)),
      ConsistentRead: true,
    }),
  );
  const row = reply.Item as LinkRow | undefined;
  const gone = (reason: string, message: string) =>
    new AppError('ONBOARDING_LINK_INVALID', message, { details: { reason } });
  if (!row) throw gone('unknown', INVALID);
  // The page tells the client which it is (`details.reason`): used (their account is connected) or expired.
  const status = statusOf(row, deps.now());
  if (status === 'used') throw gone('used', USED);
  if (status === 'expired') throw gone('expired', EXPIRED);
  return row;
}

/** The link's page: Meta's dialog, its state bound to the client workspace. */
export async function onboardingConfig(deps: ConnectDeps, token: string) {
  const row = await liveLink(deps, token);
  const config = await oauthConfig({ sub: row.workspace_id, username: 'onboarding' }, deps);
  return {
    workspaceName: row.workspace_name,
    agencyName: row.agency_name ?? row.created_by_email ?? 'Your agency',
    expiresAt: row.expires_at,
    dialogUrl: config.dialogUrl,
    state: config.state,
  };
}

/** Meta's callback for the link: the connection lands in the client workspace, and the link is spent. */
export async function onboardingCallback(deps: ConnectDeps, token: string, input: { code: string; state: string }) {
  const row = await liveLink(deps, token);
  const connection = await completeConnection({ sub: row.workspace_id, username: 'onboarding' }, input, deps);
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: tableName('clientOnboardingLinks'),
        Key: tableKey('clientOnboardingLinks', row.token_hash),
        UpdateExpression: 'SET used_at = :now',
        ConditionExpression: 'attribute_exists(token_hash) AND attribute_not_exists(used_at)',
        ExpressionAttributeValues: { ':now': deps.now().toISOString() },
      }),
    );
  } catch (error) {
    // The state is single-use, so a second connection through one link cannot get this far; a lost race is logged.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return {
    connected: true as const,
    metaUserName: connection.metaUserName ?? 'your Meta account',
    workspaceName: row.workspace_name,
  };
}
