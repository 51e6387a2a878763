import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { CreatedSiteKey, SiteKey } from '@shared/schemas/signals-endpoint';
import { keyCondition, tableKey } from '@shared/table-keys';
import { notFound, validationError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { newSiteKey, type NewSiteKey } from '../lib/signals/site-key-secret';

export interface SiteKeysTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

const PixelIdsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
/** A workspace's keys are a handful; this bounds a listing and what one workspace can pile up. */
export const MAX_SITE_KEYS = 50;

/**
 * Creates a site key for one pixel of an ad account the workspace holds on Meta (checked with its own token, so a key
 * never points at someone else's pixel). The key is returned this once; only its SHA-256 is stored.
 */
export async function createSiteKey(
  session: MetaSession,
  keys: SiteKeysTable,
  input: { label: string; adAccountId: string; pixelId: string },
  generate: () => NewSiteKey = newSiteKey,
): Promise<CreatedSiteKey> {
  const account = await ownedAdAccount(session, `act_${input.adAccountId}`);
  const pixels = await session.graph.get(`${account.id}/adspixels`, { fields: 'id', limit: '25' }, PixelIdsSchema);
  if (!pixels.data.some((pixel) => pixel.id === input.pixelId))
    throw validationError('pixelId: this ad account has no such pixel.');
  const existing = await listSiteKeys(keys, session.user.sub);
  if (existing.keys.length >= MAX_SITE_KEYS)
    throw validationError(`A workspace has at most ${MAX_SITE_KEYS} site keys: delete revoked or unused ones first.`);

  const created = generate();
  const now = session.deps.now().toISOString();
  await keys.doc.send(
    new PutCommand({
      TableName: keys.table,
      Item: {
        ...tableKey('signalSiteKeys', session.user.sub, created.id),
        key_hash: created.hash,
        key_start: created.start,
        label: input.label,
        ad_account_id: input.adAccountId,
        pixel_id: input.pixelId,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(key_id)',
    }),
  );
  return {
    id: created.id,
    label: input.label,
    adAccountId: input.adAccountId,
    pixelId: input.pixelId,
    keyStart: created.start,
    createdAt: now,
    key: created.key,
  };
}

export async function listSiteKeys(keys: SiteKeysTable, workspaceId: string): Promise<{ keys: SiteKey[] }> {
  const reply = await keys.doc.send(
    new QueryCommand({
      TableName: keys.table,
      KeyConditionExpression: keyCondition('signalSiteKeys', ':workspace'),
      ExpressionAttributeValues: { ':workspace': workspaceId },
      Limit: MAX_SITE_KEYS,
    }),
  );
  return {
    keys: (reply.Items ?? [])
      .map((item) => ({
        id: String(item.key_id),
        label: String(item.label),
        adAccountId: String(item.ad_account_id),
        pixelId: String(item.pixel_id),
        keyStart: String(item.key_start),
        createdAt: String(item.created_at),
        ...(item.revoked_at !== undefined && { revokedAt: String(item.revoked_at) }),
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/**
 * Revokes a key of this workspace: its hash is removed, so the endpoint's index stops finding it; the row stays, so
 * the list shows when it was revoked. Another workspace's key id is NOT_FOUND, as is a key revoked already.
 */
export async function revokeSiteKey(
  keys: SiteKeysTable,
  workspaceId: string,
  keyId: string,
  now: Date,
): Promise<{ revoked: true }> {
  try {
    await keys.doc.send(
      new UpdateCommand({
        TableName: keys.table,
        Key: tableKey('signalSiteKeys', workspaceId, keyId),
        UpdateExpression: 'SET revoked_at = :now REMOVE key_hash',
        ConditionExpression: 'attribute_exists(key_id) AND attribute_not_exists(revoked_at)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
      throw notFound('No such site key, or it was revoked already.');
    throw error;
  }
  return { revoked: true };
}
