import type { RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { EventTarget } from '@shared/events';
import { AwsServiceError, serveAwsJsonCall } from '../aws-json/aws-json-protocol';
import { BodyTooLargeError, readBody, sendJson } from '../http-io';
import {
  checkPutEventsEntry,
  routeEvent,
  type BusEvent,
  type PutEventsEntry,
  type RoutingResult,
} from './event-routing';

/** How many records each list keeps; older ones drop off so a long session does not grow without end. */
const MAX_RECORDS = 1000;
/** PutEvents' own limit of entries per call. */
const MAX_ENTRIES_PER_CALL = 10;
/** Largest body a sink accepts; Slack's own limit is far below this. */
const MAX_SINK_BODY_BYTES = 1024 * 1024;

export interface AcceptedEvent extends RoutingResult {
  event: BusEvent;
  receivedAt: string;
}

/**
 * A delivery of an event to one target. Today the bus records it (the target is
 * "delivered" the moment it is routed); the Slack and webhook forwarders plug in
 * here, with retries and a dead-letter list, once forwarders exist.
 */
export interface Delivery {
  id: string;
  target: EventTarget;
  detailType: string;
  event: BusEvent;
  status: 'recorded';
  deliveredAt: string;
}

/** What a sink received over HTTP: the stand-in for Slack's and the automation webhook's inbox. */
export interface SinkRequest {
  sink: string;
  contentType: string | null;
  body: unknown;
  receivedAt: string;
}

function keepLast<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
}

export interface EventBusOptions {
  region: string;
  busName: string;
}

/**
 * The local EventBridge: PutEvents over AWS JSON 1.1, rules from the events table,
 * and inspection endpoints (`GET /events`, `/deliveries`, `/dead-letters`, `/sinks/<name>`).
 */
export function eventBusHandler({ region, busName }: EventBusOptions): RequestListener {
  const accepted: AcceptedEvent[] = [];
  const deliveries: Delivery[] = [];
  const sinkRequests: SinkRequest[] = [];

  const operations = {
    PutEvents(input: Record<string, unknown>) {
      const entries = input.Entries;
      if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES_PER_CALL) {
        throw new AwsServiceError('ValidationException', `Entries must hold 1 to ${MAX_ENTRIES_PER_CALL} entries.`);
      }
      let failed = 0;
      const results = entries.map((raw: unknown) => {
        const entry = (raw && typeof raw === 'object' ? raw : {}) as PutEventsEntry;
        const check = checkPutEventsEntry(entry, [busName, 'default']);
        if (!check.ok) {
          failed += 1;
          return { ErrorCode: check.errorCode, ErrorMessage: check.errorMessage };
        }
        const event: BusEvent = {
          version: '0',
          id: randomUUID(),
          'detail-type': entry.DetailType as string,
          source: entry.Source as string,
          account: '000000000000',
          time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          region,
          resources: Array.isArray(entry.Resources)
            ? entry.Resources.filter((r): r is string => typeof r === 'string')
            : [],
          detail: check.detail,
        };
        const routing = routeEvent(event);
        const receivedAt = new Date().toISOString();
        keepLast(accepted, { event, receivedAt, ...routing });
        if (routing.detailProblems.length > 0) {
          console.warn(
            `[event-bus] ${event['detail-type']} detail does not match the events table: ${routing.detailProblems.join('; ')}`,
          );
        }
        for (const target of routing.targets) {
          keepLast(deliveries, {
            id: randomUUID(),
            target,
            detailType: event['detail-type'],
            event,
            status: 'recorded',
            deliveredAt: receivedAt,
          });
        }
        return { EventId: event.id };
      });
      return { FailedEntryCount: failed, Entries: results };
    },
  };

  return (req, res) => {
    void serveAwsJsonCall(req, res, 'AWSEvents', operations).then(async (served) => {
      if (served) return;
      const url = new URL(req.url ?? '/', 'http://local');
      const sink = /^\/sinks\/([a-z0-9-]{1,40})$/.exec(url.pathname)?.[1];
      if (req.method === 'GET' && url.pathname === '/events') {
        const detailType = url.searchParams.get('detailType');
        return sendJson(
          res,
          200,
          detailType ? accepted.filter((a) => a.event['detail-type'] === detailType) : accepted,
        );
      }
      if (req.method === 'GET' && url.pathname === '/deliveries') {
        const target = url.searchParams.get('target');
        const detailType = url.searchParams.get('detailType');
        return sendJson(
          res,
          200,
          deliveries.filter((d) => (!target || d.target === target) && (!detailType || d.detailType === detailType)),
        );
      }
      // Stub: nothing can fail yet, so nothing is dead-lettered; forwarders will fill this.
      if (req.method === 'GET' && url.pathname === '/dead-letters') return sendJson(res, 200, []);
      if (sink && req.method === 'GET')
        return sendJson(
          res,
          200,
          sinkRequests.filter((r) => r.sink === sink),
        );
      if (sink && req.method === 'POST') {
        try {
          const text = (await readBody(req, MAX_SINK_BODY_BYTES)).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Keep non-JSON bodies as text: the sink records what it was sent.
          }
          keepLast(sinkRequests, {
            sink,
            contentType: req.headers['content-type'] ?? null,
            body,
            receivedAt: new Date().toISOString(),
          });
          // Slack answers a good webhook call with a plain "ok".
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('ok');
        } catch (error) {
          return sendJson(res, error instanceof BodyTooLargeError ? 413 : 400, { message: 'Bad sink request' });
        }
      }
      if (req.method === 'GET' && url.pathname === '/') {
        return sendJson(res, 200, {
          busName,
          endpoints: ['/events', '/deliveries', '/dead-letters', '/sinks/slack', '/sinks/webhook'],
        });
      }
      sendJson(res, 404, { message: 'Not Found' });
    });
  };
}
