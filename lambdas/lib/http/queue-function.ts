import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { logger, metrics } from '../observability';
import { instrumented } from './instrumentation';

export interface QueueItem<T> {
  /** The record's body, parsed as JSON and checked with the function's schema. */
  body: T;
  record: SQSRecord;
  context: Context;
}

export interface QueueOptions {
  /**
   * What happens to a record whose body does not match the schema: `retry` (the default) reports it as a
   * failed item, so it ends in the dead-letter queue where an operator sees it; `drop` logs it and lets SQS
   * delete it, for queues whose producers are our own code and whose dead letters would only repeat the log.
   */
  malformed?: 'retry' | 'drop';
}

/**
 * A Lambda draining an SQS queue, one record at a time, with partial batch failures: a record whose logic
 * throws is reported in `batchItemFailures`, so SQS retries exactly that one and, after maxReceiveCount,
 * dead-letters it; the others are deleted. Bodies are JSON checked with `schema` before the logic sees them.
 */
export function queueFunction<S extends z.ZodType>(
  schema: S,
  logic: (item: QueueItem<z.infer<S>>) => Promise<unknown>,
  options: QueueOptions = {},
) {
  return queueBatchFunction(async (records, context) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of records) {
      if (!(await processRecord(record, context, schema, logic, options)))
        failures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures: failures };
  });
}

/** Runs one record; false when it must go back to the queue. */
async function processRecord<S extends z.ZodType>(
  record: SQSRecord,
  context: Context,
  schema: S,
  logic: (item: QueueItem<z.infer<S>>) => Promise<unknown>,
  options: QueueOptions,
): Promise<boolean> {
  const body = schema.safeParse(jsonOrUndefined(record.body));
  if (!body.success) {
    const dropped = options.malformed === 'drop';
    logger.error(dropped ? 'Unreadable record dropped' : 'Unreadable record; it goes to the dead-letter queue', {
      messageId: record.messageId,
      problems: body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
    return dropped;
  }
  logger.appendKeys({ messageId: record.messageId });
  try {
    await logic({ body: body.data, record, context });
    return true;
  } catch (error) {
    logger.error('Record failed; SQS will retry it', { error: String(error) });
    return false;
  } finally {
    logger.removeKeys(['messageId']);
  }
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The whole-batch form, for consumers that work on the batch as one (the notification forwarders group records
 * into posts and parse them themselves): same instrumentation, the logic returns the failed items itself.
 */
export function queueBatchFunction(logic: (records: SQSRecord[], context: Context) => Promise<SQSBatchResponse>) {
  return instrumented<SQSEvent, SQSBatchResponse>((event) => event.Records[0]?.messageId).handler(
    async (event, context) => {
      const reply = await logic(event.Records, context);
      const failed = reply.batchItemFailures.length;
      metrics.addMetric('QueueRecordsProcessed', MetricUnit.Count, event.Records.length - failed);
      metrics.addMetric('QueueRecordsFailed', MetricUnit.Count, failed);
      return reply;
    },
  );
}
