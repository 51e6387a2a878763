import { createHash, randomInt } from 'node:crypto';
import { GraphError, invalidParameter } from './graph-error.js';
import type { CustomAudience, UploadSession } from './custom-audiences.js';

/**
 * `POST|DELETE /{audience_id}/users`: adding people to a customer list, or removing them, as Meta takes them
 * (developers.facebook.com/docs/marketing-api/reference/custom-audience/users):
 * - `payload={schema, data}`: `schema` one key (`EMAIL_SHA256`, `PHONE_SHA256`, `MOBILE_ADVERTISER_ID`) or an array
 *   of several for multi-key matching (`EXTERN_ID EMAIL PHONE GEN DOBY DOBM DOBD LN FN FI CT ST ZIP MADID COUNTRY`),
 *   `data` a list of rows (a list of values for a single key), an unknown value left blank;
 * - "You can add an unlimited number of records for an audience, but only a maximum of 10000 at a time";
 * - `session={session_id, batch_seq, last_batch_flag, estimated_num_total}` ties the parts of one upload together
 *   (the Custom Audience Session node counts num_received, num_invalid_entries, num_matched per session);
 * - the reply is `{audience_id, session_id, num_received, num_invalid_entries, invalid_entry_samples}`
 *   (facebook-php-business-sdk issue #337 shows it, with an empty `invalid_entry_samples`);
 * - a list created with multi-key rows refuses single-key ones and the reverse, with #2650 "This audience was created
 *   from data source FILE_IMPORTED.MULTI_HASHES, which does not support data source FILE_IMPORTED.HASHES_OR_USER_IDS"
 *   (facebook-python-business-sdk issue #433).
 * Values must arrive SHA-256 hashed (Meta: "You must hash … with SHA256"; only EXTERN_ID and MADID may be plain):
 * a plain value is counted as an invalid entry, never matched, so a product that forgot to hash sees it at once.
 */
export const MAX_ROWS_PER_REQUEST = 10_000;

const SINGLE_KEYS = ['EMAIL_SHA256', 'PHONE_SHA256', 'MOBILE_ADVERTISER_ID'] as const;
const MULTI_KEYS = [
  'EXTERN_ID',
  'EMAIL',
  'PHONE',
  'GEN',
  'DOBY',
  'DOBM',
  'DOBD',
  'LN',
  'FN',
  'FI',
  'CT',
  'ST',
  'ZIP',
  'MADID',
  'COUNTRY',
] as const;
const PLAIN_ALLOWED = new Set(['EXTERN_ID', 'MADID', 'MOBILE_ADVERTISER_ID']);
const SHA256_HEX = /^[a-f0-9]{64}$/;
const MULTI_HASHES = 'FILE_IMPORTED.MULTI_HASHES';
const SINGLE_HASHES = 'FILE_IMPORTED.HASHES_OR_USER_IDS';

/**
 * How often a key finds a Meta user: emails match about half the time, phones a third, a name with a place an
 * eighth, as advertisers report for customer lists (a list with email and phone lands near 65 %, Meta's
 * "good" range). A value's draw is fixed by its hash, so the same person always matches or never does.
 */
const MATCH_RATE: Partial<Record<string, number>> = {
  EMAIL: 0.52,
  EMAIL_SHA256: 0.52,
  PHONE: 0.3,
  PHONE_SHA256: 0.3,
  MADID: 0.4,
  MOBILE_ADVERTISER_ID: 0.4,
};
const NAME_AND_PLACE_RATE = 0.12;

export interface UsersReply {
  audience_id: string;
  session_id: string;
  num_received: number;
  num_invalid_entries: number;
  invalid_entry_samples: Record<string, string>;
}

interface Payload {
  schema: string[];
  multiKey: boolean;
  rows: unknown[][];
}

function parseJsonParam(params: Record<string, string>, name: string): unknown {
  const raw = params[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidParameter(`(#100) param ${name} must be a JSON object`, { blame: [name] });
  }
}

