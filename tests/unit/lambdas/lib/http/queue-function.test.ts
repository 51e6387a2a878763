import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { queueBatchFunction, queueFunction } from '@lambdas/lib/http/queue-function';
import { logger, metrics } from '@lambdas/lib/observability';
import { lambdaContext } from '@tests/support/http-event';

function record(messageId: string, body: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body,
    attributes: { ApproximateReceiveCount: '1' } as SQSRecord['attributes'],
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:jobs',
    awsRegion: 'eu-west-1',
  };
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const JobSchema = z.object({ userId: z.string().min(1) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('queueFunction', () => {
  it('runs the logic once per record with its parsed body and reports no failures when all succeed', async () => {
    // Prepare
    const seen: string[] = [];
    const handler = queueFunction(JobSchema, async ({ body, record: r }) => {
      seen.push(`${r.messageId}:${body.userId}`);
    });

    // Act
    const reply = await handler(batch(record('m1', '{"userId":"u1"}'), record('m2', '{"userId":"u2"}')), lambdaContext);

    // Assess
    expect(seen).toEqual(['m1:u1', 'm2:u2']);
    expect(reply).toEqual({ batchItemFailures: [] });
  });

  it('reports only the record whose logic threw, and goes on with the others (partial batch failure)', async () => {
    const seen: string[] = [];
    const handler = queueFunction(JobSchema, async ({ body }) => {
      if (body.userId === 'bad') throw new Error('Meta did not answer');
      seen.push(body.userId);
    });

    const reply = await handler(
      batch(record('m1', '{"userId":"u1"}'), record('m2', '{"userId":"bad"}'), record('m3', '{"userId":"u3"}')),
      lambdaContext,
    );

    expect(reply).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(seen).toEqual(['u1', 'u3']);
  });

  it('reports a body that is not JSON or fails the schema as a failed item, without calling the logic', async () => {
    const logic = vi.fn(async () => undefined);
    const errors = vi.spyOn(logger, 'error');
    const handler = queueFunction(JobSchema, logic);

    const reply = await handler(
      batch(record('m1', 'not json'), record('m2', '{"userId":""}'), record('m3', '{"userId":"u3"}')),
      lambdaContext,
    );

    expect(reply).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
    expect(logic).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(
      'Unreadable record; it goes to the dead-letter queue',
      expect.objectContaining({
        messageId: 'm2',
        problems: ['userId: Too small: expected string to have >=1 characters'],
      }),
    );
  });

  it('drops an unreadable record when told to, so SQS deletes it', async () => {
    const logic = vi.fn(async () => undefined);
    const handler = queueFunction(JobSchema, logic, { malformed: 'drop' });

    const reply = await handler(batch(record('m1', '{"other":1}')), lambdaContext);

    expect(reply).toEqual({ batchItemFailures: [] });
    expect(logic).not.toHaveBeenCalled();
  });

  it('sets up the instrumentation once per invocation, not per record, and counts the outcome', async () => {
    const addContext = vi.spyOn(logger, 'addContext');
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    const added = vi.spyOn(metrics, 'addMetric');
    const handler = queueFunction(JobSchema, async ({ body }) => {
      if (body.userId === 'bad') throw new Error('no');
    });

    await handler(batch(record('m1', '{"userId":"u1"}'), record('m2', '{"userId":"bad"}')), lambdaContext);

    expect(addContext).toHaveBeenCalledTimes(1);
    expect(addContext).toHaveBeenCalledWith(lambdaContext);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith('QueueRecordsProcessed', 'Count', 1);
    expect(added).toHaveBeenCalledWith('QueueRecordsFailed', 'Count', 1);
  });

  it('names the record on the log lines of its logic, and only there', async () => {
    const appended = vi.spyOn(logger, 'appendKeys');
    const removed = vi.spyOn(logger, 'removeKeys');
    const handler = queueFunction(JobSchema, async () => undefined);

    await handler(batch(record('m1', '{"userId":"u1"}'), record('m2', '{"userId":"u2"}')), lambdaContext);

    expect(appended.mock.calls.filter(([keys]) => 'messageId' in keys)).toEqual([
      [{ messageId: 'm1' }],
      [{ messageId: 'm2' }],
    ]);
    expect(removed.mock.calls).toEqual([[['messageId']], [['messageId']]]);
  });
});

describe('queueBatchFunction', () => {
  it('hands the whole batch to the logic and returns its failures', async () => {
    const handler = queueBatchFunction(async (records) => ({
      batchItemFailures: records.filter((r) => r.body === 'retry').map((r) => ({ itemIdentifier: r.messageId })),
    }));

    const reply = await handler(batch(record('m1', 'ok'), record('m2', 'retry')), lambdaContext);

    expect(reply).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
  });
});
