import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  AdCopyBriefSchema,
  AdCopyVariantSchema,
  type SaveAdCopyBodySchema,
  type AdCopyHistoryPage,
  type SavedAdCopy,
} from '@shared/schemas/ai';
import { keyCondition } from '@shared/table-keys';
import * as z from 'zod';
import { validationError } from '../lib/errors';

/**
 * Saved ad copy, per user, newest first. The sort key is the save time plus an
 * id, so a Query in reverse is the history in order; every read and write is
 * keyed by the caller's verified user id, so one user never sees another's.
 */
export interface HistoryStore {
  doc: DynamoDBDocumentClient;
  table: string;
  now?: () => Date;
}

const StoredItemSchema = z.object({
  user_id: z.string(),
  saved_at_id: z.string(),
  id: z.string(),
  saved_at: z.string(),
  brief: AdCopyBriefSchema,
  variants: z.array(AdCopyVariantSchema),
});

export async function saveAdCopy(
  store: HistoryStore,
  userId: string,
  body: z.output<typeof SaveAdCopyBodySchema>,
): Promise<SavedAdCopy> {
  const savedAt = (store.now?.() ?? new Date()).toISOString();
  const id = randomUUID();
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, saved_at_id: `${savedAt}#${id}`, id, saved_at: savedAt, ...body },
      ConditionExpression: 'attribute_not_exists(saved_at_id)',
    }),
  );
  return { id, savedAt, brief: body.brief, variants: body.variants };
}

/** The cursor carries only the sort key; the partition is always the caller's, so a cursor cannot cross users. */
function encodeCursor(sortKey: string): string {
  return Buffer.from(sortKey, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/.test(sortKey))
    throw validationError('That page link is not valid any more. Reload the history.', {
      cursor: 'Not a valid cursor.',
    });
  return sortKey;
}

export async function listAdCopy(
  store: HistoryStore,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<AdCopyHistoryPage> {
  const startKey = query.cursor ? { user_id: userId, saved_at_id: decodeCursor(query.cursor) } : undefined;
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: keyCondition('adCopyHistory', ':u'),
      ExpressionAttributeValues: { ':u': userId },
      ScanIndexForward: false,
      Limit: query.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const items: SavedAdCopy[] = [];
  for (const raw of reply.Items ?? []) {
    // An item written by an older version that no longer parses is skipped, not fatal for the whole page.
    const parsed = StoredItemSchema.safeParse(raw);
    if (parsed.success)
      items.push({
        id: parsed.data.id,
        savedAt: parsed.data.saved_at,
        brief: parsed.data.brief,
        variants: parsed.data.variants,
      });
  }
  const last = reply.LastEvaluatedKey?.saved_at_id;
  return { items, nextCursor: typeof last === 'string' ? encodeCursor(last) : null };
}
