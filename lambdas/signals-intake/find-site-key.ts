import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '@shared/tables';
import { AppError } from '../lib/errors';
import { siteKeyHash } from '../lib/signals/site-key-secret';

export interface SiteKeysIndex {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** What a site key lets its holder do: send events to one pixel of one workspace. */
export interface SiteKeyScope {
  keyId: string;
  workspaceId: string;
  pixelId: string;
}

const [byKeyHash] = tables.signalSiteKeys.globalIndexes;

export const INVALID_SITE_KEY = 'The site key is not valid or was revoked.';

/**
 * The key's scope, found by its SHA-256 in the `by-key-hash` index. A revoked key has no hash left, so the index no
 * longer finds it; the index is eventually consistent, so a key revoked a moment ago may still work for about a
 * second (DynamoDB's GSI propagation).
 */
export async function findSiteKey(index: SiteKeysIndex, key: string): Promise<SiteKeyScope> {
  const reply = await index.doc.send(
    new QueryCommand({
      TableName: index.table,
      IndexName: byKeyHash.name,
      KeyConditionExpression: `${byKeyHash.partitionKey.name} = :hash`,
      ExpressionAttributeValues: { ':hash': siteKeyHash(key) },
      Limit: 1,
    }),
  );
  const item = reply.Items?.[0];
  if (!item || item.revoked_at !== undefined) throw new AppError('AUTH_ERROR', INVALID_SITE_KEY);
  return { keyId: String(item.key_id), workspaceId: String(item.workspace_id), pixelId: String(item.pixel_id) };
}
