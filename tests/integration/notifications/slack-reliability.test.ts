import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues } from '@shared/queues';
import { api, cognitoClient, eventually, signIn, twin } from '../twin-client';
import { SCALED_NOTIFICATIONS, TIME_SCALE } from './scaled-timings';
import {
  alarms,
  busEvents,
  clearSlackFault,
  deadLetters,
  deliveredCounts,
  queueStats,
  setSlackFault,
  slackRequests,
} from './sink-client';

/**
 * The Slack pipe's reliability, scaled down TIME_SCALE× so CI runs it in seconds:
 * the twin's post spacing, visibility timeout and back-off are divided by the
 * same factor as the sink's fault windows. `npm run bench` replays it at full
 * length (20 s of 429, 10 s of 500, 1 post/s).
 */
const CLICKS = 1000;
const RATE_LIMITED_MS = 20_000 / TIME_SCALE;
const FAILING_MS = 10_000 / TIME_SCALE;
const POST_INTERVAL_MS = SCALED_NOTIFICATIONS.minPostIntervalMs!;
/** Spacing is checked over this many consecutive gaps, so one late arrival cannot fail it. */
const PACED_RUN = 5;

const client = cognitoClient();
let token: string;

beforeAll(async () => {
  const { demoUser } = twin();
  token = (await signIn(client, demoUser.email, demoUser.password)).AccessToken as string;
});
afterAll(async () => {
  await clearSlackFault();
  client.destroy();
});

