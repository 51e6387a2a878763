import { createHash, randomBytes } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
} from '@shared/schemas/agent-tokens';
import { keyCondition, tableKey } from '@shared/table-keys';
import { notFound, validationError } from '../errors';

/**
 * Personal access tokens of the agent's MCP server: `adsm_pat_` + 32 random bytes (base64url). Only the SHA-256 is
 * stored: a token of 256 random bits needs no slow hash (nothing to guess from its hash), and a fast one lets the
 * endpoint find it in one index query. Shown once, at creation. A token is one person's in one workspace.
 */

export interface AccessTokensTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

export interface NewAccessToken {
  id: string;
  token: string;
  hash: string;
  /** What the token list shows of it. */
  start: string;
}

const DAY_MS = 86_400_000;
/** Expired rows stay listed this long, so a person sees why a client stopped working. */
const KEEP_AFTER_EXPIRY_DAYS = 30;

export const accessTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function newAccessToken(random: (size: number) => Buffer = randomBytes): NewAccessToken {
  const token = `${ACCESS_TOKEN_PREFIX}${random(32).toString('base64url')}`;
  return {
    id: random(8).toString('hex'),
    token,
    hash: accessTokenHash(token),
    start: token.slice(0, ACCESS_TOKEN_PREFIX.length + 6),
  };
}

/** A row as the table holds it. */
interface TokenRow {
  workspace_id: string;
  token_id: string;
  user_id: string;
  token_hash?: string;
  token_start: string;
  label: string;
  scope: AccessTokenScope;
  created_at: string;
  expires_at: string;
  last_used_at?: string;
  revoked_at?: string;
}

const toAccessToken = (row: TokenRow): AccessToken => ({
  id: row.token_id,
  label: row.label,
  scope: row.scope,
  tokenStart: row.token_start,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  ...(row.last_used_at !== undefined && { lastUsedAt: row.last_used_at }),
  ...(row.revoked_at !== undefined && { revokedAt: row.revoked_at }),
});

