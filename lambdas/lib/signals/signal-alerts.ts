import type { EventQuality } from './dataset-quality-shape';
import { STOPPED_AFTER_S, type EventActivity } from './pixel-health';

/**
 * When a pixel's signals deserve an alert, from Meta's own figures read once a day or more:
 * - an event that stopped: received in the last week, nothing for 48 hours (the screen's "stopped" fix);
 * - a de-duplication rate that falls, or a match quality that drops: today's figure against the median of the
 *   previous days' (the monitor keeps one snapshot a day per pixel).
 *
 * The thresholds, argued. Meta's dataset quality figures cover the last 7 days, so one day weighs about a seventh
 * of each figure and a problem shows at a seventh of its size on its first day:
 * - DEDUPLICATION_DROP_POINTS = 10: a day on which the server stops sending the event id moves the share of server
 *   events with an id by about 100/7 ≈ 14 points, so 10 catches a whole day lost (or most of one) on its first day,
 *   while the day-to-day wobble of a 7-day share of 50+ events stays within a few points;
 * - MATCH_QUALITY_DROP = 0.5 (of 10): Meta names email the strongest customer key; a day without it costs the
 *   7-day score about 4/7 ≈ 0.6 in the sandbox's model (email weighs 4 of 10), a day without phone about 0.4,
 *   so 0.5 catches a lost email on its first day and a lost phone by its second;
 * - MIN_PREVIOUS_DAYS = 2: a median of one day is one reading; two give a baseline a single odd day cannot set;
 * - an event with fewer than MIN_WEEK_EVENTS = 50 received in the week is not judged on drops (a share of a few
 *   events swings by tens of points with one event).
 */
export const DEDUPLICATION_DROP_POINTS = 10;
export const MATCH_QUALITY_DROP = 0.5;
export const MIN_PREVIOUS_DAYS = 2;
export const MIN_WEEK_EVENTS = 50;
/** Previous snapshots compared against: the week before today. */
export const BASELINE_DAYS = 7;

export type SignalAlertKind = 'stopped' | 'deduplication' | 'matchQuality';

export interface SignalAlert {
  kind: SignalAlertKind;
  eventName: string;
  /** The UTC day the alert is about: the event's last day for a stop, today for a drop. One alert per day each. */
  day: string;
  title: string;
  detail: string;
}

/** One event's figures on one day, as the monitor keeps them. */
export interface EventSnapshot {
  matchQuality?: number;
  serverWithEventId?: number;
  /** Meta's upload frequency of the server events (real_time, hourly, daily): charted, not alerted on. */
  uploadFrequency?: string;
}
export type DaySnapshot = Record<string, EventSnapshot>;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Today's figures per event, from Meta's dataset quality. */
export function snapshotOf(quality: readonly EventQuality[]): DaySnapshot {
  const snapshot: DaySnapshot = {};
  for (const event of quality) {
    const dedupe = event.dedupe_key_feedback.find((feedback) => feedback.dedupe_key === 'event_id');
    snapshot[event.event_name] = {
      ...(event.event_match_quality && { matchQuality: event.event_match_quality.composite_score }),
      ...(dedupe?.server_events_with_dedupe_key && {
        serverWithEventId: dedupe.server_events_with_dedupe_key.percentage,
      }),
      ...(event.data_freshness && { uploadFrequency: event.data_freshness.upload_frequency }),
    };
  }
  return snapshot;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function detectSignalAlerts(input: {
  activity: readonly EventActivity[];
  today: DaySnapshot;
  /** Snapshots of the days before today (any order); today's own is never among them. */
  previous: readonly DaySnapshot[];
  now: Date;
}): SignalAlert[] {
  const nowS = Math.floor(input.now.getTime() / 1000);
  const today = utcDay(input.now);
  const alerts: SignalAlert[] = [];

  for (const event of input.activity) {
    const silent = nowS - event.lastReceived;
    if (silent < STOPPED_AFTER_S) continue;
    const lastDay = utcDay(new Date(event.lastReceived * 1000));
    const days = Math.floor(silent / 86_400);
    alerts.push({
      kind: 'stopped',
      eventName: event.eventName,
      day: lastDay,
      title: `${event.eventName} stopped ${days} days ago`,
      detail: `Meta has received no ${event.eventName} event since ${lastDay} (${days} days). Check that the pixel and your server still send it on the page or step where it happens.`,
    });
  }

  const volume = new Map(input.activity.map((event) => [event.eventName, event.weekCount]));
  for (const [eventName, figures] of Object.entries(input.today)) {
    if ((volume.get(eventName) ?? 0) < MIN_WEEK_EVENTS) continue;
    const baseline = (pick: (snapshot: EventSnapshot) => number | undefined) => {
      const values = input.previous
        .map((snapshot) => snapshot[eventName])
        .map((snapshot) => (snapshot ? pick(snapshot) : undefined))
        .filter((value): value is number => value !== undefined);
      return values.length >= MIN_PREVIOUS_DAYS ? median(values) : undefined;
    };

    const dedupeBefore = baseline((snapshot) => snapshot.serverWithEventId);
    if (
      figures.serverWithEventId !== undefined &&
      dedupeBefore !== undefined &&
      dedupeBefore - figures.serverWithEventId >= DEDUPLICATION_DROP_POINTS
    ) {
      alerts.push({
        kind: 'deduplication',
        eventName,
        day: today,
        title: `${eventName} de-duplication fell to ${Math.round(figures.serverWithEventId)} %`,
        detail: `The share of ${eventName} server events carrying the pixel's event id fell from ${Math.round(dedupeBefore)} % to ${Math.round(figures.serverWithEventId)} % (Meta's 7-day figure), so Meta may count more of them twice. Check that your server still sends the same event_id as the pixel.`,
      });
    }

    const qualityBefore = baseline((snapshot) => snapshot.matchQuality);
    if (
      figures.matchQuality !== undefined &&
      qualityBefore !== undefined &&
      round(qualityBefore - figures.matchQuality, 1) >= MATCH_QUALITY_DROP
    ) {
      alerts.push({
        kind: 'matchQuality',
        eventName,
        day: today,
        title: `${eventName} match quality dropped to ${figures.matchQuality.toFixed(1)}`,
        detail: `Meta's event match quality for ${eventName} dropped from ${qualityBefore.toFixed(1)} to ${figures.matchQuality.toFixed(1)} of 10. Check that your server still sends the customer's email and phone number with each event.`,
      });
    }
  }
  return alerts;
}
