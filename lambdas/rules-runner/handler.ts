import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { jobQueueEnvVar } from '@shared/job-queues';
import { tableEnvVar } from '@shared/tables';
import * as z from 'zod';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { sqsClient } from '../lib/aws/sqs';
import { lazyEnv } from '../lib/env';
import { logger } from '../lib/observability';
import { queueDueUsers } from '../lib/rules/rule-runner';

const config = lazyEnv(
  z.object({ [tableEnvVar('automationRules')]: z.string().min(1), [jobQueueEnvVar('ruleRuns')]: z.string().url() }),
);

/** The scheduler's tick: one queued run per user with a switched-on rule. */
export async function handler(): Promise<{ queued: number }> {
  const queued = await queueDueUsers(
    { doc: dynamoDocumentClient(), table: config()[tableEnvVar('automationRules')]! },
    async (job) => {
      await sqsClient().send(
        new SendMessageCommand({ QueueUrl: config()[jobQueueEnvVar('ruleRuns')]!, MessageBody: JSON.stringify(job) }),
      );
    },
    new Date(),
  );
  logger.info('rules tick', { queued });
  return { queued };
}
