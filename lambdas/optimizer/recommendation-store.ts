import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { StoredRecommendationSchema, type Recommendation, type StoredRecommendation } from '@shared/schemas/optimizer';
import { conflict, notFound } from '../lib/errors';

/**
 * The optimizer_recommendations table: one row per user and recommendation, keyed by the
 * signed-in user, so no one can read or approve another user's. Status moves proposed →
 * applying → applied → undoing → undone, each step a conditional update, so a double click or a
 * second tab cannot apply (or undo) twice.
 */

export interface RecommendationStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** Rows are kept 30 days: long enough to look back at what was applied and undone. */
const KEEP_DAYS = 30;

/** `<ad account number>.<detector id>`, lower case, URL-safe. */
export function storedId(adAccountId: string, recommendationId: string): string {
  return `${adAccountId.replace(/^act_/, '')}.${recommendationId}`.toLowerCase();
}

function expiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400;
}

function fromItem(item: Record<string, unknown>): StoredRecommendation {
  const {
    user_id: _user,
    recommendation_id: _id,
    expires_at: _expires,
    record,
  } = item as {
    user_id: string;
    recommendation_id: string;
    expires_at: number;
    record: unknown;
  };
  return StoredRecommendationSchema.parse(record);
}

/**
 * Stores this run's recommendations. A recommendation already approved (or being applied, or
 * undone) keeps its row: a new run never overwrites what was done with a fresh proposal.
 */
export async function saveProposals(
  store: RecommendationStore,
  userId: string,
  context: { adAccountId: string; currency: string; now: Date },
  recommendations: readonly Recommendation[],
): Promise<StoredRecommendation[]> {
  const generatedAt = context.now.toISOString();
  const saved: StoredRecommendation[] = [];
  for (const rec of recommendations) {
    const record: StoredRecommendation = {
      ...rec,
      id: storedId(context.adAccountId, rec.id),
      adAccountId: context.adAccountId,
      currency: context.currency,
      status: 'proposed',
      generatedAt,
    };
    try {
      await store.doc.send(
        new PutCommand({
          TableName: store.table,
          Item: {
            user_id: userId,
            recommendation_id: record.id,
            status: 'proposed',
            record,
            expires_at: expiry(context.now),
          },
          ConditionExpression: 'attribute_not_exists(recommendation_id) OR #status = :proposed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':proposed': 'proposed' },
        }),
      );
      saved.push(record);
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      const existing = await getRecommendation(store, userId, record.id);
      if (existing) saved.push(existing);
    }
  }
  return saved;
}

/** Recommendations of one ad account that were acted on (applied, undone), newest first. */
export async function listActedOn(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<StoredRecommendation[]> {
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: 'user_id = :user AND begins_with(recommendation_id, :prefix)',
      FilterExpression: '#status <> :proposed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':user': userId,
        ':prefix': `${adAccountId.replace(/^act_/, '')}.`,
        ':proposed': 'proposed',
      },
    }),
  );
  return (reply.Items ?? []).map(fromItem).sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? ''));
}

export async function getRecommendation(
  store: RecommendationStore,
  userId: string,
  id: string,
): Promise<StoredRecommendation | undefined> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: { user_id: userId, recommendation_id: id } }),
  );
  return reply.Item ? fromItem(reply.Item) : undefined;
}

/** The recommendation, or NOT_FOUND (also for another user's: the key includes the signed-in user). */
export async function requireRecommendation(store: RecommendationStore, userId: string, id: string) {
  const found = await getRecommendation(store, userId, id);
  if (!found) throw notFound('No such recommendation. Refresh the recommendations and try again.');
  return found;
}

/** Moves a recommendation from one status to the next, only if it is still in `from` (409 otherwise). */
export async function transition(
  store: RecommendationStore,
  userId: string,
  record: StoredRecommendation,
  from: StoredRecommendation['status'],
  now: Date,
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: { user_id: userId, recommendation_id: record.id },
        UpdateExpression: 'SET #status = :to, #record = :record, expires_at = :expires',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status', '#record': 'record' },
        ExpressionAttributeValues: { ':to': record.status, ':from': from, ':record': record, ':expires': expiry(now) },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw conflict('This recommendation was changed meanwhile (approved or undone in another tab). Refresh it.');
    }
    throw error;
  }
}
