import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../errors';

/**
 * A token bucket per user and purpose in DynamoDB: each request takes a token; tokens come back
 * at `refillPerSecond` up to `capacity`. State is `{tokens, updated_ms, version}`, refilled lazily on
 * read and written back with a condition on the `version` it read (not the time: two requests can
 * share a millisecond), so concurrent requests from any
 * number of containers never spend the same token twice (a lost race re-reads and tries again).
 * An empty bucket answers 429 RATE_LIMITED with the seconds until the next token (Retry-After).
 */
export interface BucketRule {
  /** Burst: tokens a full bucket holds. */
  capacity: number;
  /** Sustained rate. */
  refillPerSecond: number;
}

export interface BucketStore {
  doc: DynamoDBDocumentClient;
  table: string;
  now?: () => number;
}

/** RATE_LIMITED with the wait until a token is back, for the Retry-After header. */
export class BucketEmptyError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many requests. Please wait ${retryAfterSeconds} s and try again.`);
    this.name = 'BucketEmptyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Concurrent requests of one user (a dashboard loads several at once) each win one round of writes. */
const MAX_RACES = 25;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

/** Takes one token from `key`'s bucket, or throws BucketEmptyError. Returns the tokens left. */
export async function takeToken(store: BucketStore, key: string, rule: BucketRule): Promise<number> {
  const now = store.now ?? Date.now;
  for (let race = 0; race < MAX_RACES; race += 1) {
    const at = now();
    const reply = await store.doc.send(
      new GetCommand({ TableName: store.table, Key: tableKey('rateLimitBuckets', key), ConsistentRead: true }),
    );
    const item = reply.Item as { tokens?: number; updated_ms?: number; version?: number } | undefined;
    const version = typeof item?.version === 'number' ? item.version : undefined;
    const last = typeof item?.updated_ms === 'number' ? item.updated_ms : undefined;
    const stored = typeof item?.tokens === 'number' ? item.tokens : rule.capacity;
    const elapsed = last === undefined ? 0 : Math.max(0, at - last) / 1000;
    const tokens = Math.min(rule.capacity, stored + elapsed * rule.refillPerSecond);
    if (tokens < 1) throw new BucketEmptyError(Math.max(1, Math.ceil((1 - tokens) / rule.refillPerSecond)));
    const left = tokens - 1;
    // Gone once it would be full again: an idle user's bucket costs nothing to keep.
    const fullInSeconds = Math.ceil((rule.capacity - left) / rule.refillPerSecond);
    try {
      await store.doc.send(
        new PutCommand({
          TableName: store.table,
          Item: {
            bucket_key: key,
            tokens: left,
            updated_ms: at,
            version: (version ?? 0) + 1,
            expires_at: Math.ceil(at / 1000) + fullInSeconds + 60,
          },
          ...(version === undefined
            ? { ConditionExpression: 'attribute_not_exists(bucket_key)' }
            : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': version } }),
        }),
      );
      return left;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Lost a race to a concurrent request of the same user: re-read after a moment.
      await pause(2 + Math.random() * 10);
    }
  }
  // Contention is not exhaustion: after this many lost races the request goes through.
  return 0;
}
