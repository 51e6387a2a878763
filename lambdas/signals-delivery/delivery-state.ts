import { BatchGetCommand, BatchWriteCommand, PutCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import {
  eventItemKey,
  expiresAt,
  pixelScope,
  rejectionItemKey,
  type DeliveriesTable,
  type DeliveryStatus,
} from '../lib/signals/delivery-records';

/** DynamoDB's limits: 100 keys a BatchGetItem, 25 puts a BatchWriteItem. */
const GET_CHUNK = 100;
const WRITE_CHUNK = 25;
/** Unprocessed keys (throttling) are asked again this many times before the batch fails and SQS retries it. */
const MAX_ROUNDS = 8;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export interface EventRef {
  eventName: string;
  eventId: string;
}

/** The status of each event (`event#<name>#<id>` → status), read consistently: a retry must see the last write. */
export async function readStatuses(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  events: readonly EventRef[],
): Promise<Map<string, DeliveryStatus>> {
  const scope = pixelScope(workspaceId, pixelId);
  const statuses = new Map<string, DeliveryStatus>();
  for (const chunk of chunks(events, GET_CHUNK)) {
    let keys: Record<string, unknown>[] | undefined = chunk.map((event) =>
      tableKey('signalDeliveries', scope, eventItemKey(event.eventName, event.eventId)),
    );
    for (let round = 0; keys && keys.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error('DynamoDB left keys unread; the batch is retried');
      const reply = await table.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [table.table]: {
              Keys: keys,
              ConsistentRead: true,
              ProjectionExpression: 'item_key, #status',
              ExpressionAttributeNames: { '#status': 'status' },
            },
          },
        }),
      );
      for (const item of reply.Responses?.[table.table] ?? [])
        statuses.set(String(item.item_key), item.status as DeliveryStatus);
      keys = reply.UnprocessedKeys?.[table.table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return statuses;
}

/** Writes each event's final status (whole rows: no customer data, only name, id, status and times). */
export async function writeStatuses(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  rows: readonly (EventRef & { status: DeliveryStatus; acceptedAt: number })[],
  now: Date,
): Promise<void> {
  const scope = pixelScope(workspaceId, pixelId);
  for (const chunk of chunks(rows, WRITE_CHUNK)) {
    let requests: unknown[] | undefined = chunk.map((row) => ({
      PutRequest: {
        Item: {
          ...tableKey('signalDeliveries', scope, eventItemKey(row.eventName, row.eventId)),
          status: row.status,
          accepted_at: row.acceptedAt,
          settled_at: now.getTime(),
          expires_at: expiresAt(now),
        },
      },
    }));
    for (let round = 0; requests && requests.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error('DynamoDB left writes unprocessed; the batch is retried');
      const reply: BatchWriteCommandOutput = await table.doc.send(
        new BatchWriteCommand({ RequestItems: { [table.table]: requests as never } }),
      );
      requests = reply.UnprocessedItems?.[table.table];
    }
  }
}

/** Keeps what Meta said about a refused event: the event's name and Meta's message, which names a field, not a value. */
export async function recordRejection(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  event: EventRef,
  reason: string,
  now: Date,
): Promise<void> {
  await table.doc.send(
    new PutCommand({
      TableName: table.table,
      Item: {
        ...tableKey('signalDeliveries', pixelScope(workspaceId, pixelId), rejectionItemKey(now, event.eventId)),
        event_name: event.eventName,
        reason,
        expires_at: expiresAt(now),
      },
    }),
  );
}
