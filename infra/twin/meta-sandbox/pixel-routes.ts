import { pixelIdOf } from './account-assets.js';
import { formatGraphTime } from './calendar.js';
import { receiveServerEvents } from './conversions-api.js';
import { parseFields } from './field-validation.js';
import { enumParameter, invalidParameter, nonexistingField, unknownPath, unsupportedRequest } from './graph-error.js';
import type { EventChannel, PixelEvent, PixelEventLog } from './pixel-events.js';
import { datasetQuality } from './pixel-quality.js';
import { jsonReply, type Reply } from './reply.js';
import type { AdAccount, World } from './world.js';

/**
 * A pixel (dataset) as the Graph API serves it: `GET /{pixel_id}` with AdsPixel's fields, `GET /{pixel_id}/stats`
 * (AdsPixelStatsResult: `{aggregation, start_time, data:[{value, count}]}` per hour), `POST /{pixel_id}/events`
 * (the Conversions API, conversions-api.ts), `GET /dataset_quality?dataset_id=…` (per-event quality,
 * pixel-quality.ts), and the browser pixel's own beacon `GET /tr?id=…&ev=…&eid=…`. Field and aggregation names are
 * the Business SDK's (src/objects/ads-pixel.js, ads-pixel-stats-result.js).
 */
const PIXEL_FIELDS = [
  'automatic_matching_fields',
  'can_proxy',
  'code',
  'config',
  'creation_time',
  'creator',
  'data_use_setting',
  'description',
  'duplicate_entries',
  'enable_auto_assign_to_accounts',
  'enable_automatic_matching',
  'event_stats',
  'event_time_max',
  'event_time_min',
  'first_party_cookie_status',
  'has_1p_pixel_event',
  'id',
  'is_consolidated_container',
  'is_created_by_business',
  'is_crm',
  'is_mta_use',
  'is_restricted_use',
  'is_unavailable',
  'last_fired_time',
  'last_upload_app',
  'last_upload_app_changed_time',
  'match_rate_approx',
  'matched_entries',
  'name',
  'owner_ad_account',
  'owner_business',
  'usage',
  'user_access_expire_time',
  'valid_entries',
];
const STATS_AGGREGATIONS = [
  'browser_type',
  'custom_data_field',
  'device_os',
  'device_type',
  'event',
  'event_detection_method',
  'event_processing_results',
  'event_source',
  'event_total_counts',
  'event_value_count',
  'had_pii',
  'host',
  'match_keys',
  'pixel_fire',
  'url',
  'url_by_rule',
];
/** The aggregations the sandbox counts; the others are Meta's names it does not model. */
const MODELLED_AGGREGATIONS = ['event', 'event_source', 'match_keys', 'event_processing_results'];
/**
 * Meta's reference for the stats edge (developers.facebook.com/documentation/ads-commerce/marketing-api/reference/
 * ads-pixel/stats): `event_source` filters the events to WEB_ONLY or SERVER_ONLY, and "you can get the data up to
 * seven days from the request time", so an older `start_time` gets the last seven days only.
 */
const EVENT_SOURCES: Readonly<Record<string, EventChannel>> = { WEB_ONLY: 'browser', SERVER_ONLY: 'server' };
const STATS_LOOKBACK_S = 7 * 86_400;
/**
 * What `event_processing_results` counts per hour. Meta's reference names the aggregation but not its values; the
 * sandbox answers `deduplicated` (an event Meta matched with a twin of the same name and id, so not counted again)
 * and `processed` (every other event). Not confirmed against a real response.
 */
const processingResult = (event: PixelEvent) => (event.deduplicated ? 'deduplicated' : 'processed');
const QUALITY_WINDOW_S = 7 * 86_400;

export function pixelAccount(world: World, id: string): AdAccount | undefined {
  return [...world.accounts.values()].find((account) => pixelIdOf(account) === id);
}

function pixelField(account: AdAccount, pixels: PixelEventLog, field: string): unknown {
  const id = pixelIdOf(account);
  const last = Math.max(0, ...pixels.lastReceivedByEvent(id).values());
  switch (field) {
    case 'id':
      return id;
    case 'name':
      return `${account.businessName} Pixel`;
    case 'code':
      return `<!-- Meta Pixel Code -->\n<script>fbq('init', '${id}'); fbq('track', 'PageView');</script>`;
    case 'creation_time':
      return formatGraphTime(account.createdTime, account.timezoneName);
    case 'last_fired_time':
      return last === 0 ? undefined : formatGraphTime(new Date(last * 1000), account.timezoneName);
    case 'is_unavailable':
    case 'is_created_by_business':
    case 'can_proxy':
    case 'enable_automatic_matching':
      return false;
    case 'automatic_matching_fields':
      return [];
    case 'data_use_setting':
      return 'ADVERTISING_AND_ANALYTICS';
    case 'first_party_cookie_status':
      return 'FIRST_PARTY_COOKIE_ENABLED';
    case 'owner_ad_account':
      return { account_id: account.accountId, id: `act_${account.accountId}` };
    default:
      return undefined;
  }
}

function readPixel(account: AdAccount, pixels: PixelEventLog, params: Record<string, string>): Reply {
  const fields = params.fields ? parseFields(params.fields).map((field) => field.name) : ['id'];
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!PIXEL_FIELDS.includes(field)) throw nonexistingField(field, 'AdsPixel');
    const value = pixelField(account, pixels, field);
    if (value !== undefined) out[field] = value;
  }
  out.id = pixelIdOf(account);
  return jsonReply(out);
}

function unixSeconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const seconds = /^\d+$/.test(value) ? Number(value) : Date.parse(value) / 1000;
  if (!Number.isFinite(seconds)) throw invalidParameter(`(#100) The parameter ${name} is not a valid time`);
  return Math.floor(seconds);
}

const hourStart = (seconds: number) => seconds - (seconds % 3600);
const isoHour = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', '+0000');

function pixelStats(pixelId: string, pixels: PixelEventLog, params: Record<string, string>, now: Date): Reply {
  const aggregation = params.aggregation ?? 'event';
  if (!STATS_AGGREGATIONS.includes(aggregation)) throw enumParameter('aggregation', STATS_AGGREGATIONS);
  if (!MODELLED_AGGREGATIONS.includes(aggregation)) {
    throw invalidParameter(`(#100) The Adsmith Meta sandbox does not model the ${aggregation} aggregation`);
  }
  const source = params.event_source;
  if (source !== undefined && !(source in EVENT_SOURCES))
    throw enumParameter('event_source', Object.keys(EVENT_SOURCES));
  const nowS = Math.floor(now.getTime() / 1000);
  // Up to and including this second, so an event received now is in the default window.
  const until = unixSeconds(params.end_time, nowS + 1, 'end_time');
  const since = Math.max(unixSeconds(params.start_time, until - 86_400, 'start_time'), nowS - STATS_LOOKBACK_S);
  const buckets = new Map<number, Map<string, number>>();
  for (const event of pixels.received(pixelId, since, until)) {
    if (source !== undefined && event.channel !== EVENT_SOURCES[source]) continue;
    const values =
      aggregation === 'event'
        ? [event.eventName]
        : aggregation === 'event_source'
          ? [event.channel.toUpperCase()]
          : aggregation === 'event_processing_results'
            ? [processingResult(event)]
            : event.matchKeys;
    const bucket = buckets.get(hourStart(event.receivedAt)) ?? new Map<string, number>();
    for (const value of values) bucket.set(value, (bucket.get(value) ?? 0) + 1);
    buckets.set(hourStart(event.receivedAt), bucket);
  }
  const data = [...buckets]
    .sort(([a], [b]) => b - a)
    .map(([start, counts]) => ({
      aggregation,
      start_time: isoHour(start),
      data: [...counts].map(([value, count]) => ({ value, count })),
    }));
  return jsonReply({ data });
}

export interface PixelRouteDeps {
  world: World;
  pixels: PixelEventLog;
  now: () => Date;
  requireRead: () => void;
  requireWrite: () => void;
}

/** A Graph request on a pixel or on `dataset_quality`; undefined when `first` is neither. */
export function pixelRoutes(
  deps: PixelRouteDeps,
  method: 'GET' | 'POST' | 'DELETE',
  first: string,
  edge: string | undefined,
  params: Record<string, string>,
): { reply: Reply; accountId: string } | undefined {
  if (first === 'dataset_quality' && edge === undefined) {
    const account = params.dataset_id === undefined ? undefined : pixelAccount(deps.world, params.dataset_id);
    if (!account)
      throw invalidParameter('(#100) The parameter dataset_id is required and must be a dataset you can access');
    if (method !== 'GET') throw unsupportedRequest(method === 'POST' ? 'post' : 'delete', first);
    deps.requireRead();
    const until = Math.floor(deps.now().getTime() / 1000) + 1;
    const events = deps.pixels.received(params.dataset_id!, until - QUALITY_WINDOW_S, until);
    return { reply: jsonReply({ web: datasetQuality(events) }), accountId: account.accountId };
  }
  const account = pixelAccount(deps.world, first);
  if (!account) return undefined;
  const reply = (): Reply => {
    if (edge === undefined && method === 'GET') {
      deps.requireRead();
      return readPixel(account, deps.pixels, params);
    }
    if (edge === 'stats' && method === 'GET') {
      deps.requireRead();
      return pixelStats(first, deps.pixels, params, deps.now());
    }
    if (edge === 'events' && method === 'POST') {
      deps.requireWrite();
      return jsonReply(receiveServerEvents(deps.pixels, first, params, deps.now()));
    }
    if (edge === undefined) throw unsupportedRequest(method === 'POST' ? 'post' : 'delete', first);
    throw unknownPath(`/${edge}`);
  };
  return { reply: reply(), accountId: account.accountId };
}

/**
 * The browser pixel's beacon (`https://www.facebook.com/tr?id=…&ev=…&eid=…`): no token, as the pixel sends none.
 * `ud[em]` and the other advanced-matching keys arrive hashed; the beacon answers an empty 200 whatever it is sent.
 */
export function pixelBeacon(world: World, pixels: PixelEventLog, params: Record<string, string>, now: Date): Reply {
  const account = params.id === undefined ? undefined : pixelAccount(world, params.id);
  if (account && params.ev) {
    const receivedAt = Math.floor(now.getTime() / 1000);
    const advancedMatching = Object.keys(params)
      .map((key) => /^ud\[(\w+)\]$/.exec(key)?.[1])
      .filter((key): key is string => key !== undefined);
    pixels.record({
      pixelId: params.id!,
      eventName: params.ev,
      ...(params.eid && { eventId: params.eid }),
      eventTime: receivedAt,
      receivedAt,
      channel: 'browser',
      matchKeys: ['client_ip_address', 'client_user_agent', ...(params.fbp ? ['fbp'] : []), ...advancedMatching],
      actionSource: 'website',
    });
  }
  return { status: 200, headers: { 'Content-Type': 'text/plain' }, html: '' };
}
