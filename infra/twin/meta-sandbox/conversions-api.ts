import { invalidParameter, newTraceId, type GraphError } from './graph-error.js';
import type { PixelEventLog } from './pixel-events.js';

/**
 * `POST /{pixel_id}/events`, the Conversions API, with Meta's validation. One invalid event refuses the whole
 * request and nothing is recorded, as Meta does for `event_time` ("If any event_time in data is greater than 7 days
 * in the past, we return an error for the entire request and process no events"). Sources:
 * - developers.facebook.com/docs/marketing-api/conversions-api/using-the-api: `data` holds up to 1,000 events;
 *   the reply is `{events_received, messages, fbtrace_id}`; `test_event_code` routes events to Test Events only;
 * - …/conversions-api/parameters/server-event: `event_name`, `event_time` (unix seconds, at most 7 days old),
 *   `action_source` and `user_data` are required; website events also need `event_source_url` and
 *   `client_user_agent`;
 * - …/conversions-api/parameters/customer-information-parameters: contact information must be SHA-256 hashed;
 *   `client_ip_address`, `client_user_agent`, `fbc`, `fbp` are sent in the clear;
 * - …/conversions-api/parameters/custom-data: Purchase events need `value` and `currency`.
 * The refusal body (code 100, subcode 2804019, title "Server-side API parameter error", a message naming
 * `$['data'][i]['field']`) is as a public report quotes Meta's reply for a missing `event_time`; the sandbox uses the
 * same body for its other refusals, whose exact wording is not confirmed.
 */
export const MAX_EVENTS_PER_REQUEST = 1_000;
const MAX_AGE_S = 7 * 24 * 3600;
/** Clock skew tolerated for an `event_time` ahead of Meta's clock (the sandbox's allowance, not a documented one). */
const FUTURE_SKEW_S = 60;

export const ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
] as const;

/** Contact information Meta accepts only hashed (SHA-256, lower-case hex). */
export const HASHED_USER_DATA_KEYS = ['em', 'ph', 'fn', 'ln', 'ge', 'db', 'ct', 'st', 'zp', 'country'] as const;
/** Keys sent as they are: Meta hashes none of these, and external_id may be either. */
const CLEAR_USER_DATA_KEYS = [
  'external_id',
  'client_ip_address',
  'client_user_agent',
  'fbc',
  'fbp',
  'subscription_id',
  'fb_login_id',
  'lead_id',
  'anon_id',
  'madid',
  'page_id',
  'page_scoped_user_id',
  'ctwa_clid',
  'ig_account_id',
  'ig_sid',
] as const;
const SHA256_HEX = /^[a-f0-9]{64}$/;

export interface ConversionsReply {
  events_received: number;
  messages: string[];
  fbtrace_id: string;
}

function parameterError(path: string, message: string): GraphError {
  return invalidParameter('Invalid parameter', {
    subcode: 2804019,
    userTitle: 'Server-side API parameter error',
    userMsg: message.replace('{path}', path),
  });
}

const at = (index: number, ...keys: string[]) => `$['data'][${index}]${keys.map((key) => `['${key}']`).join('')}`;

interface CheckedEvent {
  eventName: string;
  eventId?: string;
  eventTime: number;
  actionSource: string;
  matchKeys: string[];
}

