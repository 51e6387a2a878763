/**
 * The first-party Conversions API endpoint on a twin of its own: a site key for the demo account's pixel, then
 * `events` Purchase events posted by a site's server in requests of `perRequest`, paced evenly over `seconds` (four
 * requests in flight at most), each request's accept time measured; then the sandbox's own record of what reached
 * the pixel, until every event is there or two minutes pass. Prints one JSON line: accepted and delivered per second,
 * p50/p99 accept latency, the end-to-end delay from acceptance to Meta, and how many were lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import type { SignalsHealth } from '@shared/schemas/signals';
import type { CreatedSiteKey } from '@shared/schemas/signals-endpoint';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import { percentile } from './percentiles';
import { runProbe, withConnectedDemo } from './meta-probe-session';

const EVENTS = Number(process.argv[2] ?? 10_000);
const SECONDS = Number(process.argv[3] ?? 60);
const PER_REQUEST = Number(process.argv[4] ?? 50);
const IN_FLIGHT = 4;
const DELIVERY_WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SandboxEvent {
  eventId?: string;
  channel: string;
  receivedAt: number;
}

runProbe(() =>
  withConnectedDemo({}, async ({ endpoints, account, call }) => {
    const health = (await (await call(`/api/signals/ad-accounts/${account}/health`)).json()) as SignalsHealth;
    const pixelId = health.pixels[0]!.id;
    const created = await call('/api/signals/site-keys', {
      method: 'POST',
      body: JSON.stringify({ label: 'bench', adAccountId: account.replace(/^act_/, ''), pixelId }),
    });
    if (created.status !== 201) throw new Error(`site key: ${created.status} ${await created.text()}`);
    const { key } = (await created.json()) as CreatedSiteKey;

    const run = randomUUID().slice(0, 8);
    const requests = Math.ceil(EVENTS / PER_REQUEST);
    const gapMs = (SECONDS * 1000) / requests;
    const acceptMs: number[] = [];
    const acceptedAt = new Map<string, number>();
    let accepted = 0;
    let refused = 0;
    let firstRefusal: string | undefined;
    const inFlight = new Set<Promise<void>>();
    const started = performance.now();
    for (let r = 0; r < requests; r++) {
      const due = started + r * gapMs;
      if (performance.now() < due) await sleep(due - performance.now());
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const ids = Array.from(
        { length: Math.min(PER_REQUEST, EVENTS - r * PER_REQUEST) },
        (_, i) => `${run}-${r * PER_REQUEST + i}`,
      );
      const sent = performance.now();
      const sentAt = Date.now();
      const request = fetch(`${endpoints.api}/api/signals/events`, {
        method: 'POST',
        // Through CloudFront, as a site's server reaches it (the twin's stand-in adds the origin header).
        headers: { 'content-type': 'application/json', ...apiOriginHeaders(endpoints) },
        body: JSON.stringify({
          key,
          consent: true,
          data: ids.map((id) => ({
            event_name: 'Purchase',
            event_time: Math.floor(Date.now() / 1000) - 1,
            event_id: id,
            action_source: 'website',
            event_source_url: 'https://shop.example.com/thanks',
            user_data: { em: `buyer-${id}@example.com`, client_user_agent: 'Mozilla/5.0 (bench)' },
            custom_data: { value: 20, currency: 'USD' },
          })),
        }),
      }).then(async (reply) => {
        acceptMs.push(performance.now() - sent);
        if (reply.status !== 202) {
          refused += ids.length;
          firstRefusal ??= `${reply.status} ${(await reply.text()).slice(0, 200)}`;
          return;
        }
        const counts = (await reply.json()) as { accepted: number };
        accepted += counts.accepted;
        for (const id of ids) acceptedAt.set(id, sentAt);
      });
      const tracked: Promise<void> = request.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    await Promise.all(inFlight);
    const sendSeconds = (performance.now() - started) / 1000;

    let mine: SandboxEvent[] = [];
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    while (Date.now() < deadline) {
      const { data } = (await (await fetch(`${endpoints.meta}/__admin/pixels/${pixelId}/events`)).json()) as {
        data: SandboxEvent[];
      };
      mine = data.filter((event) => event.channel === 'server' && event.eventId?.startsWith(`${run}-`));
      if (mine.length >= accepted) break;
      await sleep(500);
    }
    const deliveredSeconds = (performance.now() - started) / 1000;
    const distinct = new Set(mine.map((event) => event.eventId));
    // From the post to its arrival at Meta; the sandbox stamps arrivals in whole seconds.
    const delaysMs = mine.map((event) => Math.max(0, event.receivedAt * 1000 - (acceptedAt.get(event.eventId!) ?? 0)));
    return {
      events: EVENTS,
      perRequest: PER_REQUEST,
      offeredSeconds: SECONDS,
      accepted,
      refused,
      ...(firstRefusal && { firstRefusal }),
      acceptedPerSecond: Math.round(accepted / sendSeconds),
      deliveredPerSecond: Math.round(distinct.size / deliveredSeconds),
      acceptP50Ms: Math.round(percentile(acceptMs, 50)),
      acceptP99Ms: Math.round(percentile(acceptMs, 99)),
      delayP50Ms: Math.round(percentile(delaysMs, 50)),
      delayP99Ms: Math.round(percentile(delaysMs, 99)),
      lost: accepted - distinct.size,
      doubled: mine.length - distinct.size,
    };
  }),
);