function parsePayload(params: Record<string, string>): Payload {
  const payload = parseJsonParam(params, 'payload');
  if (payload === undefined) throw invalidParameter('(#100) The parameter payload is required');
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw invalidParameter('(#100) param payload must be a JSON object', { blame: ['payload'] });
  const { schema, data } = payload as { schema?: unknown; data?: unknown };
  const multiKey = Array.isArray(schema);
  const keys = multiKey ? schema : [schema];
  const allowed: readonly string[] = multiKey ? MULTI_KEYS : [...SINGLE_KEYS, ...MULTI_KEYS];
  if (keys.length === 0 || !keys.every((key): key is string => typeof key === 'string' && allowed.includes(key))) {
    throw invalidParameter(`(#100) payload.schema must be one of {${allowed.join(', ')}} or an array of them`, {
      blame: ['payload'],
    });
  }
  if (new Set(keys).size !== keys.length)
    throw invalidParameter('(#100) payload.schema names a key twice', { blame: ['payload'] });
  if (!Array.isArray(data)) throw invalidParameter('(#100) payload.data must be an array', { blame: ['payload'] });
  if (data.length === 0) throw invalidParameter('(#100) payload.data is empty', { blame: ['payload'] });
  if (data.length > MAX_ROWS_PER_REQUEST) {
    throw invalidParameter(
      `(#100) payload.data has ${data.length} entries: at most ${MAX_ROWS_PER_REQUEST} may be sent in one request`,
      { blame: ['payload'] },
    );
  }
  const rows = data.map((row) => (multiKey ? (Array.isArray(row) ? row : [row]) : [Array.isArray(row) ? row[0] : row]));
  return { schema: keys, multiKey, rows };
}

function drawFor(key: string, value: string): number {
  return createHash('sha256').update(`match:${key}:${value}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The person a valid row finds (one key that matched), or undefined when it finds nobody. */
function matchRow(schema: string[], values: string[]): string | undefined {
  for (let index = 0; index < schema.length; index += 1) {
    const key = schema[index]!;
    const value = values[index]!;
    const rate = MATCH_RATE[key];
    if (value && rate !== undefined && drawFor(key, value) < rate) return `${key.replace('_SHA256', '')}:${value}`;
  }
  const at = (key: string) => values[schema.indexOf(key)] ?? '';
  const place = at('CT') || at('ZIP') || at('ST');
  if (at('FN') && at('LN') && place && drawFor('NAME_PLACE', `${at('FN')}|${at('LN')}|${place}`) < NAME_AND_PLACE_RATE)
    return `NAME:${at('FN')}|${at('LN')}|${place}`;
  return undefined;
}

/** A row's values when it is valid, else the reason it is not. */
function checkRow(schema: string[], row: unknown[]): string[] | { reason: string; sample: string } {
  if (row.length !== schema.length) {
    return { reason: `The row has ${row.length} values for ${schema.length} keys`, sample: JSON.stringify(row) };
  }
  const values: string[] = [];
  for (let index = 0; index < schema.length; index += 1) {
    const raw = row[index];
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    const key = schema[index]!;
    if (value !== '' && !PLAIN_ALLOWED.has(key) && !SHA256_HEX.test(value)) {
      return { reason: `${key} is not a lower-case SHA-256 hash`, sample: value };
    }
    values.push(value);
  }
  if (values.every((value) => value === '')) return { reason: 'The row is empty', sample: JSON.stringify(row) };
  return values;
}

interface SessionParam {
  id: string;
  batchSeq: number;
  last: boolean;
}

function parseSession(params: Record<string, string>): SessionParam | undefined {
  const session = parseJsonParam(params, 'session');
  if (session === undefined) return undefined;
  const { session_id: id, batch_seq: seq, last_batch_flag: last } = (session ?? {}) as Record<string, unknown>;
  if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d+$/.test(String(id)))
    throw invalidParameter('(#100) session.session_id must be a positive integer', { blame: ['session'] });
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1)
    throw invalidParameter('(#100) session.batch_seq must be an integer from 1', { blame: ['session'] });
  if (last !== undefined && typeof last !== 'boolean')
    throw invalidParameter('(#100) session.last_batch_flag must be a boolean', { blame: ['session'] });
  return { id: String(id), batchSeq: seq, last: last === true };
}

function failedUpdate(detail: string): GraphError {
  return new GraphError(400, {
    message: `(#2650) Failed to update the custom audience: ${detail}`,
    type: 'OAuthException',
    code: 2650,
  });
}

