import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { scheduleFunction } from '../lib/http/schedule-function';
import { sendJob } from '../lib/job-queue';
import { logger } from '../lib/observability';
import { queueDueUsers } from '../lib/rules/rule-runner';
import { tableName } from '../lib/table-name';

/** The scheduler's tick: one queued run per user with a switched-on rule. */
export const handler = scheduleFunction(async ({ now }) => {
  const queued = await queueDueUsers(
    { doc: dynamoDocumentClient(), table: tableName('automationRules') },
    (job) => sendJob('ruleRuns', job),
    now,
  );
  logger.info('rules tick', { queued });
  return { queued };
});