function checkEvent(raw: unknown, index: number, now: number): CheckedEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw parameterError(at(index), 'The parameter {path} must be an object.');
  }
  const event = raw as Record<string, unknown>;
  const required = (key: string) => {
    if (event[key] === undefined || event[key] === null || event[key] === '') {
      throw parameterError(at(index, key), 'The parameter {path} is required.');
    }
    return event[key];
  };

  const eventName = required('event_name');
  if (typeof eventName !== 'string')
    throw parameterError(at(index, 'event_name'), 'The parameter {path} must be a string.');
  const eventTime = Number(required('event_time'));
  if (!Number.isInteger(eventTime)) {
    throw parameterError(at(index, 'event_time'), 'The parameter {path} must be a unix timestamp in seconds.');
  }
  if (eventTime < now - MAX_AGE_S) {
    throw parameterError(at(index, 'event_time'), 'The parameter {path} is more than 7 days in the past.');
  }
  if (eventTime > now + FUTURE_SKEW_S) {
    throw parameterError(at(index, 'event_time'), 'The parameter {path} is in the future.');
  }
  const actionSource = required('action_source');
  if (typeof actionSource !== 'string' || !(ACTION_SOURCES as readonly string[]).includes(actionSource)) {
    throw parameterError(
      at(index, 'action_source'),
      `The parameter {path} must be one of ${ACTION_SOURCES.join(', ')}.`,
    );
  }

  const userData = required('user_data');
  if (typeof userData !== 'object' || userData === null || Array.isArray(userData)) {
    throw parameterError(at(index, 'user_data'), 'The parameter {path} must be an object.');
  }
  const matchKeys = checkUserData(userData as Record<string, unknown>, index);
  if (actionSource === 'website') {
    required('event_source_url');
    if (!matchKeys.includes('client_user_agent')) {
      throw parameterError(
        at(index, 'user_data', 'client_user_agent'),
        'The parameter {path} is required for website events.',
      );
    }
  }
  if (eventName === 'Purchase') checkPurchase(event.custom_data, index);

  const eventId = event.event_id;
  return {
    eventName,
    ...(eventId !== undefined && eventId !== null && eventId !== '' && { eventId: String(eventId) }),
    eventTime,
    actionSource,
    matchKeys,
  };
}

function checkUserData(userData: Record<string, unknown>, index: number): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(userData)) {
    if (value === undefined || value === null || value === '') continue;
    if ((HASHED_USER_DATA_KEYS as readonly string[]).includes(key)) {
      const values = Array.isArray(value) ? value : [value];
      if (!values.every((item) => typeof item === 'string' && SHA256_HEX.test(item))) {
        throw parameterError(
          at(index, 'user_data', key),
          'The parameter {path} must be hashed with SHA-256 (lower-case hex).',
        );
      }
    } else if (!(CLEAR_USER_DATA_KEYS as readonly string[]).includes(key)) {
      throw parameterError(
        at(index, 'user_data', key),
        'The parameter {path} is not a customer information parameter.',
      );
    }
    keys.push(key);
  }
  if (keys.length === 0) {
    throw parameterError(
      at(index, 'user_data'),
      'The parameter {path} needs at least one customer information parameter.',
    );
  }
  return keys;
}

function checkPurchase(customData: unknown, index: number): void {
  const data = (typeof customData === 'object' && customData !== null ? customData : {}) as Record<string, unknown>;
  if (data.value === undefined || !Number.isFinite(Number(data.value))) {
    throw parameterError(at(index, 'custom_data', 'value'), 'The parameter {path} is required for Purchase events.');
  }
  if (typeof data.currency !== 'string' || !/^[A-Za-z]{3}$/.test(data.currency)) {
    throw parameterError(at(index, 'custom_data', 'currency'), 'The parameter {path} is required for Purchase events.');
  }
}

/** Validates every event first, then records them all: a refused request records none. */
export function receiveServerEvents(
  log: PixelEventLog,
  pixelId: string,
  params: Record<string, string>,
  now: Date,
): ConversionsReply {
  const nowS = Math.floor(now.getTime() / 1000);
  let data: unknown;
  try {
    data = params.data === undefined ? undefined : JSON.parse(params.data);
  } catch {
    throw parameterError("$['data']", 'The parameter {path} must be a JSON array of events.');
  }
  if (data === undefined) throw parameterError("$['data']", 'The parameter {path} is required.');
  if (!Array.isArray(data) || data.length === 0) {
    throw parameterError("$['data']", 'The parameter {path} must be a non-empty array of events.');
  }
  if (data.length > MAX_EVENTS_PER_REQUEST) {
    throw parameterError(
      "$['data']",
      `The parameter {path} holds ${data.length} events; at most ${MAX_EVENTS_PER_REQUEST} are allowed.`,
    );
  }
  const events = data.map((raw, index) => checkEvent(raw, index, nowS));
  // Test events show in Events Manager's Test Events tool only: they are not counted or matched.
  if (!params.test_event_code) {
    for (const event of events) {
      log.record({ pixelId, channel: 'server', receivedAt: nowS, ...event });
    }
  }
  return { events_received: events.length, messages: [], fbtrace_id: newTraceId() };
}
