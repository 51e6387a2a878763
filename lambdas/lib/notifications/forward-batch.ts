import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import type { NotificationTarget } from '@shared/schemas/notifications';
import type { DedupeStore } from './dedupe-store';
import type { DeliveryLog } from './delivery-log';
import { MalformedRecordError, parseForwardedEvent, type ForwardedEvent } from './forwarded-event';
import type { PostJson, PostReply } from './post-json';
import type { PostPacer } from './post-pacer';

/** One outgoing post and the events it carries. */
export interface OutgoingPost {
  payload: unknown;
  events: ForwardedEvent[];
}

export interface ForwardDeps {
  target: NotificationTarget;
  url: string;
  post: PostJson;
  pacer: PostPacer;
  dedupe: DedupeStore;
  deliveries: DeliveryLog;
  /** Milliseconds left in this invocation (context.getRemainingTimeInMillis). */
  remainingMs: () => number;
  now?: () => number;
  /** Back-off before retrying a 5xx or a network error within the invocation. */
  serverErrorBackoffMs: number;
  /** Attempts per post for 5xx and network errors before its records go back to the queue. */
  serverErrorAttempts: number;
  log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
  /** `ClicksCounted`: clicks the operators' setting counts instead of posting (shared/slack-clicks.ts). */
  count: (
    metric: 'Delivered' | 'DeliveryFailed' | 'DuplicateSkipped' | 'RateLimited' | 'ClicksCounted',
    value: number,
  ) => void;
}

/** Time kept in reserve so the invocation can report its failures before Lambda stops it. */
const SAFETY_MS = 2_000;

function describe(reply: PostReply): string {
  if (reply.status === 0) return `no reply (${reply.body})`;
  if (reply.status === 429)
    return `429 rate limited${reply.retryAfterSeconds !== undefined ? `, retry after ${reply.retryAfterSeconds} s` : ''}`;
  return `${reply.status} ${reply.body}`.trim();
}

/**
 * Delivers one SQS batch: parse each record, skip events already delivered,
 * build the posts, send them paced and honouring Retry-After, and report only
 * the records whose events did not get through (partial batch response), so
 * SQS retries exactly those and, after maxReceiveCount, dead-letters them.
 */
export async function forwardBatch(
  records: readonly SQSRecord[],
  buildPosts: (events: ForwardedEvent[]) => OutgoingPost[],
  deps: ForwardDeps,
): Promise<SQSBatchResponse> {
  const now = deps.now ?? Date.now;
  const deadline = now() + deps.remainingMs() - SAFETY_MS;
  const failed = new Set<string>();
  const recordsByKey = new Map<string, string[]>();
  const events: ForwardedEvent[] = [];

  for (const record of records) {
    try {
      const event = parseForwardedEvent(record.body);
      const known = recordsByKey.get(event.dedupeKey);
      if (known) known.push(record.messageId);
      else {
        recordsByKey.set(event.dedupeKey, [record.messageId]);
        events.push(event);
      }
    } catch (error) {
      // It can never succeed; failing it sends it to the DLQ after maxReceiveCount, where an operator sees it.
      deps.log('error', 'Unreadable notification record', {
        messageId: record.messageId,
        reason: error instanceof MalformedRecordError ? error.message : String(error),
      });
      failed.add(record.messageId);
    }
  }

  const already = events.length > 0 ? await deps.dedupe.delivered(events.map((e) => e.dedupeKey)) : new Set<string>();
  const fresh = events.filter((e) => !already.has(e.dedupeKey));
  if (already.size > 0) deps.count('DuplicateSkipped', events.length - fresh.length);

  const posts = fresh.length > 0 ? buildPosts(fresh) : [];
  let giveUp = false;
  for (const post of posts) {
    const delivered = !giveUp && (await sendPost(post, deadline, deps, now));
    if (delivered) {
      await deps.dedupe.markDelivered(post.events.map((e) => e.dedupeKey));
      deps.count('Delivered', post.events.length);
      continue;
    }
    // Once the receiver is refusing, the remaining posts go back to the queue untried.
    giveUp = true;
    deps.count('DeliveryFailed', post.events.length);
    for (const event of post.events) for (const id of recordsByKey.get(event.dedupeKey) ?? []) failed.add(id);
  }

  return { batchItemFailures: [...failed].map((itemIdentifier) => ({ itemIdentifier })) };
}

async function sendPost(post: OutgoingPost, deadline: number, deps: ForwardDeps, now: () => number): Promise<boolean> {
  const detailTypes = [...new Set(post.events.map((e) => e.detailType))];
  let serverErrors = 0;
  for (;;) {
    if (!(await deps.pacer.take(deadline))) {
      deps.log('warn', 'No time left to post in this invocation; records go back to the queue', {
        target: deps.target,
        events: post.events.length,
      });
      return false;
    }
    const reply = await deps.post(deps.url, post.payload);
    const ok = reply.status >= 200 && reply.status < 300;
    await deps.deliveries
      .record({
        target: deps.target,
        detailTypes,
        eventCount: post.events.length,
        status: ok ? 'delivered' : 'failed',
        httpStatus: reply.status,
        ...(ok ? {} : { note: describe(reply) }),
      })
      // The delivery log is for people; losing a line of it must not fail a delivery.
      .catch((error: unknown) => deps.log('warn', 'Delivery log write failed', { error: String(error) }));
    if (ok) return true;

    if (reply.status === 429) {
      deps.count('RateLimited', 1);
      const seconds = reply.retryAfterSeconds ?? 1;
      deps.pacer.holdFor(seconds * 1000);
      deps.log('warn', 'Rate limited; waiting as Retry-After says', {
        target: deps.target,
        retryAfterSeconds: seconds,
      });
      continue;
    }
    if (reply.status === 0 || reply.status >= 500) {
      serverErrors += 1;
      deps.log('warn', 'Post failed; will retry', { target: deps.target, status: reply.status, attempt: serverErrors });
      if (serverErrors >= deps.serverErrorAttempts) return false;
      deps.pacer.holdFor(deps.serverErrorBackoffMs * 2 ** (serverErrors - 1));
      if (now() + deps.pacer.waitMs() > deadline) return false;
      continue;
    }
    // 4xx other than 429: the payload or the webhook itself is wrong; retrying now will not help.
    deps.log('error', 'Post refused', { target: deps.target, status: reply.status, reply: reply.body });
    return false;
  }
}
