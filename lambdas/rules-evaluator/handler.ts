import { jobQueues } from '@shared/job-queues';
import { RuleRunJobSchema } from '@shared/schemas/rules';
import { tableEnvVar } from '@shared/tables';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { lazyEnv } from '../lib/env';
import { notFound } from '../lib/errors';
import { applyObjectChange } from '../lib/meta-changes/apply-object-change';
import { dynamoGraphCache } from '../lib/meta-connection/graph-cache';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { logger } from '../lib/observability';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import { heldQuota } from '../lib/quota/plan-quota';
import { ruleQuota } from '../lib/rules/rule-quota';
import { runRulesForUser } from '../lib/rules/run-rules';
import { tableName } from '../lib/table-name';
import { graphForUser } from '../lib/meta-session/session';

const config = lazyEnv(
  z.object({
    [tableEnvVar('automationRules')]: z.string().min(1),
    [tableEnvVar('ruleRuns')]: z.string().min(1),
    [tableEnvVar('graphCache')]: z.string().min(1),
  }),
);

/**
 * Drains the rule-runs queue (batch size 1): each message is one user's run. A malformed message is
 * logged and dropped; a run whose Meta reads failed is reported as a batch item failure so SQS
 * retries it (its windows were given back), and the last delivery records the failure instead.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  const doc = dynamoDocumentClient();
  const runtime = metaRuntime();
  const counters = { doc, table: tableName('quotaUsage') };
  const planTable = { doc, table: tableName('userPlans') };
  const adAccountQuota = heldQuota(counters, planTable, 'connectedAdAccounts');
  const rulesOn = ruleQuota(counters, planTable);
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const job = RuleRunJobSchema.safeParse(body);
    if (!job.success) {
      logger.error('rule run dropped: not a rule run job', { messageId: record.messageId });
      continue;
    }
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    try {
      const graph = await graphForUser(job.data.userId, runtime);
      const cache = dynamoGraphCache(doc, config()[tableEnvVar('graphCache')]!);
      const runs = await runRulesForUser(
        {
          rules: { doc, table: config()[tableEnvVar('automationRules')]! },
          runs: { doc, table: config()[tableEnvVar('ruleRuns')]! },
          graph,
          now: () => new Date(),
          remainingMs: () => context?.getRemainingTimeInMillis() ?? 60_000,
          finalAttempt: receives >= jobQueues.ruleRuns.maxReceiveCount,
          log: (message, facts) => logger.warn(message, { ...facts }),
          ruleLimit: rulesOn,
          notify: async (detail) => {
            await enqueueEvent(doc, 'ruleRun', detail);
          },
          applyChange: async ({ level, objectId, adAccountId, change, source }) => {
            const applied = await applyObjectChange(
              {
                doc,
                graph,
                now: () => new Date(),
                // The object must belong to the rule's account; Meta checks the token's access to it too.
                ownedAccount: async (accountId) => {
                  if (`act_${accountId}` !== adAccountId)
                    throw notFound('That object is not in the rule’s ad account.');
                  return { id: adAccountId };
                },
                // A change that spends waits while the user holds more ad accounts than the plan allows (a
                // downgrade), and needs the rule's account among the places held; pausing never waits.
                assertMaySpend: async () => {
                  await adAccountQuota.assertWithinLimit(job.data.userId);
                  await adAccountQuota.hold(job.data.userId, adAccountId);
                },
                forgetCachedReads: () => cache.forget(job.data.userId),
              },
              { userId: job.data.userId, level, objectId, change, source },
            );
            return { before: applied.before, after: applied.after };
          },
        },
        job.data,
      );
      logger.info('rule run done', {
        userId: job.data.userId,
        rules: runs.length,
        actions: runs.reduce((n, r) => n + r.actions.length, 0),
      });
    } catch (error) {
      logger.error('rule run failed; SQS will retry it', { messageId: record.messageId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
