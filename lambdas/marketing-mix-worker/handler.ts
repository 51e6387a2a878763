import { FitJobSchema } from '@shared/schemas/mmm';
import { tableEnvVar } from '@shared/tables';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { lazyEnv } from '../lib/env';
import { logger } from '../lib/observability';
import { runFitJob } from './run-fit-job';

const config = lazyEnv(
  z.object({ [tableEnvVar('mmmDatasets')]: z.string().min(1), [tableEnvVar('mmmModels')]: z.string().min(1) }),
);

/**
 * Drains the fits queue (batch size 1): each message names a model to fit. A malformed message is
 * logged and dropped (retrying cannot fix it); a fit that throws is reported as a batch item
 * failure, so SQS retries it and, after maxReceiveCount, moves it to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  const tables = {
    doc: dynamoDocumentClient(),
    datasets: config()[tableEnvVar('mmmDatasets')]!,
    models: config()[tableEnvVar('mmmModels')]!,
  };
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const job = FitJobSchema.safeParse(body);
    if (!job.success) {
      logger.error('fit job dropped: not a fit job', { messageId: record.messageId });
      continue;
    }
    try {
      await runFitJob({ tables, log: (message, facts) => logger.info(message, facts) }, job.data);
    } catch (error) {
      logger.error('fit job failed; SQS will retry it', { messageId: record.messageId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
