import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';

/**
 * The rows of the `signalDeliveries` table, written by the endpoint (signals-intake) and the delivery worker
 * (signals-delivery), read by the signals screen. Everything is per workspace and pixel; nothing holds customer
 * information: an event row is its name, id and status; a refusal is the field Meta named.
 */
export interface DeliveriesTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** Meta takes no event older than 7 days, so nothing here is worth keeping longer than 8. */
export const DELIVERY_RECORD_DAYS = 8;

export type DeliveryStatus = 'queued' | 'delivered' | 'rejected';

export const pixelScope = (workspaceId: string, pixelId: string): string => `${workspaceId}#${pixelId}`;
export const eventItemKey = (eventName: string, eventId: string): string => `event#${eventName}#${eventId}`;
export const hourItemKey = (at: Date): string => `hour#${at.toISOString().slice(0, 13)}`;
export const rejectionItemKey = (at: Date, eventId: string): string => `rejection#${at.toISOString()}#${eventId}`;

export const expiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + DELIVERY_RECORD_DAYS * 86_400;

/**
 * The ad accounts the signals monitor checks: one row per workspace and account in one partition, put each time
 * someone reads the account's signals and kept 30 days after the last read, so the monitor finds them with one
 * paged Query (no Scan of the connections). One partition takes about 1,000 writes a second, far above how often
 * people open the signals screen.
 */
export const WATCHED_ACCOUNTS_SCOPE = 'monitor#watched-accounts';
export const WATCH_DAYS = 30;
export const watchItemKey = (workspaceId: string, adAccountId: string): string => `${workspaceId}#${adAccountId}`;

export interface HourCounts {
  accepted?: number;
  delivered?: number;
  rejected?: number;
  duplicates?: number;
  /** Sum of acceptance-to-Meta delays of the delivered events, and the longest (ms). */
  delaySumMs?: number;
  delayMaxMs?: number;
  /** Sum of the delivered events' ages at Meta's reply (from their `event_time`), and the oldest (ms). */
  ageSumMs?: number;
  ageMaxMs?: number;
}

/** The counters kept as a maximum rather than added up. */
const MAXIMA = ['delayMaxMs', 'ageMaxMs'] as const;
const isMaximum = (name: string) => (MAXIMA as readonly string[]).includes(name);

/**
 * Adds to the hour's counters. DynamoDB has no max(), so the longest delay and age are each kept by a conditional
 * write of their own, made BEFORE the one atomic ADD of the counts: a reader between the writes then sees a maximum
 * with no delivery yet (nothing shown), never a delivery whose maximum is missing (the screen read that as "no event
 * reached Meta").
 */
export async function countHour(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  at: Date,
  counts: HourCounts,
): Promise<void> {
  const adds = Object.entries(counts).filter(([name, value]) => !isMaximum(name) && value !== undefined && value > 0);
  if (adds.length === 0) return;
  const key = tableKey('signalDeliveries', pixelScope(workspaceId, pixelId), hourItemKey(at));
  for (const name of MAXIMA) {
    const value = counts[name];
    if (value === undefined) continue;
    // A lower value leaves the stored one; the row's expiry is set here too, as this write may create it.
    await table.doc
      .send(
        new UpdateCommand({
          TableName: table.table,
          Key: key,
          UpdateExpression: `SET ${name} = :max, expires_at = :expires`,
          ConditionExpression: `attribute_not_exists(${name}) OR ${name} < :max`,
          ExpressionAttributeValues: { ':max': value, ':expires': expiresAt(at) },
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
  const values: Record<string, unknown> = { ':expires': expiresAt(at) };
  for (const [name, value] of adds) values[`:${name}`] = value;
  await table.doc.send(
    new UpdateCommand({
      TableName: table.table,
      Key: key,
      UpdateExpression: `ADD ${adds.map(([name]) => `${name} :${name}`).join(', ')} SET expires_at = :expires`,
      ExpressionAttributeValues: values,
    }),
  );
}
