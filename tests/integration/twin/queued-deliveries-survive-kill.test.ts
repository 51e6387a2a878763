import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_QUEUES_DIR } from '@infra/twin/events/notification-queues';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';
import { EVENT_SOURCE, events } from '@shared/events';
import { queues } from '@shared/queues';
import { freeTwinPortsEnv, spawnDevTwin, stopDevTwin, whenReady, type DevTwin } from './twin-process';

/**
 * Finding 9 of issue 23: an event that left the outbox and waited in the twin's queue was lost under kill -9.
 * A real twin process (scaled-queue-twin.ts: `npm run dev`'s twin with the queues' timings scaled down) takes
 * webhook events while the automation webhook is down, is killed with SIGKILL while they wait for their retry,
 * and a new twin on the same folder delivers every event EventBridge acknowledged: at least once, none lost,
 * nothing dead-lettered, as SQS keeps a message until its consumer succeeds.
 */
const ENTRY = 'tests/integration/twin/scaled-queue-twin.ts';
const EVENTS = 20;
const WEBHOOK_QUEUE = queues.webhook.name;

let stateDir: string;
let portsEnv: Record<string, string>;
const running: DevTwin[] = [];

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-queue-kill-'));
  portsEnv = await freeTwinPortsEnv();
});

afterAll(async () => {
  for (const twin of running) await stopDevTwin(twin);
  await rm(stateDir, { recursive: true, force: true });
});

function start(): DevTwin {
  const twin = spawnDevTwin(stateDir, portsEnv, ENTRY);
  running.push(twin);
  return twin;
}

interface SinkRow {
  status: number;
  body: { requestedBy?: string };
}
interface QueueStats {
  name: string;
  visible: number;
  inFlight: number;
  deadLetters: { visible: number };
}

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
const webhookRows = (endpoints: TwinEndpoints) => getJson<SinkRow[]>(endpoints.webhookSink.requests);
const webhookQueue = async (endpoints: TwinEndpoints) =>
  (await getJson<QueueStats[]>(`${endpoints.eventBridge}/queues`)).find((q) => q.name === WEBHOOK_QUEUE)!;

/** Polls until `read` answers something, awaiting the state rather than a guessed delay. */
async function until<T>(read: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The webhook queue's file in the twin's state folder, as a restarted twin reads it. */
async function readSavedQueue(): Promise<{
  messages: { body: string; receiveCount: number }[];
  deadLetters: unknown[];
}> {
  return JSON.parse(await readFile(path.join(stateDir, EVENT_QUEUES_DIR, `${WEBHOOK_QUEUE}.json`), 'utf8')) as {
    messages: { body: string; receiveCount: number }[];
    deadLetters: unknown[];
  };
}

describe('queued deliveries under kill -9', () => {
  it(
    'delivers every acknowledged webhook event after the twin was SIGKILLed while they waited for a retry',
    { timeout: 420_000 },
    async () => {
      const first = start();
      const endpoints = await whenReady(first, stateDir);

      // The automation webhook is down: every post answers 503 until the switch is cleared.
      const down = await fetch(endpoints.webhookSink.faults, {
        method: 'POST',
        body: JSON.stringify({ status: 503 }),
      });
      expect(down.ok).toBe(true);

      const bus = new EventBridgeClient({
        endpoint: endpoints.eventBridge,
        region: endpoints.cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      });
      const run = randomUUID().slice(0, 8);
      const markers = Array.from({ length: EVENTS }, (_, i) => `kill-${run}-${i}`);
      for (const requestedBy of markers) {
        const reply = await bus.send(
          new PutEventsCommand({
            Entries: [
              {
                Source: EVENT_SOURCE,
                DetailType: events.webhookTest.detailType,
                Detail: JSON.stringify({ requestedBy }),
              },
            ],
          }),
        );
        // Acknowledged: EventBridge took it (the twin answers once it is on disk).
        expect(reply.FailedEntryCount).toBe(0);
      }
      bus.destroy();

      // The webhook refused the first posts and the forwarder gave the batches back: every event has been received
      // and waits hidden for its retry, none delivered.
      await until(async () => (await webhookRows(endpoints)).some((r) => r.status === 503), 'the webhook to refuse');
      await until(async () => {
        const stats = await webhookQueue(endpoints);
        return stats.visible === 0 && stats.inFlight === EVENTS;
      }, 'every event to be received and waiting for its retry');
      // The stats describe memory; the queue file is written just after each receive. Kill once the receives are
      // on disk too (the kill then tests what was written, not a write racing the signal: failed in CI under load).
      await until(async () => {
        const onDisk = await readSavedQueue().catch(() => undefined);
        return onDisk?.messages.length === EVENTS && onDisk.messages.every((m) => m.receiveCount >= 1);
      }, 'the receives to be written to the queue file');
      expect((await webhookRows(endpoints)).filter((r) => r.status === 200)).toEqual([]);
      expect((await webhookQueue(endpoints)).deadLetters.visible).toBe(0);

      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      // What the killed twin left on disk holds every acknowledged event, with its receive counted.
      const saved = await readSavedQueue();
      const savedMarkers = saved.messages.map(
        (m) => (JSON.parse(m.body) as { detail: { requestedBy: string } }).detail.requestedBy,
      );
      expect(new Set(savedMarkers)).toEqual(new Set(markers));
      expect(saved.messages.every((m) => m.receiveCount >= 1)).toBe(true);

      // A new twin on the same folder (its webhook is up) restores the queue and delivers each one again.
      const restarted = start();
      const after = await whenReady(restarted, stateDir);
      expect(restarted.output()).toContain(`${WEBHOOK_QUEUE}: restored ${EVENTS} message(s)`);
      const delivered = await until(
        async () => {
          const rows = (await webhookRows(after)).filter((r) => r.status === 200);
          const seen = new Set(rows.map((r) => r.body.requestedBy));
          return markers.every((m) => seen.has(m)) && rows;
        },
        'every acknowledged event to reach the webhook',
        120_000,
      );
      // At least once, as SQS: each acknowledged event arrived, and only those.
      const counts = new Map<string, number>();
      for (const row of delivered) counts.set(row.body.requestedBy!, (counts.get(row.body.requestedBy!) ?? 0) + 1);
      expect([...counts.keys()].sort()).toEqual([...markers].sort());
      for (const count of counts.values()) expect(count).toBeGreaterThanOrEqual(1);

      // The queue drains and nothing went to the dead-letter queue.
      const drained = await until(async () => {
        const stats = await webhookQueue(after);
        return stats.visible === 0 && stats.inFlight === 0 && stats;
      }, 'the webhook queue to drain');
      expect(drained.deadLetters.visible).toBe(0);

      await stopDevTwin(restarted);
      expect((await restarted.exited).code).toBe(0);
    },
  );
});
