import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobQueues, type JobQueueKey } from '@shared/job-queues';
import { LocalSqs } from '@infra/twin/sqs/local-sqs';

/** The local SQS with a state file: queued jobs survive a stop (or a kill) of the twin. */

let dir: string;
let file: string;

// One name per queue, as the stacks give them (one name for all made the last declared queue's numbers apply).
const queueName = (key: JobQueueKey) => `test-${jobQueues[key].name}`;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-sqs-'));
  file = path.join(dir, 'sqs-queues.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A consumer that records each delivery and answers as told (never: a worker killed mid-fit). */
function consumer(answer: 'ok' | 'throw' | 'never') {
  const deliveries: { body: string; receiveCount: string }[] = [];
  const invoke = async (_fn: string, event: SQSEvent) => {
    for (const r of event.Records)
      deliveries.push({ body: r.body, receiveCount: r.attributes.ApproximateReceiveCount });
    if (answer === 'throw') throw new Error('worker failed');
    if (answer === 'never') await new Promise(() => undefined);
    return { batchItemFailures: [] };
  };
  return { deliveries, invoke };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function open(invoke: (fn: string, event: SQSEvent) => Promise<unknown>, log: string[] = []) {
  const sqs = new LocalSqs({
    region: 'eu-west-1',
    queueName,
    invoke,
    stateFile: file,
    retryDelayMs: 10,
    log: (l) => log.push(l),
  });
  sqs.setBaseUrl('http://127.0.0.1:1');
  return sqs;
}

describe('local SQS state', () => {
  it('keeps a message that was being handled when the twin stopped, and delivers it again after the restart', async () => {
    const first = consumer('never');
    const before = open(first.invoke);
    await before.restore();
    before.start();
    await before.sendMessage({ QueueUrl: before.queueUrl('mmmFits'), MessageBody: '{"modelId":"m1"}' });
    await until(() => first.deliveries.length === 1, 'the first delivery');
    before.stop();
    await before.settled();

    const second = consumer('ok');
    const after = open(second.invoke);
    await after.restore();
    // Nothing is handed to a function before the twin says it can run them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.deliveries).toEqual([]);
    after.start();
    await until(() => second.deliveries.length === 1, 'the delivery after the restart');
    expect(second.deliveries[0]).toEqual({ body: '{"modelId":"m1"}', receiveCount: '2' });
    await until(() => after.stats()[0]!.inFlight === 0, 'the consumer to finish');
    after.stop();
    await after.settled();
    const saved = JSON.parse(await readFile(file, 'utf8')) as { queues: Record<string, unknown[]> };
    // Handled: gone from the file, so a third start delivers nothing.
    expect(saved.queues['test-mmm-fits']).toEqual([]);
  });

  it('answers SendMessage only once the message is on disk', async () => {
    const sqs = open(consumer('ok').invoke);
    await sqs.restore();
    // Not started: the message waits, and the file already holds it.
    await sqs.sendMessage({ QueueUrl: sqs.queueUrl('mmmFits'), MessageBody: 'job' });
    const saved = JSON.parse(await readFile(file, 'utf8')) as { queues: Record<string, { body: string }[]> };
    expect(saved.queues['test-mmm-fits']!.map((m) => m.body)).toEqual(['job']);
    sqs.stop();
  });

  it('keeps dead letters and receive counts across a restart', async () => {
    const failing = consumer('throw');
    const sqs = open(failing.invoke);
    await sqs.restore();
    sqs.start();
    await sqs.sendMessage({ QueueUrl: sqs.queueUrl('mmmFits'), MessageBody: 'doomed' });
    await until(() => sqs.deadLetters().length === 1, 'the dead letter');
    expect(failing.deliveries.map((d) => d.receiveCount)).toEqual(['1', '2', '3']);
    sqs.stop();
    await sqs.settled();

    const again = open(consumer('ok').invoke);
    await again.restore();
    expect(again.deadLetters()).toEqual([expect.objectContaining({ body: 'doomed', receiveCount: 3 })]);
    expect(again.stats()[0]).toMatchObject({ waiting: 0, deadLetters: 1 });
    again.stop();
  });

  it('sets a damaged state file aside, keeps it, and starts with empty queues', async () => {
    await writeFile(file, '{"version":1,"queues":{"test-mmm-fits":[{"messageId":');
    const log: string[] = [];
    const sqs = open(consumer('ok').invoke, log);
    await sqs.restore();
    expect(sqs.stats()[0]).toMatchObject({ waiting: 0, deadLetters: 0 });
    expect(log.join('\n')).toMatch(/sqs-queues\.json was damaged .*kept it as .*sqs-queues\.json\.damaged-/);
    expect((await readdir(dir)).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
    sqs.stop();
  });
});
