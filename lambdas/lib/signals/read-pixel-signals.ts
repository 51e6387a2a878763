import * as z from 'zod';
import type { SignalsDay } from '@shared/schemas/signals';
import type { GraphClient } from '../meta/graph-client';
import { DatasetQualitySchema, type EventQuality } from './dataset-quality-shape';
import type { EventActivity } from './pixel-health';
import { hourStartSeconds, pixelHistory } from './pixel-history';

/**
 * A pixel's signals as Meta reports them, in five Graph calls whatever the traffic: the per-event quality of the
 * last 7 days, and the hourly stats of the same week (AdsPixelStatsResult) by event for both sources, by event for
 * server events only, by processing result and by match key of the server events. Each event's last receipt and
 * volume, and the week day by day (pixel-history.ts), are read from them.
 */
const StatsSchema = z.object({
  data: z.array(
    z.object({
      start_time: z.string(),
      data: z.array(z.object({ value: z.string(), count: z.number().int().nonnegative() })),
    }),
  ),
});

export interface PixelSignals {
  quality: EventQuality[];
  activity: EventActivity[];
  history: SignalsDay[];
}

export async function readPixelSignals(graph: GraphClient, pixelId: string, now: Date): Promise<PixelSignals> {
  const nowS = Math.floor(now.getTime() / 1000);
  // Meta answers at most the last seven days.
  const week = { start_time: String(nowS - 7 * 86_400), end_time: String(nowS + 1) };
  const stats = (aggregation: string, serverOnly = false) =>
    graph
      .get(
        `${pixelId}/stats`,
        { aggregation, ...week, ...(serverOnly && { event_source: 'SERVER_ONLY' }) },
        StatsSchema,
      )
      .then((reply) => reply.data);
  const [quality, events, serverEvents, serverProcessing, serverMatchKeys] = await Promise.all([
    graph.get('dataset_quality', { dataset_id: pixelId }, DatasetQualitySchema),
    stats('event'),
    stats('event', true),
    stats('event_processing_results', true),
    stats('match_keys', true),
  ]);
  const activity = new Map<string, EventActivity>();
  for (const hour of events) {
    // The hour's end: the event was last received within that hour at the latest.
    const hourEnd = Math.min(nowS, hourStartSeconds(hour.start_time) + 3600);
    for (const row of hour.data) {
      const known = activity.get(row.value);
      activity.set(row.value, {
        eventName: row.value,
        lastReceived: Math.max(known?.lastReceived ?? 0, hourEnd),
        weekCount: (known?.weekCount ?? 0) + row.count,
      });
    }
  }
  return {
    quality: quality.web,
    activity: [...activity.values()],
    history: pixelHistory({ events, serverEvents, serverProcessing, serverMatchKeys }, now),
  };
}
