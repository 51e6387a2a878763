import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RuleRunJob } from '@shared/schemas/rules';
import { ruleRunEvent } from '@shared/events/rule-run';
import { notFound } from '../lib/errors';
import { applyObjectChange } from '../lib/meta-changes/apply-object-change';
import type { GraphCache } from '../lib/meta-connection/graph-cache';
import type { GraphClient } from '../lib/meta/graph-client';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import type { ApplyChange, RunDeps } from '../lib/rules/run-rules';
import { runRulesForUser } from '../lib/rules/run-rules';
import type { RuleTable } from '../lib/rules/rule-store';

/** What one rule run needs: its tables and clients, given by the handler, so tests pass their own. */
export interface RuleRunJobDeps {
  doc: DynamoDBDocumentClient;
  rules: RuleTable;
  runs: RuleTable;
  /** The user's Graph client (their stored token); throws META_NOT_CONNECTED and the like. */
  graphFor: (userId: string) => Promise<GraphClient>;
  cache: GraphCache;
  /** The plan's held ad-account places: a change that spends needs the rule's account among them. */
  adAccountQuota: {
    assertWithinLimit(userId: string): Promise<unknown>;
    hold(userId: string, adAccountId: string): Promise<unknown>;
  };
  ruleLimit: RunDeps['ruleLimit'];
  now: () => Date;
  remainingMs: () => number;
  /** This is the last delivery SQS will make: a failed read is recorded instead of retried. */
  finalAttempt: boolean;
  log: (level: 'info' | 'warn', message: string, facts?: Record<string, unknown>) => void;
}

/**
 * One user's queued rule run: their rules evaluated against their account, changes applied through the same
 * Meta change path (lock, audit, event) as a manual change, the run notification put in the event outbox.
 * Throws when Meta could not be read, so the queue retries the run (its windows were given back).
 */
export async function runRuleJob(job: RuleRunJob, deps: RuleRunJobDeps): Promise<void> {
  const graph = await deps.graphFor(job.userId);
  const runs = await runRulesForUser(
    {
      rules: deps.rules,
      runs: deps.runs,
      graph,
      now: deps.now,
      remainingMs: deps.remainingMs,
      finalAttempt: deps.finalAttempt,
      log: (message, facts) => deps.log('warn', message, { ...facts }),
      ruleLimit: deps.ruleLimit,
      notify: async (detail) => {
        await enqueueEvent(deps.doc, ruleRunEvent, detail);
      },
      applyChange: changeApplier(job.userId, graph, deps),
    },
    job,
  );
  deps.log('info', 'rule run done', {
    userId: job.userId,
    rules: runs.length,
    actions: runs.reduce((n, r) => n + r.actions.length, 0),
  });
}

function changeApplier(userId: string, graph: GraphClient, deps: RuleRunJobDeps): ApplyChange {
  return async ({ level, objectId, adAccountId, change, source }) => {
    const applied = await applyObjectChange(
      {
        doc: deps.doc,
        graph,
        now: () => new Date(),
        // The object must belong to the rule's account; Meta checks the token's access to it too.
        ownedAccount: async (accountId) => {
          if (`act_${accountId}` !== adAccountId) throw notFound('That object is not in the rule’s ad account.');
          return { id: adAccountId };
        },
        // A change that spends waits while the user holds more ad accounts than the plan allows (a
        // downgrade), and needs the rule's account among the places held; pausing never waits.
        assertMaySpend: async () => {
          await deps.adAccountQuota.assertWithinLimit(userId);
          await deps.adAccountQuota.hold(userId, adAccountId);
        },
        forgetCachedReads: () => deps.cache.forget(userId),
      },
      { userId, level, objectId, change, source },
    );
    return { before: applied.before, after: applied.after };
  };
}
