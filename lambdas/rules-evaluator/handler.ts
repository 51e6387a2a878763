import { jobQueues } from '@shared/job-queues';
import { RuleRunJobSchema } from '@shared/schemas/rules';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { queueFunction } from '../lib/http/queue-function';
import { dynamoGraphCache } from '../lib/meta-connection/graph-cache';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { logger } from '../lib/observability';
import { heldQuota } from '../lib/quota/plan-quota';
import { ruleQuota } from '../lib/rules/rule-quota';
import { graphForUser } from '../lib/meta-session/session';
import { tableName } from '../lib/table-name';
import { runRuleJob } from './rule-run-job';

/**
 * Drains the rule-runs queue (batch size 1): each message is one user's run. A malformed message is
 * logged and dropped; a run whose Meta reads failed is reported as a batch item failure so SQS
 * retries it (its windows were given back), and the last delivery records the failure instead.
 */
export const handler = queueFunction(
  RuleRunJobSchema,
  ({ body, record, context }) => {
    const doc = dynamoDocumentClient();
    const counters = { doc, table: tableName('quotaUsage') };
    const planTable = { doc, table: tableName('userPlans') };
    return runRuleJob(body, {
      doc,
      rules: { doc, table: tableName('automationRules') },
      runs: { doc, table: tableName('ruleRuns') },
      graphFor: (userId) => graphForUser(userId, metaRuntime()),
      cache: dynamoGraphCache(doc, tableName('graphCache')),
      adAccountQuota: heldQuota(counters, planTable, 'connectedAdAccounts'),
      ruleLimit: ruleQuota(counters, planTable),
      now: () => new Date(),
      remainingMs: () => context.getRemainingTimeInMillis(),
      finalAttempt: Number(record.attributes.ApproximateReceiveCount ?? '1') >= jobQueues.ruleRuns.maxReceiveCount,
      log: (level, message, facts) => logger[level](message, facts ?? {}),
    });
  },
  { malformed: 'drop' },
);
