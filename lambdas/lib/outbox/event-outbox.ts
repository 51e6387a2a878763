import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppEvent, AppEventDetail } from '@shared/events';
import { EVENT_SOURCE } from '@shared/events/declaration';
import { tableName } from '../table-name';
import type { OutboxRow } from './outbox-row';

export type { OutboxRow } from './outbox-row';

/**
 * The event outbox: a function that must not lose an event writes it here (one PutItem, no
 * bus call), and a relay puts it on the bus later — in AWS the outbox table's stream feeds an
 * EventBridge Pipe, on the twin `infra/twin/events/outbox-relay.ts` reads the table. A bus
 * outage then delays the event instead of dropping it, and the request that caused it still
 * succeeds.
 *
 * Use it from any function: declare `eventOutbox: { actions: ['PutItem'] }` in its entry in
 * shared/functions.ts, then `await enqueueEvent(doc, campaignEvent, detail)` with the event's own declaration
 * (`@shared/events/campaign`: the function builds that event's schema, not the whole events table's).
 */

/** How long a relayed row stays (DynamoDB's TTL clears it; the stream has long relayed it). */
const OUTBOX_ROW_DAYS = 7;

/**
 * The row for one event of the events table; its detail is checked against the declared schema.
 * The detail carries the row's id as `outboxId`: the relay delivers at least once, so a row may
 * reach the bus twice under two event ids, and consumers recognise the repeat by this id (the
 * events table declares it for the events that go through the outbox).
 */
export function outboxRow<E extends AppEvent>(
  declaration: E,
  detail: AppEventDetail<E>,
  now: Date,
  id = randomUUID(),
): OutboxRow {
  return {
    event_id: id,
    source: EVENT_SOURCE,
    detail_type: declaration.detailType,
    detail: JSON.stringify(declaration.detail.parse({ ...detail, outboxId: id })),
    created_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + OUTBOX_ROW_DAYS * 24 * 3600,
  };
}

/**
 * Writes an event to the outbox. Once this resolves the event will reach the bus exactly once
 * per outbox row (the row id is never reused). Returns the row's id.
 */
export async function enqueueEvent<E extends AppEvent>(
  doc: DynamoDBDocumentClient,
  declaration: E,
  detail: AppEventDetail<E>,
  options: { now?: Date; table?: string } = {},
): Promise<string> {
  const row = outboxRow(declaration, detail, options.now ?? new Date());
  await doc.send(
    new PutCommand({
      TableName: options.table ?? tableName('eventOutbox'),
      Item: row,
      // A fresh id; the condition only guards against a caller reusing one.
      ConditionExpression: 'attribute_not_exists(event_id)',
    }),
  );
  return row.event_id;
}

/** The PutEvents entry a relay sends for an outbox row (what the pipe's target parameters say in CDK). */
export function outboxEntry(row: OutboxRow, busName: string) {
  return { Source: row.source, DetailType: row.detail_type, Detail: row.detail, EventBusName: busName };
}