/** Adds (`POST`) or removes (`DELETE`) the rows of one request; the list's people change at once. */
export function changeUsers(
  audience: CustomAudience,
  operation: 'add' | 'remove',
  params: Record<string, string>,
  nowS: number,
): UsersReply {
  if (audience.subtype !== 'CUSTOM') {
    const made = dataSourceOf(audience);
    throw failedUpdate(
      `This audience was created from data source ${made.type}.${made.sub_type}, which does not support data source ${SINGLE_HASHES}.`,
    );
  }
  const payload = parsePayload(params);
  const source = payload.multiKey ? MULTI_HASHES : SINGLE_HASHES;
  if (audience.uploadSource !== undefined && audience.uploadSource !== source) {
    throw failedUpdate(
      `This audience was created from data source ${audience.uploadSource}, which does not support data source ${source}.`,
    );
  }
  const sessionParam = parseSession(params);
  const session = openSession(audience, sessionParam, nowS);

  const samples: Record<string, string> = {};
  let invalid = 0;
  let matched = 0;
  for (const row of payload.rows) {
    const checked = checkRow(payload.schema, row);
    if (!Array.isArray(checked)) {
      invalid += 1;
      if (Object.keys(samples).length < 10) samples[checked.sample] = checked.reason;
      continue;
    }
    const person = matchRow(payload.schema, checked);
    if (person === undefined) continue;
    matched += 1;
    if (operation === 'add') audience.members.add(person);
    else audience.members.delete(person);
  }
  audience.uploadSource = source;
  audience.received += payload.rows.length;
  audience.invalid += invalid;
  audience.timeContentUpdated = nowS;
  audience.timeUpdated = nowS;
  session.received += payload.rows.length;
  session.invalid += invalid;
  session.matched += matched;
  if (sessionParam?.last) {
    session.finished = true;
    session.endedAt = nowS;
  }
  return {
    audience_id: audience.id,
    session_id: session.id,
    num_received: payload.rows.length,
    num_invalid_entries: invalid,
    invalid_entry_samples: samples,
  };
}

function openSession(audience: CustomAudience, param: SessionParam | undefined, nowS: number): UploadSession {
  if (param === undefined) {
    const session: UploadSession = {
      id: String(randomInt(1, 2 ** 47)),
      received: 0,
      invalid: 0,
      matched: 0,
      lastBatchSeq: 1,
      finished: true,
      startedAt: nowS,
      endedAt: nowS,
    };
    audience.sessions.set(session.id, session);
    return session;
  }
  const existing = audience.sessions.get(param.id);
  if (existing?.finished) {
    throw invalidParameter(
      `(#100) Upload session ${param.id} already received its last batch: start a new session_id`,
      { blame: ['session'] },
    );
  }
  const session = existing ?? {
    id: param.id,
    received: 0,
    invalid: 0,
    matched: 0,
    lastBatchSeq: 0,
    finished: false,
    startedAt: nowS,
  };
  session.lastBatchSeq = Math.max(session.lastBatchSeq, param.batchSeq);
  audience.sessions.set(session.id, session);
  return session;
}

/** `data_source` as Meta reads it back: how the audience was made. */
export function dataSourceOf(audience: CustomAudience): { type: string; sub_type: string; creation_params?: string } {
  switch (audience.subtype) {
    case 'CUSTOM':
      return audience.uploadSource === undefined
        ? { type: 'UNKNOWN', sub_type: 'ANYTHING' }
        : { type: 'FILE_IMPORTED', sub_type: audience.uploadSource.split('.')[1]! };
    case 'WEBSITE':
      return {
        type: 'EVENT_BASED',
        sub_type: 'WEB_PIXEL_HITS',
        creation_params: JSON.stringify({ prefill: audience.prefill ? 'true' : 'false' }),
      };
    case 'ENGAGEMENT':
      return {
        type: 'EVENT_BASED',
        sub_type: 'ENGAGEMENT_EVENTS',
        creation_params: JSON.stringify({ prefill: 'true' }),
      };
    case 'LOOKALIKE':
      return { type: 'LOOKALIKE', sub_type: 'ANYTHING' };
  }
}
