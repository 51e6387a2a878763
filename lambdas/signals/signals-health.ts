import * as z from 'zod';
import type { SignalsHealth, SignalsPixel, SignalsQualityDay } from '@shared/schemas/signals';
import type { PixelDelivery } from '@shared/schemas/signals-endpoint';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { signalsFixes } from '../lib/signals/pixel-health';
import type { DatedSnapshot } from '../lib/signals/quality-snapshots';
import { readPixelSignals } from '../lib/signals/read-pixel-signals';
import { snapshotOf, utcDay, type DaySnapshot } from '../lib/signals/signal-alerts';

/**
 * The signals health of an ad account the user holds: each of its pixels with the events Meta received in the
 * last week, their quality, and the fixes ranked. One call lists the pixels, then five per pixel
 * (read-pixel-signals.ts), however much traffic they had.
 */
const PixelListSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), last_fired_time: z.string().optional() })),
});
/** Accounts rarely have more than a few pixels; the screen shows the first ones. */
const MAX_PIXELS = 5;

/** What Adsmith itself kept about a pixel, beside what Meta reports. */
export interface PixelRecords {
  /** The first-party endpoint's deliveries. */
  delivery: (pixelId: string, now: Date) => Promise<PixelDelivery | undefined>;
  /** Keeps today's quality figures; answers the days of the last 7 recorded so far, today's included. */
  qualityDays: (pixelId: string, today: DaySnapshot, now: Date) => Promise<DatedSnapshot[]>;
}

const NO_RECORDS: PixelRecords = {
  delivery: async () => undefined,
  qualityDays: async (_pixelId, today, now) => [{ day: utcDay(now), events: today }],
};

export const qualityDaysOf = (snapshots: readonly DatedSnapshot[]): SignalsQualityDay[] =>
  snapshots.map(({ day, events }) => ({
    day,
    events: Object.entries(events)
      .map(([eventName, figures]) => ({ eventName, ...figures }))
      .sort((a, b) => a.eventName.localeCompare(b.eventName)),
  }));

export async function signalsHealth(
  session: MetaSession,
  adAccountId: string,
  records: PixelRecords = NO_RECORDS,
): Promise<SignalsHealth> {
  const account = await ownedAdAccount(session, adAccountId);
  const now = session.deps.now();
  const list = await session.graph.get(
    `${account.id}/adspixels`,
    { fields: 'id,name,last_fired_time', limit: String(MAX_PIXELS) },
    PixelListSchema,
  );
  const pixels = await Promise.all(
    list.data.slice(0, MAX_PIXELS).map(async (pixel): Promise<SignalsPixel> => {
      const [signals, delivery] = await Promise.all([
        readPixelSignals(session.graph, pixel.id, now),
        records.delivery(pixel.id, now),
      ]);
      const qualityDays = await records.qualityDays(pixel.id, snapshotOf(signals.quality), now);
      const quality = new Map(signals.quality.map((event) => [event.event_name, event]));
      return {
        id: pixel.id,
        name: pixel.name,
        ...(pixel.last_fired_time && { lastFiredTime: pixel.last_fired_time }),
        events: signals.activity
          .sort((a, b) => b.weekCount - a.weekCount)
          .map((activity) => {
            const event = quality.get(activity.eventName);
            const dedupe = event?.dedupe_key_feedback.find((feedback) => feedback.dedupe_key === 'event_id');
            return {
              eventName: activity.eventName,
              weekCount: activity.weekCount,
              lastReceived: new Date(activity.lastReceived * 1000).toISOString(),
              ...(event?.event_match_quality && { matchQuality: event.event_match_quality.composite_score }),
              ...(dedupe?.browser_events_with_dedupe_key && {
                browserWithEventId: dedupe.browser_events_with_dedupe_key.percentage,
              }),
              ...(dedupe?.server_events_with_dedupe_key && {
                serverWithEventId: dedupe.server_events_with_dedupe_key.percentage,
              }),
              ...(event?.data_freshness && { uploadFrequency: event.data_freshness.upload_frequency }),
            };
          }),
        fixes: signalsFixes(signals.quality, signals.activity, now).map(({ kind, eventName, title, detail }) => ({
          kind,
          eventName,
          title,
          detail,
        })),
        history: signals.history,
        qualityDays: qualityDaysOf(qualityDays),
        ...(delivery && { delivery }),
      };
    }),
  );
  return { pixels, generatedAt: now.toISOString() };
}