async function personRows(tokens: AccessTokensTable, workspaceId: string, person: string): Promise<TokenRow[]> {
  const rows: TokenRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const reply = await tokens.doc.send(
      new QueryCommand({
        TableName: tokens.table,
        KeyConditionExpression: keyCondition('agentAccessTokens', ':workspace'),
        FilterExpression: 'user_id = :person',
        ExpressionAttributeValues: { ':workspace': workspaceId, ':person': person },
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...((reply.Items ?? []) as TokenRow[]));
    start = reply.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** The person's own tokens in the workspace, newest first (a teammate's are never listed). */
export async function listAccessTokens(
  tokens: AccessTokensTable,
  workspaceId: string,
  person: string,
): Promise<{ tokens: AccessToken[] }> {
  const rows = await personRows(tokens, workspaceId, person);
  return { tokens: rows.map(toAccessToken).sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
}

export async function createAccessToken(
  tokens: AccessTokensTable,
  owner: { workspaceId: string; person: string },
  input: CreateAccessTokenRequest,
  now: Date,
  generate: () => NewAccessToken = newAccessToken,
): Promise<CreatedAccessToken> {
  const existing = await personRows(tokens, owner.workspaceId, owner.person);
  if (existing.length >= MAX_ACCESS_TOKENS)
    throw validationError(`A person has at most ${MAX_ACCESS_TOKENS} access tokens here: revoke unused ones first.`);
  const created = generate();
  const expires = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const row: TokenRow & { delete_at: number } = {
    ...tableKey('agentAccessTokens', owner.workspaceId, created.id),
    user_id: owner.person,
    token_hash: created.hash,
    token_start: created.start,
    label: input.label,
    scope: input.scope,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    delete_at: Math.floor((expires.getTime() + KEEP_AFTER_EXPIRY_DAYS * DAY_MS) / 1000),
  };
  await tokens.doc.send(
    new PutCommand({ TableName: tokens.table, Item: row, ConditionExpression: 'attribute_not_exists(token_id)' }),
  );
  return { ...toAccessToken(row), token: created.token };
}

/**
 * Revokes one of the person's own tokens: its hash is removed, so the endpoint no longer finds it; the row stays, so
 * the list shows when it was revoked. A teammate's token, another workspace's, or one revoked already is NOT_FOUND.
 */
export async function revokeAccessToken(
  tokens: AccessTokensTable,
  owner: { workspaceId: string; person: string },
  tokenId: string,
  now: Date,
): Promise<{ revoked: true }> {
  try {
    await tokens.doc.send(
      new UpdateCommand({
        TableName: tokens.table,
        Key: tableKey('agentAccessTokens', owner.workspaceId, tokenId),
        UpdateExpression: 'SET revoked_at = :now REMOVE token_hash',
        ConditionExpression: 'attribute_exists(token_id) AND user_id = :person AND attribute_not_exists(revoked_at)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':person': owner.person },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
      throw notFound('No such access token, or it was revoked already.');
    throw error;
  }
  return { revoked: true };
}

/** Who a valid token acts for, and what it may do. */
export interface TokenHolder {
  tokenId: string;
  workspaceId: string;
  person: string;
  scope: AccessTokenScope;
  /** The person's role in the workspace now (the guardrails' actions per role apply to it). */
  role: 'owner' | 'member';
}

export type TokenVerdict = { ok: true; holder: TokenHolder } | { ok: false; reason: string };

/**
 * Whether a stored token still works: not revoked, not expired, and its person still works in its workspace (a
 * removed member's tokens stop working; so do a former member's who now owns their own workspace).
 */
export function tokenVerdict(
  row: TokenRow | undefined,
  hash: string,
  now: Date,
  current: { id: string; role: 'owner' | 'member' } | undefined,
): TokenVerdict {
  if (!row || row.token_hash !== hash) return { ok: false, reason: 'The access token is not valid.' };
  if (row.revoked_at !== undefined) return { ok: false, reason: 'The access token was revoked.' };
  if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'The access token has expired.' };
  if (current?.id !== row.workspace_id)
    return { ok: false, reason: 'The access token’s owner is no longer a member of its workspace.' };
  return {
    ok: true,
    holder: {
      tokenId: row.token_id,
      workspaceId: row.workspace_id,
      person: row.user_id,
      scope: row.scope,
      role: current.role,
    },
  };
}

/** Plausible tokens only reach the table: the prefix and 43 base64url characters (32 bytes). */
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * Authenticates a bearer token: found by its hash in `by-token-hash`, then its row re-read consistently (the index
 * lags a revocation; the row does not), checked by `tokenVerdict`, and its last use recorded.
 */
export async function authenticateAccessToken(
  tokens: AccessTokensTable,
  token: string,
  now: Date,
  /** The person's place in the token's workspace now, or undefined when they no longer work there. */
  workspaceOf: (person: string, workspaceId: string) => Promise<{ id: string; role: 'owner' | 'member' } | undefined>,
): Promise<TokenVerdict> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'The access token is not valid.' };
  const hash = accessTokenHash(token);
  const found = await tokens.doc.send(
    new QueryCommand({
      TableName: tokens.table,
      IndexName: 'by-token-hash',
      KeyConditionExpression: 'token_hash = :hash',
      ExpressionAttributeValues: { ':hash': hash },
      Limit: 1,
    }),
  );
  const indexed = found.Items?.[0] as TokenRow | undefined;
  if (!indexed) return { ok: false, reason: 'The access token is not valid.' };
  const reread = await tokens.doc.send(
    new GetCommand({
      TableName: tokens.table,
      Key: tableKey('agentAccessTokens', indexed.workspace_id, indexed.token_id),
      ConsistentRead: true,
    }),
  );
  const row = reread.Item as TokenRow | undefined;
  const verdict = tokenVerdict(row, hash, now, row ? await workspaceOf(row.user_id, row.workspace_id) : undefined);
  if (verdict.ok)
    await tokens.doc.send(
      new UpdateCommand({
        TableName: tokens.table,
        Key: tableKey('agentAccessTokens', indexed.workspace_id, indexed.token_id),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'token_hash = :hash',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':hash': hash },
      }),
    );
  return verdict;
}
