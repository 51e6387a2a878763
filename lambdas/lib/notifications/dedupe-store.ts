import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** How long a delivered event's key is remembered: far beyond SQS's and EventBridge's redelivery windows. */
export const DEDUPE_TTL_SECONDS = 7 * 24 * 3600;
/** DynamoDB's own limits per batch call. */
const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;

/**
 * Remembers which events were delivered, so a second delivery of the same event
 * (SQS and EventBridge are at-least-once; Cognito may retry a trigger) is
 * acknowledged without posting again. Keys are written only after a post succeeded.
 */
export interface DedupeStore {
  /** The subset of `keys` already delivered. */
  delivered(keys: readonly string[]): Promise<Set<string>>;
  markDelivered(keys: readonly string[]): Promise<void>;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function dynamoDedupeStore(doc: DynamoDBDocumentClient, table: string, now = () => Date.now()): DedupeStore {
  return {
    async delivered(keys) {
      const found = new Set<string>();
      for (const chunk of chunks([...new Set(keys)], BATCH_GET_MAX)) {
        let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
          [table]: { Keys: chunk.map((key) => ({ dedupe_key: key })) },
        };
        // Unprocessed keys come back under load; ask again until none are left.
        for (let attempt = 0; request && Object.keys(request).length > 0 && attempt < 5; attempt += 1) {
          const reply = await doc.send(new BatchGetCommand({ RequestItems: request }));
          const nowSeconds = Math.floor(now() / 1000);
          for (const item of reply.Responses?.[table] ?? []) {
            // TTL deletion is lazy: an expired item is treated as absent.
            if (typeof item.expires_at !== 'number' || item.expires_at > nowSeconds) found.add(String(item.dedupe_key));
          }
          request = reply.UnprocessedKeys as typeof request;
        }
      }
      return found;
    },
    async markDelivered(keys) {
      const expiresAt = Math.floor(now() / 1000) + DEDUPE_TTL_SECONDS;
      for (const chunk of chunks([...new Set(keys)], BATCH_WRITE_MAX)) {
        let request: Record<string, unknown[]> | undefined = {
          [table]: chunk.map((key) => ({ PutRequest: { Item: { dedupe_key: key, expires_at: expiresAt } } })),
        };
        for (let attempt = 0; request && Object.keys(request).length > 0 && attempt < 5; attempt += 1) {
          const reply = await doc.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = reply.UnprocessedItems as typeof request;
        }
      }
    },
  };
}
