import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueueDeclaration } from '@shared/queues';
import { LocalQueue } from '@infra/twin/events/local-queue';

/**
 * Issue 23, finding 9: an event that left the outbox and waited in the twin's queue was lost under `kill -9`.
 * A "kill" here is a second queue opened on the same file while the first is simply abandoned (never stopped,
 * its consumer never answering), as a killed process leaves it.
 */

const declaration: QueueDeclaration = {
  name: 'events-slack',
  target: 'slack',
  consumer: 'slack-forwarder',
  batchSize: 10,
  batchingWindowSeconds: 0,
  visibilityTimeoutSeconds: 30,
  maxReceiveCount: 3,
  maxConcurrency: 2,
} as QueueDeclaration;

let dir: string;
let stateFile: string;
const opened: LocalQueue[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-queue-'));
  stateFile = path.join(dir, 'events-slack.json');
});

afterEach(async () => {
  const queues = opened.splice(0);
  for (const queue of queues) queue.stop();
  // A queue may still be writing its file (a delete just acknowledged): removing the folder under it fails.
  await Promise.all(queues.map((queue) => queue.settled()));
  await rm(dir, { recursive: true, force: true });
});

type Invoke = (event: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] } | void>;

async function open(invoke: Invoke, visibilityTimeoutMs = 400): Promise<LocalQueue> {
  const queue = new LocalQueue(declaration, {
    region: 'us-east-1',
    invoke,
    visibilityTimeoutMs,
    batchingWindowMs: 0,
    stateFile,
    log: () => undefined,
  });
  await queue.restore();
  opened.push(queue);
  return queue;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const never: Invoke = () => new Promise(() => undefined);

describe('LocalQueue kept on disk', () => {
  it('delivers after a restart a message that was waiting when the twin was killed', async () => {
    const first = await open(never);
    const id = first.send('{"detail":"waiting"}');
    await first.settled(); // what PutEvents waits for before it answers

    const received: SQSEvent[] = [];
    const second = await open(async (event) => void received.push(event));
    second.start();

    await until(() => received.length === 1, 'the restored message');
    expect(received[0]!.Records.map((r) => [r.messageId, r.body])).toEqual([[id, '{"detail":"waiting"}']]);
    await until(() => second.stats().visible + second.stats().inFlight === 0, 'the delete');
    await second.settled();
    const third = await open(never);
    expect(third.stats()).toMatchObject({ visible: 0, inFlight: 0 });
  });

  it('redelivers a message whose consumer was running at the kill once its visibility timeout has passed', async () => {
    const first = await open(never, 1_500);
    first.start();
    first.send('{"detail":"in flight"}');
    await until(() => first.stats().inFlight === 1, 'the first receive');
    await first.settled();
    const killedAt = Date.now();

    const received: { at: number; count: string }[] = [];
    const second = await open(async (event) => {
      for (const record of event.Records)
        received.push({ at: Date.now(), count: record.attributes.ApproximateReceiveCount });
    }, 1_500);
    expect(second.stats()).toMatchObject({ visible: 0, inFlight: 1 });
    second.start();

    await until(() => received.length === 1, 'the redelivery');
    // Hidden for what was left of its visibility timeout, as SQS keeps it; received once before, so count 2.
    expect(received[0]!.at - killedAt).toBeGreaterThanOrEqual(1_000);
    expect(received[0]!.count).toBe('2');
  });

  it('moves a message received maxReceiveCount times to the dead-letter queue, across restarts', async () => {
    const failing: Invoke = async (event) => ({
      batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })),
    });
    const first = await open(failing, 100);
    first.start();
    first.send('{"detail":"poison"}');
    await until(() => first.stats().invocations === 2, 'two failed receives');
    first.stop();
    await first.settled();

    const second = await open(failing, 100);
    second.start();
    await until(() => second.deadLetters().length === 1, 'the dead letter');
    expect(second.deadLetters()[0]).toMatchObject({ body: '{"detail":"poison"}', receiveCount: 3 });
    second.stop();
    await second.settled();

    const third = await open(never);
    expect(third.deadLetters()).toHaveLength(1);
    expect(third.stats()).toMatchObject({ visible: 0, inFlight: 0, deadLetters: { visible: 1 } });
  });

  it('sets a damaged file aside and starts empty', async () => {
    await writeFile(stateFile, '{"version":1,"messages":[{"broken"');
    const lines: string[] = [];
    const queue = new LocalQueue(declaration, {
      region: 'us-east-1',
      invoke: never,
      stateFile,
      log: (line) => lines.push(line),
    });
    await queue.restore();

    expect(queue.stats()).toMatchObject({ visible: 0, inFlight: 0 });
    expect(lines.join('\n')).toMatch(/was damaged .* kept it as .*damaged-/);
    expect((await readdir(dir)).some((name) => name.startsWith('events-slack.json.damaged-'))).toBe(true);
  });
});
