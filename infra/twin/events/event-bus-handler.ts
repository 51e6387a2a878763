import type { RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { EventTarget } from '@shared/events';
import { AwsServiceError, serveAwsJsonCall } from '../aws-json/aws-json-protocol';
import { sendJson } from '../http-io';
import type { DeadLetter, LocalQueue } from './local-queue';
import { queueAlarms } from './queue-alarms';
import {
  checkPutEventsEntry,
  routeEvent,
  type BusEvent,
  type PutEventsEntry,
  type RoutingResult,
} from './event-routing';

/** How many records each list keeps; older ones drop off so a long session does not grow without end. */
const MAX_RECORDS = 5000;
/** PutEvents' own limit of entries per call. */
const MAX_ENTRIES_PER_CALL = 10;

export interface AcceptedEvent extends RoutingResult {
  event: BusEvent;
  receivedAt: string;
}

/**
 * A rule delivering an event to its target: the target's SQS queue (from the
 * queues table), whose forwarder then posts it. `failed` means the target did
 * not take it (no queue for the target); such events are on the dead-letter list.
 */
export interface Delivery {
  id: string;
  target: EventTarget;
  detailType: string;
  event: BusEvent;
  status: 'queued' | 'failed';
  /** The SQS message id in the target's queue. */
  messageId?: string;
  deliveredAt: string;
}

function keepLast<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
}

export interface EventBusOptions {
  region: string;
  busName: string;
  /** The queue of each target; a target without one fails to take its events (dead-lettered). */
  queues?: Partial<Record<EventTarget, LocalQueue>>;
}

/**
 * The local EventBridge: PutEvents over AWS JSON 1.1, rules from the events table
 * delivering to the targets' queues, and inspection endpoints (`GET /events`,
 * `/deliveries`, `/queues`, `/alarms`, `/dead-letters`; `POST /queues/<name>/redrive`).
 */
export function eventBusHandler({ region, busName, queues = {} }: EventBusOptions): RequestListener {
  const accepted: AcceptedEvent[] = [];
  const deliveries: Delivery[] = [];
  // Events a rule's target failed to take (EventBridge's own target DLQ).
  const targetFailures: DeadLetter[] = [];

  const operations = {
    async PutEvents(input: Record<string, unknown>) {
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
          const queue = queues[target];
          const messageId = queue?.send(JSON.stringify(event));
          if (!messageId) {
            keepLast(targetFailures, {
              queue: `events-${target}-target`,
              messageId: event.id,
              body: JSON.stringify(event),
              receiveCount: 0,
              sentAt: receivedAt,
              deadLetteredAt: receivedAt,
            });
          }
          keepLast(deliveries, {
            id: randomUUID(),
            target,
            detailType: event['detail-type'],
            event,
            status: messageId ? 'queued' : 'failed',
            ...(messageId ? { messageId } : {}),
            deliveredAt: receivedAt,
          });
        }
        return { EventId: event.id };
      });
      // Accepted means kept: the answer waits until the queued events are on disk, as SQS keeps them.
      await Promise.all(Object.values(queues).map((queue) => queue?.settled()));
      return { FailedEntryCount: failed, Entries: results };
    },
  };

  return (req, res) => {
    void serveAwsJsonCall(req, res, 'AWSEvents', operations).then(async (served) => {
      if (served) return;
      const url = new URL(req.url ?? '/', 'http://local');
      const allQueues = Object.values(queues);
      const redrive = /^\/queues\/([a-z0-9-]{1,80})\/redrive$/.exec(url.pathname)?.[1];
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
      if (req.method === 'GET' && url.pathname === '/dead-letters') {
        return sendJson(res, 200, [...targetFailures, ...allQueues.flatMap((q) => q.deadLetters())]);
      }
      if (req.method === 'GET' && url.pathname === '/queues')
        return sendJson(
          res,
          200,
          allQueues.map((q) => q.stats()),
        );
      if (req.method === 'GET' && url.pathname === '/alarms') {
        return sendJson(
          res,
          200,
          queueAlarms(allQueues.map((q) => ({ declaration: q.declaration, stats: q.stats() }))),
        );
      }
      if (req.method === 'POST' && redrive) {
        const queue = allQueues.find((q) => q.declaration.name === redrive || `${q.declaration.name}-dlq` === redrive);
        if (!queue) return sendJson(res, 404, { message: `No queue ${redrive}` });
        return sendJson(res, 200, { redriven: queue.redrive() });
      }
      if (req.method === 'GET' && url.pathname === '/') {
        return sendJson(res, 200, {
          busName,
          endpoints: ['/events', '/deliveries', '/queues', '/alarms', '/dead-letters', 'POST /queues/<name>/redrive'],
        });
      }
      sendJson(res, 404, { message: 'Not Found' });
    });
  };
}
