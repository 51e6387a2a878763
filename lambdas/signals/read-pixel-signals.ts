import * as z from 'zod';
import type { GraphClient } from '../lib/meta/graph-client';
import { DatasetQualitySchema, type EventQuality } from './dataset-quality-shape';
import type { EventActivity } from './pixel-health';

/**
 * A pixel's signals as Meta reports them, in two Graph calls whatever the traffic: the per-event quality of the
 * last 7 days, and the hourly event counts of the same week (AdsPixelStatsResult), from which each event's last
 * receipt and volume are read.
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
}

export async function readPixelSignals(graph: GraphClient, pixelId: string, now: Date): Promise<PixelSignals> {
  const nowS = Math.floor(now.getTime() / 1000);
  const [quality, stats] = await Promise.all([
    graph.get('dataset_quality', { dataset_id: pixelId }, DatasetQualitySchema),
    graph.get(
      `${pixelId}/stats`,
      { aggregation: 'event', start_time: String(nowS - 7 * 86_400), end_time: String(nowS + 1) },
      StatsSchema,
    ),
  ]);
  const activity = new Map<string, EventActivity>();
  for (const hour of stats.data) {
    // The hour's end: the event was last received within that hour at the latest.
    const hourEnd = Math.min(
      nowS,
      Math.floor(Date.parse(hour.start_time.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) / 1000) + 3600,
    );
    for (const row of hour.data) {
      const known = activity.get(row.value);
      activity.set(row.value, {
        eventName: row.value,
        lastReceived: Math.max(known?.lastReceived ?? 0, hourEnd),
        weekCount: (known?.weekCount ?? 0) + row.count,
      });
    }
  }
  return { quality: quality.web, activity: [...activity.values()] };
}
