import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { DedupeStore } from '@lambdas/lib/notifications/dedupe-store';
import type { DeliveryLog, DeliveryRecord } from '@lambdas/lib/notifications/delivery-log';
import { forwardBatch, type ForwardDeps } from '@lambdas/lib/notifications/forward-batch';
import type { PostReply } from '@lambdas/lib/notifications/post-json';
import { parseRetryAfter } from '@lambdas/lib/notifications/post-json';
import { PostPacer } from '@lambdas/lib/notifications/post-pacer';
import { slackPosts } from '@lambdas/slack-forwarder/slack-posts';

/** A virtual clock: sleeping advances time instantly, so pacing is tested without waiting. */
function virtualClock() {
  let t = 1_000_000;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

function record(id: string, detailType: string, detail: Record<string, unknown>): SQSRecord {
  return {
    messageId: `m-${id}`,
    body: JSON.stringify({
      id,
      'detail-type': detailType,
      source: 'adsmith.app',
      time: '2026-11-22T10:00:00Z',
      detail,
    }),
  } as SQSRecord;
}

const click = (id: string) => record(id, 'button_click', { buttonText: 'Go', page: '/' });

function harness(replies: PostReply[], delivered: string[] = []) {
  const clock = virtualClock();
  const posts: { at: number; payload: unknown }[] = [];
  const marked: string[] = [];
  const log: DeliveryRecord[] = [];
  const dedupe: DedupeStore = {
    delivered: async (keys) => new Set(keys.filter((k) => delivered.includes(k))),
    markDelivered: async (keys) => void marked.push(...keys),
  };
  const deliveries: DeliveryLog = { record: async (d) => void log.push(d), recent: async () => [] };
  const deps: ForwardDeps = {
    target: 'slack',
    url: 'https://hooks.slack.test/services/T/B/x',
    post: async (_url, payload) => {
      posts.push({ at: clock.now(), payload });
      return replies.shift() ?? { status: 200, body: 'ok' };
    },
    pacer: new PostPacer(1000, clock),
    dedupe,
    deliveries,
    remainingMs: () => 60_000,
    now: clock.now,
    serverErrorBackoffMs: 1000,
    serverErrorAttempts: 3,
    log: () => undefined,
    count: () => undefined,
  };
  return { deps, posts, marked, log, clock };
}

describe('forwardBatch', () => {
  it('posts a batch of clicks once, as one digest, and marks them delivered', async () => {
    const h = harness([]);
    const result = await forwardBatch([click('a'), click('b'), click('c')], slackPosts, h.deps);
    expect(result.batchItemFailures).toEqual([]);
    expect(h.posts).toHaveLength(1);
    expect(h.marked.sort()).toEqual(['event:a', 'event:b', 'event:c']);
  });

  it('skips events already delivered and the same event twice in one batch', async () => {
    const h = harness([], ['event:a']);
    const result = await forwardBatch([click('a'), click('b'), click('b')], slackPosts, h.deps);
    expect(result.batchItemFailures).toEqual([]);
    expect(h.posts).toHaveLength(1);
    expect(
      (h.posts[0]!.payload as { metadata: { event_payload: { event_ids: string[] } } }).metadata.event_payload
        .event_ids,
    ).toEqual(['event:b']);
  });

  it('waits out Retry-After on a 429 and then delivers, without failing anything', async () => {
    const h = harness([{ status: 429, body: 'rate_limited', retryAfterSeconds: 7 }]);
    const result = await forwardBatch([click('a')], slackPosts, h.deps);
    expect(result.batchItemFailures).toEqual([]);
    expect(h.posts).toHaveLength(2);
    expect(h.posts[1]!.at - h.posts[0]!.at).toBe(7000);
    expect(h.log.map((l) => l.status)).toEqual(['failed', 'delivered']);
    expect(h.log[0]!.note).toBe('429 rate limited, retry after 7 s');
  });

  it('retries a 5xx with back-off, then reports only that post’s records as failed', async () => {
    const h = harness([
      { status: 500, body: 'rollup_error' },
      { status: 500, body: 'rollup_error' },
      { status: 500, body: 'rollup_error' },
    ]);
    const result = await forwardBatch([click('a'), click('b')], slackPosts, h.deps);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m-a', 'm-b']);
    expect(h.posts).toHaveLength(3);
    // 1 s then 2 s between attempts.
    expect(h.posts.slice(1).map((p, i) => p.at - h.posts[i]!.at)).toEqual([1000, 2000]);
    expect(h.marked).toEqual([]);
  });

  it('fails a record it cannot read without touching the good ones (partial batch response)', async () => {
    const h = harness([]);
    const bad = { messageId: 'm-bad', body: '{"nope":true}' } as SQSRecord;
    const result = await forwardBatch([bad, click('a')], slackPosts, h.deps);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-bad' }]);
    expect(h.marked).toEqual(['event:a']);
  });

  it('keeps at least the pacer’s interval between posts across batches', async () => {
    const h = harness([]);
    await forwardBatch([record('s1', 'signup', { email: 'a', name: 'b', userId: 'u1' })], slackPosts, h.deps);
    await forwardBatch([record('s2', 'signup', { email: 'a', name: 'b', userId: 'u2' })], slackPosts, h.deps);
    expect(h.posts[1]!.at - h.posts[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('gives a refused post (4xx) back to the queue at once, with the following posts', async () => {
    const h = harness([{ status: 404, body: 'no_service' }]);
    const many = Array.from({ length: 30 }, (_, i) =>
      record(`s${i}`, 'signup', { email: 'a', name: 'b', userId: `u${i}` }),
    );
    const result = await forwardBatch(many, slackPosts, h.deps);
    expect(h.posts).toHaveLength(1);
    expect(result.batchItemFailures).toHaveLength(30);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