async function sendClicks(marker: string, count: number): Promise<void> {
  const batches = Math.ceil(count / 50);
  for (let b = 0; b < batches; b += 1) {
    const notifications = Array.from({ length: Math.min(50, count - b * 50) }, (_, i) => ({
      type: 'button_click',
      data: { buttonText: `Button ${(b * 50 + i) % 7}`, page: `/reliability/${marker}` },
      timestamp: new Date().toISOString(),
    }));
    const reply = await api('/api/notifications/batch', {
      method: 'POST',
      token,
      body: JSON.stringify({ notifications }),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(202);
  }
}

async function clickIds(marker: string): Promise<string[]> {
  return (await busEvents<{ page: string }>('button_click'))
    .filter((e) => e.event.detail.page === `/reliability/${marker}`)
    .map((e) => `event:${e.event.id}`);
}

describe(`Slack reliability (scaled ${TIME_SCALE}× down; full length in npm run bench)`, () => {
  it(`delivers ${CLICKS} clicks exactly once in digests through ${RATE_LIMITED_MS} ms of 429 then ${FAILING_MS} ms of 500, paced, with an empty DLQ`, async () => {
    const marker = randomUUID().slice(0, 8);
    const startedAt = new Date().toISOString();
    // The windows start at Slack's first refusal, not at the test's start, so a slow machine cannot skip them.
    await setSlackFault({ status: 429 });
    const faults = (async () => {
      const first = await eventually(
        async () => (await slackRequests()).find((r) => r.status === 429 && r.receivedAt >= startedAt),
        'the first 429',
        30_000,
      );
      const wait = Date.parse(first.receivedAt) + RATE_LIMITED_MS - Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      await setSlackFault({ status: 500, forMs: FAILING_MS });
    })();
    try {
      await sendClicks(marker, CLICKS);
      await faults;
      const ids = await eventually(
        async () => {
          const found = await clickIds(marker);
          return found.length === CLICKS ? found : undefined;
        },
        'every click on the bus',
        20_000,
      );

      const rows = await eventually(
        async () => {
          const all = await slackRequests();
          const counts = deliveredCounts(all);
          return ids.every((id) => counts.has(id)) ? all : undefined;
        },
        'every click delivered to Slack',
        60_000,
      );

      // Exactly once: no click in two accepted posts.
      const counts = deliveredCounts(rows);
      expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
      // In digests: far fewer posts than clicks, each saying how many clicks it stands for.
      const mine = rows.filter((r) => r.receivedAt >= startedAt);
      const accepted = mine.filter((r) => r.status === 200 && r.eventIds.some((id) => ids.includes(id)));
      expect(accepted.length).toBeLessThanOrEqual(CLICKS / 10);
      // A digest may share its post with other suites' events (a campaign, a signup) and their clicks,
      // so each digest's figure is checked against the clicks it carries, whoever sent them.
      const allClicks = new Set((await busEvents('button_click')).map((e) => `event:${e.event.id}`));
      for (const post of accepted) {
        const carried = post.eventIds.filter((id) => allClicks.has(id)).length;
        expect(post.body.text).toContain(`${carried} button click`);
      }
      // The faults really happened, and were answered by waiting rather than hammering.
      expect(mine.some((r) => r.status === 429)).toBe(true);
      expect(mine.some((r) => r.status === 500)).toBe(true);
      expect(mine.filter((r) => r.status === 429).length).toBeLessThanOrEqual(3);
      // Paced: the forwarder spaces its posts (of any outcome) by its interval. The sink stamps a post when it
      // arrives, and on a loaded machine one arrival can lag by tens of milliseconds, so spacing is checked over
      // runs of posts: any PACED_RUN + 1 consecutive posts span at least PACED_RUN - 1 intervals (unpaced, they
      // would arrive milliseconds apart).
      const times = mine.map((r) => Date.parse(r.receivedAt)).sort((a, b) => a - b);
      const spans = times.slice(PACED_RUN).map((t, i) => t - times[i]!);
      expect(times.length).toBeGreaterThan(PACED_RUN);
      expect(Math.min(...spans)).toBeGreaterThanOrEqual((PACED_RUN - 1) * POST_INTERVAL_MS);
      // Nothing dead-lettered, nothing left in the queue (the last invocation may still be finishing).
      const slackQueue = await eventually(
        async () => {
          const queue = (await queueStats()).find((q) => q.name === queues.slack.name)!;
          return queue.visible + queue.inFlight === 0 ? queue : undefined;
        },
        'the Slack queue drained',
        15_000,
      );
      // Named, so a failure says which events were dead-lettered and why, not just how many.
      expect(slackQueue.deadLetters.visible, JSON.stringify(await deadLetters()).slice(0, 2000)).toBe(0);
    } finally {
      await faults.catch(() => undefined);
      await clearSlackFault();
    }
  }, 120_000);

  it('moves an event Slack keeps refusing to the DLQ and sets the DLQ alarm; a redrive delivers it', async () => {
    const marker = randomUUID().slice(0, 8);
    // 404 no_service: the webhook was removed. Nothing the forwarder does will get it through.
    await setSlackFault({ status: 404 });
    try {
      await sendClicks(marker, 1);
      const letter = await eventually(
        async () => (await deadLetters()).find((d) => d.body.includes(`/reliability/${marker}`)),
        'the click in the dead-letter queue',
        30_000,
      );
      expect(letter.queue).toBe(queues.slack.name);
      const alarm = (await alarms()).find((a) => a.name === `${queues.slack.name}-dlq-not-empty`)!;
      expect(alarm.state).toBe('ALARM');
      expect(alarm.value).toBeGreaterThanOrEqual(1);
      const refused = (await slackRequests()).filter((r) => r.status === 404);
      expect(refused.length).toBeGreaterThanOrEqual(queues.slack.maxReceiveCount);
    } finally {
      await clearSlackFault();
    }

    const redriven = await fetch(`${twin().eventBridge}/queues/${queues.slack.name}-dlq/redrive`, { method: 'POST' });
    expect(redriven.status).toBe(200);
    const [id] = await clickIds(marker);
    await eventually(
      async () => (deliveredCounts(await slackRequests()).get(id!) === 1 ? true : undefined),
      'the redriven click in Slack',
      15_000,
    );
    expect((await alarms()).find((a) => a.name === `${queues.slack.name}-dlq-not-empty`)!.state).toBe('OK');
  }, 60_000);
});
