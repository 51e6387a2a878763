import type { DeliveryJob, QueuedServerEvent } from '@shared/schemas/signals-endpoint';
import { countHour, eventItemKey, type DeliveriesTable } from '../lib/signals/delivery-records';
import { readStatuses, recordRejection, writeStatuses } from './delivery-state';

/** Meta's limit: "up to 1,000 events" in `data` per request (Conversions API, using-the-api). */
export const MAX_EVENTS_PER_META_REQUEST = 1_000;

/** Meta refused one event of a request (its index in `data`); the request recorded none. */
export class EventRefused extends Error {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'EventRefused';
  }
}

export interface DeliveryDeps {
  deliveries: DeliveriesTable;
  /**
   * One Conversions API request (`POST /{pixel_id}/events`) with the workspace's Meta token, its own retries with
   * backoff done (429, 5xx, timeouts: Meta de-duplicates a resent event_id, so a POST whose reply was lost is safe to
   * repeat). Throws EventRefused when Meta named one event it refuses, anything else when it could not deliver.
   */
  send: (workspaceId: string, pixelId: string, events: QueuedServerEvent[], testEventCode?: string) => Promise<void>;
  now: () => Date;
  log: (message: string, facts: Record<string, unknown>) => void;
  /** Events settled, for the operations dashboard (the health screen reads the hourly counts instead). */
  count?: (metric: 'SignalEventsDelivered' | 'SignalEventsRejected', events: number) => void;
}

export interface QueuedJob {
  messageId: string;
  job: DeliveryJob;
}

interface Pending {
  event: QueuedServerEvent;
  acceptedAt: number;
  /** Every message carrying this event (the same event may come twice: SQS delivers at least once). */
  messageIds: Set<string>;
}

/**
 * Delivers a batch of queued jobs and returns the ids of the messages to retry. Exactly once, as far as it can be:
 * SQS hands a message over at least once, so before sending, each event's status is read (consistently) and an event
 * already delivered or refused is not sent again; the events of a batch are regrouped per pixel into requests of up
 * to 1,000. The one gap left is a request Meta applied whose reply never came (a timeout) or whose status could not
 * be written after: its retry sends those events again, and Meta drops them as duplicates of the same event_name and
 * event_id within 48 hours (deduplicate-pixel-and-server-events), so Meta counts each accepted event once.
 */
export async function deliverJobs(jobs: readonly QueuedJob[], deps: DeliveryDeps): Promise<string[]> {
  const groups = new Map<string, { job: DeliveryJob; pending: Map<string, Pending> }>();
  for (const { messageId, job } of jobs) {
    const groupKey = `${job.workspaceId}\u0000${job.pixelId}\u0000${job.testEventCode ?? ''}`;
    const group = groups.get(groupKey) ?? { job, pending: new Map<string, Pending>() };
    groups.set(groupKey, group);
    for (const event of job.events) {
      const key = eventItemKey(event.event_name, event.event_id);
      const known = group.pending.get(key);
      if (known) known.messageIds.add(messageId);
      else group.pending.set(key, { event, acceptedAt: job.acceptedAt, messageIds: new Set([messageId]) });
    }
  }

  const failed = new Set<string>();
  for (const { job, pending } of groups.values()) {
    try {
      await deliverGroup(job, [...pending.values()], deps, failed);
    } catch (error) {
      // Reading or writing the statuses failed: every message of the group comes back.
      for (const item of pending.values()) for (const id of item.messageIds) failed.add(id);
      deps.log('Delivery state unavailable; the batch is retried', { pixelId: job.pixelId, error: String(error) });
    }
  }
  return [...failed];
}

async function deliverGroup(job: DeliveryJob, items: Pending[], deps: DeliveryDeps, failed: Set<string>) {
  const { workspaceId, pixelId } = job;
  const statuses = await readStatuses(
    deps.deliveries,
    workspaceId,
    pixelId,
    items.map(({ event }) => ({ eventName: event.event_name, eventId: event.event_id })),
  );
  const toSend = items.filter(({ event }) => {
    const status = statuses.get(eventItemKey(event.event_name, event.event_id));
    return status !== 'delivered' && status !== 'rejected';
  });
  const skipped = items.length - toSend.length;
  if (skipped > 0) deps.log('Events already delivered were not sent again', { pixelId, skipped });

  for (let start = 0; start < toSend.length; start += MAX_EVENTS_PER_META_REQUEST) {
    let chunk = toSend.slice(start, start + MAX_EVENTS_PER_META_REQUEST);
    // Each refusal takes one event out, so this ends after at most chunk.length rounds.
    while (chunk.length > 0) {
      try {
        await deps.send(
          workspaceId,
          pixelId,
          chunk.map((item) => item.event),
          job.testEventCode,
        );
      } catch (error) {
        if (error instanceof EventRefused && chunk[error.index]) {
          const refused = chunk[error.index]!;
          await settle(deps, job, [refused], 'rejected');
          await recordRejection(
            deps.deliveries,
            workspaceId,
            pixelId,
            { eventName: refused.event.event_name, eventId: refused.event.event_id },
            error.reason,
            deps.now(),
          );
          chunk = chunk.filter((item) => item !== refused);
          continue;
        }
        deps.log('Meta did not take the events; SQS retries them', {
          pixelId,
          events: chunk.length,
          error: String(error),
        });
        for (const item of chunk) for (const id of item.messageIds) failed.add(id);
        break;
      }
      await settle(deps, job, chunk, 'delivered');
      break;
    }
  }
}

async function settle(deps: DeliveryDeps, job: DeliveryJob, items: Pending[], status: 'delivered' | 'rejected') {
  const now = deps.now();
  await writeStatuses(
    deps.deliveries,
    job.workspaceId,
    job.pixelId,
    items.map(({ event, acceptedAt }) => ({
      eventName: event.event_name,
      eventId: event.event_id,
      status,
      acceptedAt,
    })),
    now,
  );
  deps.count?.(status === 'delivered' ? 'SignalEventsDelivered' : 'SignalEventsRejected', items.length);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const delays = items.map((item) => Math.max(0, now.getTime() - item.acceptedAt));
  // Meta's freshness: how old the event was when Meta got it, whoever held it back (the site or the queue).
  const ages = items.map((item) => Math.max(0, now.getTime() - item.event.event_time * 1000));
  await countHour(
    deps.deliveries,
    job.workspaceId,
    job.pixelId,
    now,
    status === 'delivered'
      ? {
          delivered: items.length,
          delaySumMs: sum(delays),
          delayMaxMs: Math.max(...delays),
          ageSumMs: sum(ages),
          ageMaxMs: Math.max(...ages),
        }
      : { rejected: items.length },
  );
}
