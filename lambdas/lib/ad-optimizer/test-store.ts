import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AdTestSchema, type AdTest } from '@shared/schemas/ad-optimizer';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { conflict, notFound } from '../errors';
import { testExpiry, type TestStore } from './test-row';

export { putTest, type TestStore } from './test-row';

/**
 * The ad_optimizer_tests table: one row per user and rewrite (the variants written for an ad and,
 * once approved, the A/B copy made from them), keyed by the signed-in user, so nobody can read or
 * approve another user's. Status moves proposed → creating → created → deleting → deleted, each
 * step a conditional update: a double click or a second tab cannot create a copy twice.
 */

/** A claim older than this belongs to an attempt that died (the function times out at 29 s). */
export const STALE_CLAIM_MS = 60_000;

const isConditionFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

export interface StoredTest {
  test: AdTest;
  /** When the current claim (creating, deleting) was taken, epoch ms. */
  claimedAt?: number;
}

export async function getTest(store: TestStore, userId: string, id: string): Promise<StoredTest | undefined> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('adOptimizerTests', userId, id) }),
  );
  if (!reply.Item) return undefined;
  const item = reply.Item as { record: unknown; claimed_at?: number };
  return { test: AdTestSchema.parse(item.record), ...(item.claimed_at ? { claimedAt: item.claimed_at } : {}) };
}

/** The rewrite, or NOT_FOUND (also for another user's: the key includes the signed-in user). */
export async function requireTest(store: TestStore, userId: string, id: string): Promise<StoredTest> {
  const found = await getTest(store, userId, id);
  if (!found) throw notFound('No such rewrite. Open the ad optimizer again and write new copy.');
  return found;
}

/**
 * Moves a rewrite to `record.status` only if it is still in `from` (and, for a stale claim, still
 * claimed at `claimedAt`); answers 409 otherwise. `claim` stamps the time a step was taken.
 */
export async function transition(
  store: TestStore,
  userId: string,
  record: AdTest,
  from: AdTest['status'],
  now: Date,
  options: { claim?: boolean; claimedAt?: number } = {},
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('adOptimizerTests', userId, record.id),
        UpdateExpression: `SET #status = :to, #record = :record, expires_at = :expires${options.claim ? ', claimed_at = :now' : ''}`,
        ConditionExpression:
          options.claimedAt !== undefined ? '#status = :from AND claimed_at = :claimedAt' : '#status = :from',
        ExpressionAttributeNames: { '#status': 'status', '#record': 'record' },
        ExpressionAttributeValues: {
          ':to': record.status,
          ':from': from,
          ':record': record,
          ':expires': testExpiry(now),
          ...(options.claim ? { ':now': now.getTime() } : {}),
          ...(options.claimedAt !== undefined ? { ':claimedAt': options.claimedAt } : {}),
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw conflict('This rewrite was changed meanwhile (approved or undone in another tab). Refresh and try again.');
    }
    throw error;
  }
}

/** The user's rewrites in one ad account, newest first. */
export async function listTests(store: TestStore, userId: string, adAccountId: string): Promise<AdTest[]> {
  const items = await queryAll(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('adOptimizerTests', ':user'),
    FilterExpression: 'ad_account_id = :account',
    ExpressionAttributeValues: { ':user': userId, ':account': adAccountId },
  });
  return items
    .map((item) => AdTestSchema.parse((item as { record: unknown }).record))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
