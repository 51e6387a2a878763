import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryDay, DeliveryHour, PixelDelivery } from '@shared/schemas/signals-endpoint';
import { keyCondition, keyNames } from '@shared/table-keys';
import { HISTORY_DAYS } from '../lib/signals/pixel-history';
import { hourItemKey, pixelScope, type DeliveriesTable } from '../lib/signals/delivery-records';

/** The hours the screen charts, newest last. */
export const DELIVERY_HOURS = 48;
const RECENT_REJECTIONS = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One hour row as stored, with the sums the days are made of. */
export interface StoredHour extends DeliveryHour {
  delaySumMs: number;
  ageSumMs: number;
  maxAgeMs?: number;
}

const mean = (sum: number, count: number) => (count > 0 ? Math.round(sum / count) : undefined);

/**
 * The seven 24-hour periods ending now, as the pixel's own history (pixel-history.ts), so no day is a partial one:
 * each hour row falls in the period its hour ends in.
 */
export function deliveryDays(hours: readonly StoredHour[], now: Date): DeliveryDay[] {
  const days = Array.from({ length: HISTORY_DAYS }, (_, index) => ({
    end: new Date(now.getTime() - (HISTORY_DAYS - 1 - index) * DAY_MS).toISOString(),
    delivered: 0,
    ageSumMs: 0,
    delaySumMs: 0,
    maxAgeMs: undefined as number | undefined,
  }));
  for (const hour of hours) {
    const age = Math.max(0, now.getTime() - (Date.parse(hour.hour) + HOUR_MS));
    const day = days[HISTORY_DAYS - 1 - Math.floor(age / DAY_MS)];
    if (!day) continue;
    day.delivered += hour.delivered;
    day.ageSumMs += hour.ageSumMs;
    day.delaySumMs += hour.delaySumMs;
    if (hour.maxAgeMs !== undefined) day.maxAgeMs = Math.max(day.maxAgeMs ?? 0, hour.maxAgeMs);
  }
  return days.map((day) => {
    const meanAgeMs = mean(day.ageSumMs, day.delivered);
    const meanDelayMs = mean(day.delaySumMs, day.delivered);
    return {
      end: day.end,
      delivered: day.delivered,
      // Rows written before ages were counted have deliveries but no age: no figure rather than a false zero.
      ...(meanAgeMs !== undefined && day.maxAgeMs !== undefined && { meanAgeMs, maxAgeMs: day.maxAgeMs }),
      ...(meanDelayMs !== undefined && { meanDelayMs }),
    };
  });
}

/**
 * What the first-party endpoint did for one pixel: hour by hour over the last 48 hours (accepted, delivered, refused
 * by Meta and still waiting, with the delay to Meta) and day by day over the last 7 (how fresh the events were when
 * Meta got them), with Meta's newest refusals. Undefined when the pixel has had no endpoint traffic in 7 days.
 */
export async function readPixelDelivery(
  table: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  now: Date,
): Promise<PixelDelivery | undefined> {
  const scope = pixelScope(workspaceId, pixelId);
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  // At most 169 small rows (~200 bytes each): one page.
  const hoursReply = await table.doc.send(
    new QueryCommand({
      TableName: table.table,
      KeyConditionExpression: `${keyCondition('signalDeliveries', ':scope')} AND ${keyNames('signalDeliveries').sort} BETWEEN :from AND :to`,
      ExpressionAttributeValues: { ':scope': scope, ':from': hourItemKey(since), ':to': hourItemKey(now) },
    }),
  );
  const stored: StoredHour[] = (hoursReply.Items ?? []).map((item) => {
    const delivered = Number(item.delivered ?? 0);
    const delaySumMs = Number(item.delaySumMs ?? 0);
    return {
      hour: `${String(item.item_key).slice('hour#'.length)}:00:00.000Z`,
      accepted: Number(item.accepted ?? 0),
      delivered,
      rejected: Number(item.rejected ?? 0),
      duplicates: Number(item.duplicates ?? 0),
      delaySumMs,
      ageSumMs: Number(item.ageSumMs ?? 0),
      ...(delivered > 0 && { meanDelayMs: Math.round(delaySumMs / delivered) }),
      ...(item.delayMaxMs !== undefined && { maxDelayMs: Number(item.delayMaxMs) }),
      ...(item.ageMaxMs !== undefined && { maxAgeMs: Number(item.ageMaxMs) }),
    };
  });
  if (stored.length === 0) return undefined;

  const rejectionsReply = await table.doc.send(
    new QueryCommand({
      TableName: table.table,
      KeyConditionExpression: keyCondition('signalDeliveries', ':scope', { beginsWith: ':prefix' }),
      ExpressionAttributeValues: { ':scope': scope, ':prefix': 'rejection#' },
      ScanIndexForward: false,
      Limit: RECENT_REJECTIONS,
    }),
  );
  const recentFrom = hourItemKey(new Date(now.getTime() - (DELIVERY_HOURS - 1) * HOUR_MS)).slice('hour#'.length);
  const hours: DeliveryHour[] = stored
    .filter((hour) => hour.hour.slice(0, 13) >= recentFrom)
    .map(({ delaySumMs: _delay, ageSumMs: _age, maxAgeMs: _maxAge, ...hour }) => hour);
  const total = (key: 'accepted' | 'delivered' | 'rejected') => stored.reduce((sum, hour) => sum + hour[key], 0);
  return {
    pixelId,
    hours,
    days: deliveryDays(stored, now),
    // Events accepted just before the window and settled inside it could make this negative.
    waiting: Math.max(0, total('accepted') - total('delivered') - total('rejected')),
    recentRejections: (rejectionsReply.Items ?? []).map((item) => ({
      eventName: String(item.event_name),
      reason: String(item.reason),
      at: String(item.item_key).split('#')[1] ?? '',
    })),
  };
}
