import { BatchWriteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Recommendation, StoredRecommendation } from '@shared/schemas/optimizer';
import { tableKey } from '@shared/table-keys';
import { conflict, notFound } from '../errors';
import { carriedExplanation } from './explain-recommendations';
import {
  expiry,
  getRecommendation,
  listAccountRows,
  recordAttribute,
  storedId,
  type RecommendationStore,
} from './recommendation-rows';

/** Rows any function may add (requested proposals) live in lambdas/lib/optimizer/recommendation-rows.ts. */
export type { RecommendationStore };

/**
 * The optimizer_recommendations table: one row per user and recommendation, keyed by the
 * signed-in user, so no one can read or approve another user's. Status moves proposed →
 * applying → applied → undoing → undone, each step a conditional update, so a double click or a
 * second tab cannot apply (or undo) twice.
 */

/** Conditional puts in flight at once: a large account has hundreds of proposals to store. */
const WRITE_CONCURRENCY = 16;

/** JSON with object keys sorted: DynamoDB does not keep a map's key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same proposal as stored: nothing to write (and its explanation still fits it). */
export function sameProposal(stored: StoredRecommendation, next: StoredRecommendation): boolean {
  const content = ({ generatedAt: _g, explanation: _e, explanationSource: _s, ...rest }: StoredRecommendation) => rest;
  return canonical(content(stored)) === canonical(content(next));
}

async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

/**
 * Stores this run's recommendations. A recommendation already approved (or being applied, or
 * undone) keeps its row: a new run never overwrites what was done with a fresh proposal (the
 * put is conditional, so an approval racing this run wins). A proposal stored unchanged is not
 * written again and keeps its explanation; a changed one keeps it while the numbers it quotes
 * still hold (explanations are written once, not on every read); the rest are written 16 at a time.
 */
export async function saveProposals(
  store: RecommendationStore,
  userId: string,
  context: { adAccountId: string; currency: string; now: Date },
  recommendations: readonly Recommendation[],
  stored?: readonly StoredRecommendation[],
): Promise<StoredRecommendation[]> {
  const generatedAt = context.now.toISOString();
  const known = new Map(
    (stored ?? (await listAccountRows(store, userId, context.adAccountId))).map((row) => [row.id, row]),
  );
  // A recommendation that names another of this run (its change already made there) names it by stored id too.
  const runIds = new Map(recommendations.map((rec) => [rec.id, storedId(context.adAccountId, rec.id)]));
  const records = recommendations.map((rec): StoredRecommendation => ({
    ...rec,
    ...(rec.alreadyChanged
      ? { alreadyChanged: rec.alreadyChanged.map((a) => ({ ...a, byId: runIds.get(a.byId) ?? a.byId })) }
      : {}),
    id: storedId(context.adAccountId, rec.id),
    adAccountId: context.adAccountId,
    currency: context.currency,
    status: 'proposed',
    generatedAt,
  }));
  const item = (record: StoredRecommendation) => ({
    user_id: userId,
    recommendation_id: record.id,
    status: 'proposed',
    record: recordAttribute(record),
    expires_at: expiry(context.now),
  });
  // New rows cannot race an approval (nothing is approved before it is stored): 25 a request.
  const fresh = records.filter((record) => !known.has(record.id));
  await writeNew(store, fresh.map(item));
  return inBatches(records, WRITE_CONCURRENCY, async (proposal) => {
    const before = known.get(proposal.id);
    if (!before) return proposal;
    if (before.status !== 'proposed' || sameProposal(before, proposal)) return before;
    const record = { ...proposal, ...carriedExplanation(before, proposal) };
    try {
      await store.doc.send(
        new PutCommand({
          TableName: store.table,
          Item: item(record),
          ConditionExpression: 'attribute_not_exists(recommendation_id) OR #status = :proposed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':proposed': 'proposed' },
        }),
      );
      return record;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      return (await getRecommendation(store, userId, record.id)) ?? record;
    }
  });
}

/** BatchWriteItem takes 25 puts; unprocessed ones (throttling) are sent again, never dropped. */
async function writeNew(store: RecommendationStore, items: readonly Record<string, unknown>[]): Promise<void> {
  const chunks: Array<Record<string, unknown>[]> = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  await inBatches(chunks, 4, async (chunk) => {
    let requests: Record<string, unknown[]> | undefined = {
      [store.table]: chunk.map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; requests && Object.keys(requests).length > 0; attempt += 1) {
      if (attempt === 5) throw new Error('DynamoDB left recommendations unwritten after 5 attempts');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const reply = await store.doc.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = reply.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  });
}

/** Explanations written for stored proposals (one update each; a row acted on meanwhile is left alone). */
export async function saveExplanations(
  store: RecommendationStore,
  userId: string,
  records: readonly StoredRecommendation[],
): Promise<void> {
  await inBatches(records, WRITE_CONCURRENCY, async (record) => {
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.table,
          Key: tableKey('optimizerRecommendations', userId, record.id),
          UpdateExpression: 'SET #record = :record',
          ConditionExpression: '#status = :proposed',
          ExpressionAttributeNames: { '#status': 'status', '#record': 'record' },
          ExpressionAttributeValues: { ':record': recordAttribute(record), ':proposed': 'proposed' },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  });
}

/** Recommendations acted on (applied, undone), newest first. */
export function actedOn(rows: readonly StoredRecommendation[]): StoredRecommendation[] {
  return rows
    .filter((row) => row.status !== 'proposed')
    .sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? ''));
}

/** Recommendations of one ad account that were acted on (applied, undone), newest first. */
export async function listActedOn(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<StoredRecommendation[]> {
  return actedOn(await listAccountRows(store, userId, adAccountId));
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
        Key: tableKey('optimizerRecommendations', userId, record.id),
        UpdateExpression: 'SET #status = :to, #record = :record, expires_at = :expires',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status', '#record': 'record' },
        ExpressionAttributeValues: {
          ':to': record.status,
          ':from': from,
          ':record': recordAttribute(record),
          ':expires': expiry(now),
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw conflict('This recommendation was changed meanwhile (approved or undone in another tab). Refresh it.');
    }
    throw error;
  }
}
