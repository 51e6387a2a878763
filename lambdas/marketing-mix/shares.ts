import { createHash, randomUUID } from 'node:crypto';
import { MMM_SHARE_LINK_BUCKET, MMM_SHARE_VIEWER_BUCKET } from '@shared/constants';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  MAX_SHARES_PER_MODEL,
  type CreateShareBodySchema,
  type ShareLink,
  type SharedReport,
} from '@shared/schemas/mmm-share';
import { tableKey } from '@shared/table-keys';
import * as z from 'zod';
import { conflict, notFound } from '../lib/errors';
import { getModelRow, getReport, type MmmTables } from '../lib/mmm/mmm-store';
import { checkShareToken, shareToken } from '../lib/mmm/share-token';
import type { BucketRule } from '../lib/rate-limit/user-token-bucket';

/**
 * Share links of a report. A share is a row of the shares table keyed by its random id (so the
 * public page finds it without knowing the owner), with the owner, the model and the expiry; the
 * owner lists a model's shares through the `by_owner_model` index. Revoking deletes the row.
 */
export interface ShareDeps {
  mmm: MmmTables;
  shares: { doc: DynamoDBDocumentClient; table: string };
  /** The HMAC key (Secrets Manager `mmmShareKey`). */
  key: () => Promise<string>;
  now?: () => Date;
  /** Takes a token of a rate-limit bucket (RATE_LIMITED with Retry-After when empty); the public page's limits. */
  takeToken?: (key: string, rule: BucketRule) => Promise<unknown>;
}

const ShareRowSchema = z.object({
  share_id: z.string(),
  user_id: z.string(),
  model_id: z.string(),
  owner_model: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expires_at_epoch: z.number(),
});
type ShareRow = z.output<typeof ShareRowSchema>;

const ownerModel = (userId: string, modelId: string) => `${userId}#${modelId}`;
const DAY_MS = 86_400_000;

function link(key: string, row: ShareRow): ShareLink {
  return {
    id: row.share_id,
    modelId: row.model_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    token: shareToken(key, row.share_id, new Date(row.expires_at)),
  };
}

async function liveShareRows(deps: ShareDeps, userId: string, modelId: string): Promise<ShareRow[]> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const rows: ShareRow[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const reply = await deps.shares.doc.send(
      new QueryCommand({
        TableName: deps.shares.table,
        IndexName: 'by_owner_model',
        KeyConditionExpression: 'owner_model = :o',
        ExpressionAttributeValues: { ':o': ownerModel(userId, modelId) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const raw of reply.Items ?? []) {
      const row = ShareRowSchema.safeParse(raw);
      // TTL deletes expired rows some time later: an expired row is already gone for readers.
      if (row.success && new Date(row.data.expires_at).getTime() > now) rows.push(row.data);
    }
    startKey = reply.LastEvaluatedKey;
  } while (startKey);
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** A new link to one of the owner's finished reports, valid for the chosen days. */
export async function createShare(
  deps: ShareDeps,
  userId: string,
  modelId: string,
  body: z.output<typeof CreateShareBodySchema>,
): Promise<ShareLink> {
  const model = await getModelRow(deps.mmm, userId, modelId);
  if (!model) throw notFound('That model does not exist (or is not yours).');
  if (model.status !== 'done') throw conflict('Only a finished model can be shared: wait for its fit to end.');
  const live = await liveShareRows(deps, userId, modelId);
  if (live.length >= MAX_SHARES_PER_MODEL)
    throw conflict(`This report already has ${MAX_SHARES_PER_MODEL} live links: revoke one before making another.`);
  const now = deps.now?.() ?? new Date();
  // Whole seconds: the token carries the expiry in seconds and must name the same instant.
  const expires = new Date(Math.floor((now.getTime() + body.expiresInDays * DAY_MS) / 1000) * 1000);
  const row: ShareRow = {
    share_id: randomUUID(),
    user_id: userId,
    model_id: modelId,
    owner_model: ownerModel(userId, modelId),
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    expires_at_epoch: Math.floor(expires.getTime() / 1000),
  };
  await deps.shares.doc.send(
    new PutCommand({ TableName: deps.shares.table, Item: row, ConditionExpression: 'attribute_not_exists(share_id)' }),
  );
  return link(await deps.key(), row);
}

export async function listShares(deps: ShareDeps, userId: string, modelId: string): Promise<{ items: ShareLink[] }> {
  const model = await getModelRow(deps.mmm, userId, modelId);
  if (!model) throw notFound('That model does not exist (or is not yours).');
  const key = await deps.key();
  return { items: (await liveShareRows(deps, userId, modelId)).map((row) => link(key, row)) };
}

/** Revokes one of the caller's links; another user's share id is "not found", never deleted. */
export async function revokeShare(deps: ShareDeps, userId: string, shareId: string): Promise<{ revoked: true }> {
  try {
    await deps.shares.doc.send(
      new DeleteCommand({
        TableName: deps.shares.table,
        Key: tableKey('mmmShares', shareId),
        ConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
      throw notFound('That share link does not exist (or is not yours).');
    throw error;
  }
  return { revoked: true };
}

/** Revokes every link of a model (when the model is deleted). */
export async function revokeModelShares(deps: ShareDeps, userId: string, modelId: string): Promise<void> {
  for (const row of await liveShareRows({ ...deps, now: () => new Date(0) }, userId, modelId))
    await revokeShare(deps, userId, row.share_id);
}

const GONE = 'This share link is not valid any more: it expired, was revoked, or its report was deleted.';

/** The bucket of a viewer's address: hashed, so the table holds no addresses. */
export function viewerBucketKey(address: string): string {
  return `mmm-share#ip#${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}

/**
 * The public, read-only view of a shared report: the signature and expiry are checked before
 * any read; then the share must still exist (not revoked) and its report be there. Its own rate
 * limits: the viewer's address spends a token before anything is read, and a genuine link spends
 * one of its own (a forged token never reaches the link's bucket, so it cannot drain a real link's budget).
 */
export async function openSharedReport(deps: ShareDeps, token: string, viewerAddress?: string): Promise<SharedReport> {
  const now = deps.now?.() ?? new Date();
  if (deps.takeToken && viewerAddress) await deps.takeToken(viewerBucketKey(viewerAddress), MMM_SHARE_VIEWER_BUCKET);
  const check = checkShareToken(await deps.key(), token, now);
  if (!check.ok) {
    throw notFound(
      check.reason === 'expired'
        ? `This share link expired on ${check.expiresAt!.toISOString().slice(0, 10)}. Ask its owner for a new one.`
        : 'This share link is not valid. Check that it was copied whole.',
    );
  }
  await deps.takeToken?.(`mmm-share#link#${check.shareId}`, MMM_SHARE_LINK_BUCKET);
  const reply = await deps.shares.doc.send(
    new GetCommand({ TableName: deps.shares.table, Key: tableKey('mmmShares', check.shareId) }),
  );
  const row = ShareRowSchema.safeParse(reply.Item);
  if (!row.success || row.data.expires_at !== check.expiresAt.toISOString()) throw notFound(GONE);
  const model = await getModelRow(deps.mmm, row.data.user_id, row.data.model_id);
  const report = model ? await getReport(deps.mmm, row.data.user_id, model) : null;
  if (!model || !report) throw notFound(GONE);
  return { name: model.name, fittedAt: model.updated_at, expiresAt: row.data.expires_at, report };
}
