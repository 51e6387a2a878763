import { apiOriginHeaders, type TwinEndpoints } from '@infra/twin/endpoints-file';
import { percentile } from './percentiles';

export interface NotificationDeliveryFigure {
  /** Clicks sent in one burst through POST /api/notifications/batch (50 per call). */
  burstEvents: number;
  /** How fast the API accepted the burst onto the bus (events/s). */
  acceptedPerSecond: number;
  /** From the first call to the last of those events in the Slack sink, in digests (events/s end to end). */
  deliveredPerSecond: number;
  burstSeconds: number;
  slackPosts: number;
  /** One `error` notification at a time: accepted by the API → posted to the Slack sink (ms). */
  latency: { samples: number; p50: number; p99: number; max: number };
}

interface SinkRow {
  receivedAt: string;
  status: number;
  eventIds: string[];
  body: { text?: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function slackRows(endpoints: TwinEndpoints): Promise<SinkRow[]> {
  return (await (await fetch(endpoints.slackSink.requests)).json()) as SinkRow[];
}

async function post(endpoints: TwinEndpoints, token: string, path: string, body: unknown): Promise<void> {
  const reply = await fetch(`${endpoints.api}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...apiOriginHeaders(endpoints),
    },
    body: JSON.stringify(body),
  });
  if (reply.status !== 202) throw new Error(`${path} answered ${reply.status}: ${await reply.text()}`);
}

/**
 * The notification pipe on the twin with production timings (Slack's 1 post/s, the
 * queue's batching window): a burst of clicks end to end (API → bus → queue →
 * slack-forwarder digests → Slack sink), then single errors one at a time for the
 * delivery latency a person sees. Counts come from the sink's own record of posts.
 */
export async function measureNotificationDelivery(
  endpoints: TwinEndpoints,
  token: string,
  options: { burstEvents: number; latencySamples: number },
): Promise<NotificationDeliveryFigure> {
  const before = (await slackRows(endpoints)).length;
  const runId = Date.now().toString(36);
  const started = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < options.burstEvents; i += 50) {
    const notifications = Array.from({ length: Math.min(50, options.burstEvents - i) }, (_, j) => ({
      type: 'button_click',
      data: { buttonText: `Bench ${runId} ${i + j}`, page: '/bench' },
      timestamp: new Date().toISOString(),
    }));
    calls.push(post(endpoints, token, '/api/notifications/batch', { notifications }));
  }
  await Promise.all(calls);
  const acceptedSeconds = (performance.now() - started) / 1000;

  let delivered = 0;
  let posts = 0;
  const deadline = Date.now() + 180_000;
  while (delivered < options.burstEvents && Date.now() < deadline) {
    await sleep(200);
    const fresh = (await slackRows(endpoints)).slice(before).filter((row) => row.status === 200);
    posts = fresh.length;
    delivered = fresh.reduce((sum, row) => sum + row.eventIds.length, 0);
  }
  if (delivered < options.burstEvents) throw new Error(`only ${delivered} of ${options.burstEvents} clicks delivered`);
  const burstSeconds = (performance.now() - started) / 1000;

  // Latency: one error at a time, each waited for in the sink before the next.
  const times: number[] = [];
  for (let i = 0; i < options.latencySamples; i++) {
    const marker = `bench-latency-${runId}-${i}`;
    const sent = performance.now();
    await post(endpoints, token, '/api/notifications', {
      type: 'error',
      data: { errorType: 'BENCH', message: marker, severity: 'info', url: 'http://bench.local/' },
      timestamp: new Date().toISOString(),
    });
    const until = Date.now() + 30_000;
    for (;;) {
      const rows = await slackRows(endpoints);
      if (rows.some((row) => JSON.stringify(row.body).includes(marker))) break;
      if (Date.now() > until) throw new Error(`${marker} never reached the Slack sink`);
      await sleep(25);
    }
    times.push(performance.now() - sent);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  return {
    burstEvents: options.burstEvents,
    acceptedPerSecond: Math.round(options.burstEvents / acceptedSeconds),
    deliveredPerSecond: Math.round(options.burstEvents / burstSeconds),
    burstSeconds: Math.round(burstSeconds * 10) / 10,
    slackPosts: posts,
    latency: {
      samples: times.length,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1) ?? 0),
    },
  };
}
