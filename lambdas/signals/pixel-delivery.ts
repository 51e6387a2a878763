import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryHour, PixelDelivery } from '@shared/schemas/signals-endpoint';
import { keyCondition, keyNames } from '@shared/table-keys';
import { hourItemKey, pixelScope, type DeliveriesTable } from '../lib/signals/delivery-records';

/** The hours the screen charts, newest last. */
export const DELIVERY_HOURS = 48;
const RECENT_REJECTIONS = 5;

/**
 * What the first-party endpoint did for one pixel over the last 48 hours: accepted, delivered, refused by Meta and
 * still waiting, hour by hour, with the delay to Meta and Meta's newest refusals. Undefined when the pixel has had
 * no endpoint traffic in the window.
 */
export async function readPixelDelivery(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  now: Date,
): Promise<PixelDelivery | undefined> {
  const scope = pixelScope(workspaceId, pixelId);
  const since = new Date(now.getTime() - (DELIVERY_HOURS - 1) * 3_600_000);
  const hoursReply = await table.doc.send(
    new QueryCommand({
      TableName: table.table,
      KeyConditionExpression: `${keyCondition('signalDeliveries', ':scope')} AND ${keyNames('signalDeliveries').sort} BETWEEN :from AND :to`,
      ExpressionAttributeValues: { ':scope': scope, ':from': hourItemKey(since), ':to': hourItemKey(now) },
    }),
  );
  const hours: DeliveryHour[] = (hoursReply.Items ?? []).map((item) => {
    const delivered = Number(item.delivered ?? 0);
    return {
      hour: `${String(item.item_key).slice('hour#'.length)}:00:00.000Z`,
      accepted: Number(item.accepted ?? 0),
      delivered,
      rejected: Number(item.rejected ?? 0),
      duplicates: Number(item.duplicates ?? 0),
      ...(delivered > 0 && { meanDelayMs: Math.round(Number(item.delaySumMs ?? 0) / delivered) }),
      ...(item.delayMaxMs !== undefined && { maxDelayMs: Number(item.delayMaxMs) }),
    };
  });
  if (hours.length === 0) return undefined;

  const rejectionsReply = await table.doc.send(
    new QueryCommand({
      TableName: table.table,
      KeyConditionExpression: keyCondition('signalDeliveries', ':scope', { beginsWith: ':prefix' }),
      ExpressionAttributeValues: { ':scope': scope, ':prefix': 'rejection#' },
      ScanIndexForward: false,
      Limit: RECENT_REJECTIONS,
    }),
  );
  const total = (key: 'accepted' | 'delivered' | 'rejected') => hours.reduce((sum, hour) => sum + hour[key], 0);
  return {
    pixelId,
    hours,
    // Events accepted just before the window and settled inside it could make this negative.
    waiting: Math.max(0, total('accepted') - total('delivered') - total('rejected')),
    recentRejections: (rejectionsReply.Items ?? []).map((item) => ({
      eventName: String(item.event_name),
      reason: String(item.reason),
      at: String(item.item_key).split('#')[1] ?? '',
    })),
  };
}
