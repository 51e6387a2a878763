import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import { conflict } from '../errors';

/**
 * A lock item per Meta object (campaign, ad set or ad), so two changes to one object run one after
 * the other and each audit row's "before" is what the previous change left. The item is put only
 * when absent or expired and deleted only by its holder. It expires after `holdSeconds`, longer
 * than the function may run, so a function that died holding it blocks that object for moments
 * only. The table's key attribute is `campaign_id` (it held campaigns first); Meta ids are unique
 * across object kinds, so an ad set's or ad's id is its key just as well.
 */
export interface ObjectLockOptions {
  /** @default 30 (the function times out at 29 s) */
  holdSeconds?: number;
  /** How long to wait for another change to finish before answering 409. @default 10_000 */
  waitMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface HeldLock {
  release(): Promise<void>;
}

/** By name: the document client and the low-level client may come from different bundles. */
function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function lockObject(
  doc: DynamoDBDocumentClient,
  table: string,
  objectId: string,
  options: ObjectLockOptions = {},
  /** How the 409 names the object ("campaign", "ad set", "ad"). */
  what = 'campaign',
): Promise<HeldLock> {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? defaultSleep;
  const holdMs = (options.holdSeconds ?? 30) * 1000;
  const holder = randomUUID();
  // The wait is measured on the monotonic clock: an injected or adjusted wall clock must not stretch it.
  const giveUpAt = performance.now() + (options.waitMs ?? 10_000);

  for (let attempt = 0; ; attempt += 1) {
    const at = now().getTime();
    try {
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: {
            campaign_id: objectId,
            holder,
            expires_at_ms: at + holdMs,
            // DynamoDB's TTL (seconds) only clears old items; the condition reads expires_at_ms.
            expires_at: Math.ceil((at + holdMs) / 1000),
          },
          ConditionExpression: 'attribute_not_exists(campaign_id) OR expires_at_ms < :now',
          ExpressionAttributeValues: { ':now': at },
        }),
      );
      break;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (performance.now() >= giveUpAt) {
        throw conflict(`Another change to this ${what} is still in progress. Please try again in a moment.`);
      }
      // Jittered so two waiters do not retry in step.
      await sleep(Math.min(100 * 2 ** Math.min(attempt, 3), 800) * (0.5 + Math.random() / 2));
    }
  }

  return {
    release: async () => {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: table,
            Key: tableKey('campaignLocks', objectId),
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':holder': holder },
          }),
        );
      } catch (error) {
        // Expired and taken by another change: theirs now, not ours to delete.
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
