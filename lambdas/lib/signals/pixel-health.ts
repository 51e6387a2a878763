import type { EventQuality } from './dataset-quality-shape';

/**
 * What is wrong with a pixel's signals and what to do first, in words a marketer reads. Each finding comes from
 * Meta's own figures (dataset quality, last received times); fixes are ranked by the share of the account's
 * conversion signal they affect, so the fix that recovers most comes first:
 * - an event that stopped: all of its signal is gone;
 * - server events without the pixel's event id: Meta cannot de-duplicate them, so they may count twice;
 * - poor event match quality: fewer of the events can be attributed to people who saw an ad;
 * - late server events: they miss the optimisation window.
 */
export type FixKind = 'stopped' | 'deduplication' | 'matchQuality' | 'freshness';

export interface SignalsFix {
  kind: FixKind;
  eventName: string;
  title: string;
  detail: string;
  /** 0–1: the share of this event's signal the fix recovers, times the event's weight; sorts the list. */
  effect: number;
}

export interface EventActivity {
  eventName: string;
  /** Last time Meta received the event (unix seconds), from the pixel's stats. */
  lastReceived: number;
  /** Events received in the last 7 days, browser and server. */
  weekCount: number;
}

/** Conversions weigh more than browsing events: they are what campaigns optimise for. */
const EVENT_WEIGHT: Readonly<Record<string, number>> = {
  Purchase: 1,
  Lead: 1,
  CompleteRegistration: 0.9,
  Subscribe: 0.9,
  StartTrial: 0.9,
  InitiateCheckout: 0.7,
  AddPaymentInfo: 0.7,
  AddToCart: 0.6,
  Contact: 0.6,
  Schedule: 0.6,
  ViewContent: 0.3,
  Search: 0.3,
  PageView: 0.1,
};
const weightOf = (eventName: string) => EVENT_WEIGHT[eventName] ?? 0.5;

/** An event silent this long after firing in the week is "stopped" (Meta's own diagnostics use a day or more). */
export const STOPPED_AFTER_S = 48 * 3600;
/** Meta calls 6 or more of 10 "Good" event match quality; below it the fix is worth making. */
const GOOD_MATCH_QUALITY = 6;
/** Server events with an event id below this share leave pixel duplicates in. */
const DEDUPLICATION_TARGET = 90;

/** The customer information that raises match quality most, in that order, with the words people read. */
const KEY_ADVICE: ReadonlyArray<[string, string]> = [
  ['em', 'email'],
  ['ph', 'phone number'],
  ['external_id', 'your customer id (external_id)'],
  ['fbc', 'the click id (fbc)'],
  ['fbp', 'the browser id (fbp)'],
];

const days = (seconds: number) => Math.floor(seconds / 86_400);

export function signalsFixes(
  quality: readonly EventQuality[],
  activity: readonly EventActivity[],
  now: Date,
): SignalsFix[] {
  const nowS = Math.floor(now.getTime() / 1000);
  const fixes: SignalsFix[] = [];

  for (const event of activity) {
    const silent = nowS - event.lastReceived;
    if (silent < STOPPED_AFTER_S) continue;
    fixes.push({
      kind: 'stopped',
      eventName: event.eventName,
      title: `${event.eventName} stopped ${days(silent)} days ago`,
      detail: `Meta has received no ${event.eventName} event for ${days(silent)} days. Check that the pixel and your server still send it on the page or step where it happens (a site change often removes it).`,
      effect: weightOf(event.eventName),
    });
  }

  for (const event of quality) {
    const weight = weightOf(event.event_name);
    const dedupe = event.dedupe_key_feedback.find((feedback) => feedback.dedupe_key === 'event_id');
    const serverWithId = dedupe?.server_events_with_dedupe_key?.percentage;
    const browserWithId = dedupe?.browser_events_with_dedupe_key?.percentage ?? 0;
    if (serverWithId !== undefined && browserWithId > 0 && serverWithId < DEDUPLICATION_TARGET) {
      const missing = Math.round(100 - serverWithId);
      fixes.push({
        kind: 'deduplication',
        eventName: event.event_name,
        title: `${event.event_name} may be counted twice`,
        detail: `${missing} % of the ${event.event_name} events your server sends carry no event_id, so Meta cannot match them with the pixel's and may count them twice. Send the same event_id from the pixel and the server.`,
        effect: weight * (missing / 100),
      });
    }

    const score = event.event_match_quality?.composite_score;
    if (score !== undefined && score < GOOD_MATCH_QUALITY) {
      const coverage = new Map(
        (event.event_match_quality?.match_key_feedback ?? []).map((key) => [key.identifier, key.coverage.percentage]),
      );
      const add = KEY_ADVICE.filter(([key]) => (coverage.get(key) ?? 0) < 80).slice(0, 2);
      const advice = add.map(([key, words]) => `${words} (now on ${Math.round(coverage.get(key) ?? 0)} %)`);
      fixes.push({
        kind: 'matchQuality',
        eventName: event.event_name,
        title: `${event.event_name} match quality is ${score.toFixed(1)} of 10`,
        detail:
          advice.length > 0
            ? `Meta can tie few of these events to people. Add ${advice.join(' and ')} to the server events, hashed as Adsmith does.`
            : 'Meta can tie few of these events to people. Send more customer information with each server event.',
        effect: weight * ((GOOD_MATCH_QUALITY - score) / 10),
      });
    }

    const frequency = event.data_freshness?.upload_frequency;
    if (frequency !== undefined && frequency !== 'real_time') {
      fixes.push({
        kind: 'freshness',
        eventName: event.event_name,
        title: `${event.event_name} arrives late`,
        detail: `Your server sends ${event.event_name} events ${frequency === 'hourly' ? 'hours' : 'a day or more'} after they happen. Send them as they happen: Meta optimises delivery on recent events.`,
        effect: weight * (frequency === 'hourly' ? 0.2 : 0.4),
      });
    }
  }
  return fixes.sort((a, b) => b.effect - a.effect || a.eventName.localeCompare(b.eventName));
}
