import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { StoredRecommendationSchema, type StoredRecommendation } from '@shared/schemas/recommendation';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';

/**
 * Rows of the optimizer_recommendations table that any function may add: a proposal a person asked for (the
 * marketing-mix hand-off, the agent's proposals), keyed by the workspace, which /optimizer's drawer shows and
 * approves through its own change path. The optimizer function's recommendation-store keeps the rest.
 */

export interface RecommendationStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** Rows are kept 30 days: long enough to look back at what was applied and undone. */
const KEEP_DAYS = 30;

export function expiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400;
}

/** `<ad account number>.<detector id>`, lower case, URL-safe. */
export function storedId(adAccountId: string, recommendationId: string): string {
  return `${adAccountId.replace(/^act_/, '')}.${recommendationId}`.toLowerCase();
}

/**
 * A row keeps its recommendation as one JSON string: a read of a large account stores about 900 at once, and the
 * SDK's marshalling of each as nested maps was the largest part of the optimizer's own time (bench, session 16).
 */
export function recordAttribute(record: StoredRecommendation): string {
  return JSON.stringify(record);
}

/** The row's recommendation as stored: a JSON string, or a map in rows written before (still read); unchecked. */
export function recordOf(item: Record<string, unknown>): unknown {
  const { record } = item;
  if (typeof record !== 'string') return record;
  try {
    return JSON.parse(record) as unknown;
  } catch {
    return undefined;
  }
}

export function fromItem(item: Record<string, unknown>): StoredRecommendation {
  return StoredRecommendationSchema.parse(recordOf(item));
}

/** Every stored recommendation of one of the user's ad accounts (one paged query). */
export async function listAccountRows(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<StoredRecommendation[]> {
  const items = await queryAll(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('optimizerRecommendations', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': `${adAccountId.replace(/^act_/, '')}.` },
  });
  return items.map(fromItem);
}

export async function getRecommendation(
  store: RecommendationStore,
  userId: string,
  id: string,
): Promise<StoredRecommendation | undefined> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('optimizerRecommendations', userId, id) }),
  );
  return reply.Item ? fromItem(reply.Item) : undefined;
}

/**
 * Stores a proposal made on request (the marketing-mix hand-off), not by a detector run. A proposal
 * with its id still open is replaced; one already approved or undone keeps its row and the new
 * proposal is stored under `<id>-<time>` (so a later hand-off of the same model is a new one).
 */
export async function putRequestedProposal(
  store: RecommendationStore,
  userId: string,
  record: StoredRecommendation,
  now: Date,
): Promise<StoredRecommendation> {
  const put = async (row: StoredRecommendation, condition: string) =>
    store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: {
          user_id: userId,
          recommendation_id: row.id,
          status: 'proposed',
          record: recordAttribute(row),
          expires_at: expiry(now),
        },
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':proposed': 'proposed' },
      }),
    );
  try {
    await put(record, 'attribute_not_exists(recommendation_id) OR #status = :proposed');
    return record;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
  const again = { ...record, id: `${record.id}-${now.getTime().toString(36)}` };
  await put(again, 'attribute_not_exists(recommendation_id) OR #status = :proposed');
  return again;
}
