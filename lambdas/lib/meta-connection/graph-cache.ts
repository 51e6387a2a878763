import { createHash } from 'node:crypto';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { keyCondition, tableKey } from '@shared/table-keys';

/** How long an identical Graph read is served from the cache. */
export const GRAPH_CACHE_TTL_SECONDS = 60;

export interface GraphCache {
  /** Returns the cached value for this user and key, or computes, stores and returns it. */
  remember<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything cached for a user (after a write, or on disconnect). */
  forget(userId: string): Promise<void>;
}

function cacheKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * A per-user cache of Graph reads in DynamoDB, so repeated dashboard loads from
 * any container cost Meta's rate limit nothing. TTL deletion is only clean-up:
 * expiry is checked on read.
 */
export function dynamoGraphCache(
  doc: DynamoDBDocumentClient,
  table: string,
  now: () => Date = () => new Date(),
): GraphCache {
  return {
    async remember(userId, key, compute) {
      const cache_key = cacheKey(key);
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const hit = await doc.send(new GetCommand({ TableName: table, Key: tableKey('graphCache', userId, cache_key) }));
      if (hit.Item && typeof hit.Item.expires_at === 'number' && hit.Item.expires_at > nowSeconds) {
        return JSON.parse(String(hit.Item.value));
      }
      const value = await compute();
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: {
            user_id: userId,
            cache_key,
            value: JSON.stringify(value),
            expires_at: nowSeconds + GRAPH_CACHE_TTL_SECONDS,
          },
        }),
      );
      return value;
    },

    async forget(userId) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: keyCondition('graphCache', ':u'),
            ExpressionAttributeValues: { ':u': userId },
            ProjectionExpression: 'user_id, cache_key',
            ExclusiveStartKey: startKey,
          }),
        );
        const keys = page.Items ?? [];
        for (let i = 0; i < keys.length; i += 25) {
          await doc.send(
            new BatchWriteCommand({
              RequestItems: { [table]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
            }),
          );
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    },
  };
}
