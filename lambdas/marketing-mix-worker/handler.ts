import { FitJobSchema } from '@shared/schemas/mmm';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { queueFunction } from '../lib/http/queue-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { runFitJob } from './run-fit-job';

/**
 * Drains the fits queue (batch size 1): each message names a model to fit. A malformed message is
 * logged and dropped (retrying cannot fix it); a fit that throws is reported as a batch item
 * failure, so SQS retries it and, after maxReceiveCount, moves it to the dead-letter queue.
 */
export const handler = queueFunction(
  FitJobSchema,
  ({ body }) =>
    runFitJob(
      {
        tables: { doc: dynamoDocumentClient(), datasets: tableName('mmmDatasets'), models: tableName('mmmModels') },
        log: (message, facts) => logger.info(message, facts),
      },
      body,
    ),
  { malformed: 'drop' },
);
