import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import * as z from 'zod';
import { BodyTooLargeError, readBody, sendHtml, sendJson } from '../http-io';
import { FaultRequestSchema, FaultSwitch } from './sink-faults';
import { sinksPage } from './sinks-page';
import { slackPayloadProblem } from './slack-payload-check';

/** Slack refuses bodies far smaller than this; the sink only guards its memory. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Requests each sink remembers; older ones drop off. */
const MAX_RECORDS = 5000;

export const SINK_NAMES = ['slack', 'webhook'] as const;
export type SinkName = (typeof SINK_NAMES)[number];

/** The path part of the local Slack webhook URL: Slack's `/services/T…/B…/<secret>` form. */
export const LOCAL_SLACK_PATH = '/slack/services/TADSMITH0/BLOCAL0000/adsmith-local-slack-secret';
export const LOCAL_WEBHOOK_PATH = '/webhook/hooks/adsmith-local-automation';

/** One request a sink received and how it answered. */
export interface SinkRecord {
  id: string;
  sink: SinkName;
  receivedAt: string;
  contentType: string | null;
  body: unknown;
  status: number;
  reply: string;
  /** The Adsmith event ids a Slack post says it carries (its metadata), for counting deliveries. */
  eventIds: string[];
}

const LimitsSchema = z
  .object({
    /** Sustained posts per second before 429 (Slack: about 1). */
    postsPerSecond: z.number().positive().max(1000),
    /** Posts allowed at once above the rate ("short bursts above 1 allowed"). */
    burst: z.number().int().min(1).max(1000),
  })
  .strict();
export type SinkLimits = z.infer<typeof LimitsSchema>;

export const DEFAULT_SLACK_LIMITS: SinkLimits = { postsPerSecond: 1, burst: 3 };

/** Slack's 1-per-second limit as a token bucket: bursts pass, a sustained flood gets 429. */
class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    public limits: SinkLimits,
    private readonly now: () => number,
  ) {
    this.#tokens = limits.burst;
    this.#at = now();
  }

  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.limits.burst, this.#tokens + ((now - this.#at) / 1000) * this.limits.postsPerSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  reset(limits: SinkLimits): void {
    this.limits = limits;
    this.#tokens = limits.burst;
    this.#at = this.now();
  }
}

