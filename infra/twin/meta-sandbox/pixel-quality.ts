import type { PixelEvent } from './pixel-events.js';

/**
 * Per-event quality of a dataset as Meta's Dataset Quality API reports it (the Business SDK's
 * AdsPixelCapiIntegrationQuality: `event_name`, `event_match_quality`, `event_coverage`, `dedupe_key_feedback`,
 * `data_freshness`, `acr`). Meta does not publish how it scores event match quality (0–10): the sandbox's model
 * weighs each customer information key by how strongly it identifies a person (email and phone most, then
 * click and browser ids, then the rest), so that adding email and phone raises the score as Meta's guidance says.
 * The nesting of the figures (`composite_score`, `match_key_feedback[{identifier, coverage{percentage}}]`, …) follows
 * Meta's Dataset Quality API page as recalled, not confirmed from a stored copy.
 */
const KEY_WEIGHTS: Readonly<Record<string, number>> = {
  em: 4,
  ph: 3,
  external_id: 1.5,
  fbc: 1.5,
  fbp: 1,
  fn: 0.25,
  ln: 0.25,
  db: 0.25,
  zp: 0.25,
  ct: 0.15,
  st: 0.15,
  country: 0.1,
  ge: 0.1,
};
/** The IP address and the user agent identify a browser only together. */
const IP_AND_AGENT_WEIGHT = 1;

export function eventMatchScore(matchKeys: readonly string[]): number {
  let score = matchKeys.reduce((sum, key) => sum + (KEY_WEIGHTS[key] ?? 0), 0);
  if (matchKeys.includes('client_ip_address') && matchKeys.includes('client_user_agent')) score += IP_AND_AGENT_WEIGHT;
  return Math.min(10, score);
}

const percentage = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How often server events arrive, from the median delay between `event_time` and receipt. */
function uploadFrequency(delaysS: number[]): string {
  const delay = median(delaysS);
  if (delay <= 3600) return 'real_time';
  if (delay <= 24 * 3600) return 'hourly';
  return 'daily';
}

const IDENTIFIERS = [
  'em',
  'ph',
  'external_id',
  'fbc',
  'fbp',
  'client_ip_address',
  'client_user_agent',
  'fn',
  'ln',
  'zp',
  'ct',
  'st',
  'country',
  'db',
  'ge',
];

export interface EventQuality {
  event_name: string;
  event_match_quality: {
    composite_score: number;
    match_key_feedback: Array<{ identifier: string; coverage: { percentage: number } }>;
  };
  event_coverage: { percentage: number };
  dedupe_key_feedback: Array<{
    dedupe_key: 'event_id';
    browser_events_with_dedupe_key: { percentage: number };
    server_events_with_dedupe_key: { percentage: number };
  }>;
  data_freshness: { upload_frequency: string };
}

/** One entry per event name that had server events in the window (browser-only events have no CAPI quality). */
export function datasetQuality(events: readonly PixelEvent[]): EventQuality[] {
  const byName = new Map<string, PixelEvent[]>();
  for (const event of events) byName.set(event.eventName, [...(byName.get(event.eventName) ?? []), event]);
  const out: EventQuality[] = [];
  for (const [name, list] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
    const server = list.filter((event) => event.channel === 'server');
    const browser = list.filter((event) => event.channel === 'browser');
    if (server.length === 0) continue;
    const score = server.reduce((sum, event) => sum + eventMatchScore(event.matchKeys), 0) / server.length;
    out.push({
      event_name: name,
      event_match_quality: {
        composite_score: Math.round(score * 10) / 10,
        match_key_feedback: IDENTIFIERS.map((identifier) => ({
          identifier,
          coverage: {
            percentage: percentage(server.filter((e) => e.matchKeys.includes(identifier)).length, server.length),
          },
        })).filter((feedback) => feedback.coverage.percentage > 0),
      },
      // The share of this event's browser events that the server also sent (Meta's "event coverage").
      event_coverage: {
        percentage: browser.length === 0 ? 100 : Math.min(100, percentage(server.length, browser.length)),
      },
      dedupe_key_feedback: [
        {
          dedupe_key: 'event_id',
          browser_events_with_dedupe_key: {
            percentage: percentage(browser.filter((e) => e.eventId).length, browser.length),
          },
          server_events_with_dedupe_key: {
            percentage: percentage(server.filter((e) => e.eventId).length, server.length),
          },
        },
      ],
      data_freshness: { upload_frequency: uploadFrequency(server.map((e) => e.receivedAt - e.eventTime)) },
    });
  }
  return out;
}
