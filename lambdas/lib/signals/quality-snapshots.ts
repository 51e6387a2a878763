import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keyCondition, keyNames, tableKey } from '@shared/table-keys';
import { expiresAt, type DeliveriesTable } from './delivery-records';
import type { DaySnapshot } from './signal-alerts';

/**
 * One snapshot a day per pixel of Meta's 7-day quality figures (`quality#<day>`, kept 8 days beside the endpoint's
 * records): the alerts compare today with the days before, and the signals screen charts them, because Meta's
 * dataset quality API answers only for now. Written by the hourly monitor and by each reading of the screen; the
 * day's last writer wins, which is the freshest reading of that day.
 */
export const snapshotKey = (day: string): string => `quality#${day}`;

export interface DatedSnapshot {
  day: string;
  events: DaySnapshot;
}

export async function saveQualitySnapshot(
  store: DeliveriesTable,
  scope: string,
  day: string,
  events: DaySnapshot,
  now: Date,
): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { ...tableKey('signalDeliveries', scope, snapshotKey(day)), events, expires_at: expiresAt(now) },
    }),
  );
}

/** The snapshots of the days from `fromDay` to `toDay` (UTC days, inclusive), oldest first. */
export async function readQualitySnapshots(
  store: DeliveriesTable,
  scope: string,
  fromDay: string,
  toDay: string,
): Promise<DatedSnapshot[]> {
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: `${keyCondition('signalDeliveries', ':scope')} AND ${keyNames('signalDeliveries').sort} BETWEEN :from AND :to`,
      ExpressionAttributeValues: { ':scope': scope, ':from': snapshotKey(fromDay), ':to': snapshotKey(toDay) },
    }),
  );
  return (reply.Items ?? []).map((item) => ({
    day: String(item.item_key).slice('quality#'.length),
    events: (item.events ?? {}) as DaySnapshot,
  }));
}