function eventIdsOf(body: unknown): string[] {
  const ids = (body as { metadata?: { event_payload?: { event_ids?: unknown } } } | null)?.metadata?.event_payload
    ?.event_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** Slack's plain-text bodies for the statuses a fault can force (reference/slack/notes.md). */
const SLACK_FAULT_BODIES: Record<number, string> = {
  400: 'invalid_payload',
  403: 'action_prohibited',
  404: 'no_service',
  410: 'channel_is_archived',
  429: 'rate_limited',
  500: 'rollup_error',
  503: 'service_unavailable',
};

export interface SinksOptions {
  now?: () => number;
  slackLimits?: SinkLimits;
}

/**
 * The Slack sink and the webhook sink: stand-ins for Slack's incoming webhook and
 * the automation webhook that record every request (`GET /<sink>/requests`,
 * the page at `/`), answer as the real receivers do, and take fault switches
 * (`POST /<sink>/__admin/faults`). The Slack sink checks payloads and rate-limits
 * like Slack (plain-text bodies, 429 + Retry-After).
 */
export function sinksHandler(
  options: SinksOptions = {},
): RequestListener & { records: (sink: SinkName) => SinkRecord[] } {
  const now = options.now ?? Date.now;
  const records: Record<SinkName, SinkRecord[]> = { slack: [], webhook: [] };
  const faults: Record<SinkName, FaultSwitch> = { slack: new FaultSwitch(now), webhook: new FaultSwitch(now) };
  const bucket = new TokenBucket(options.slackLimits ?? DEFAULT_SLACK_LIMITS, now);

  const keep = (record: SinkRecord) => {
    const list = records[record.sink];
    list.push(record);
    if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
  };

  const receive = async (sink: SinkName, req: IncomingMessage, res: ServerResponse) => {
    const raw = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
    const contentType = req.headers['content-type'] ?? null;
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as text
    }
    const answer = (status: number, reply: string, headers: Record<string, string> = {}) => {
      keep({
        id: randomUUID(),
        sink,
        receivedAt: new Date(now()).toISOString(),
        contentType,
        body,
        status,
        reply,
        eventIds: status === 200 ? eventIdsOf(body) : [],
      });
      if (sink === 'slack') sendText(res, status, reply, headers);
      else sendJson(res, status, status === 200 ? { received: true } : { error: reply }, headers);
    };

    const fault = faults[sink].take();
    if (fault) {
      const headers: Record<string, string> =
        fault.status === 429 ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
      return answer(fault.status, SLACK_FAULT_BODIES[fault.status] ?? 'error', headers);
    }
    if (sink === 'slack') {
      if (!bucket.take()) return answer(429, 'rate_limited', { 'retry-after': '1' });
      const problem = slackPayloadProblem(contentType, raw);
      if (problem) return answer(400, problem);
      return answer(200, 'ok');
    }
    if (!contentType || !/^application\/json\b/i.test(contentType) || typeof body !== 'object' || body === null) {
      return answer(400, 'expected a JSON object');
    }
    return answer(200, 'ok');
  };

  const admin = async (sink: SinkName, action: string, req: IncomingMessage, res: ServerResponse) => {
    if (action === 'faults' && req.method === 'DELETE') {
      faults[sink].clear();
      return sendJson(res, 200, { fault: null });
    }
    if (action === 'faults' && req.method === 'GET') return sendJson(res, 200, { fault: faults[sink].describe() });
    if (action === 'reset' && req.method === 'POST') {
      records[sink].length = 0;
      faults[sink].clear();
      if (sink === 'slack') bucket.reset(options.slackLimits ?? DEFAULT_SLACK_LIMITS);
      return sendJson(res, 200, { reset: true });
    }
    if (req.method !== 'POST' || (action !== 'faults' && !(action === 'limits' && sink === 'slack'))) {
      return sendJson(res, 404, { error: 'Not Found' });
    }
    let json: unknown;
    try {
      json = JSON.parse((await readBody(req, 10_000)).toString('utf8'));
    } catch {
      return sendJson(res, 400, { error: 'Send a JSON body' });
    }
    if (action === 'limits') {
      const parsed = LimitsSchema.safeParse(json);
      if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues.map((i) => i.message).join('; ') });
      bucket.reset(parsed.data);
      return sendJson(res, 200, { limits: parsed.data });
    }
    const parsed = FaultRequestSchema.safeParse(json);
    if (!parsed.success) {
      return sendJson(res, 400, {
        error: `Expected {"status":429|500|...,"forMs"?:n,"count"?:n,"retryAfterSeconds"?:n}: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
          .join('; ')}`,
      });
    }
    return sendJson(res, 200, { fault: faults[sink].set(parsed.data) });
  };

  const handler: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const [, first, ...rest] = url.pathname.split('/');
    const sink = SINK_NAMES.find((name) => name === first);
    void (async () => {
      try {
        if (req.method === 'GET' && url.pathname === '/')
          return sendHtml(
            res,
            200,
            sinksPage(records, { slack: faults.slack.describe(), webhook: faults.webhook.describe() }),
          );
        if (!sink) return sendJson(res, 404, { error: 'Not Found', sinks: SINK_NAMES.map((s) => `/${s}`) });
        if (rest[0] === '__admin' && rest[1]) return await admin(sink, rest[1], req, res);
        if (req.method === 'GET' && (rest.length === 0 || rest[0] === 'requests'))
          return sendJson(res, 200, records[sink]);
        const expected = sink === 'slack' ? LOCAL_SLACK_PATH : LOCAL_WEBHOOK_PATH;
        if (req.method === 'POST' && url.pathname === expected) return await receive(sink, req, res);
        // Slack answers an unknown or removed webhook with 404 no_service.
        if (req.method === 'POST' && sink === 'slack') return sendText(res, 404, 'no_service');
        return sendJson(res, 404, { error: 'Not Found' });
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendText(res, 413, 'request_too_large');
        console.error('[sinks] request failed:', error);
        if (!res.headersSent) sendJson(res, 500, { error: 'sink failed' });
      }
    })();
  };
  return Object.assign(handler, { records: (sink: SinkName) => [...records[sink]] });
}
