import { automationRulesRoutes as routes } from '@shared/function-routes/automation-rules';
import type { RuleRunJob, RuleScope } from '@shared/schemas/rules';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { isAppError } from '../lib/errors';
import { sendJob } from '../lib/job-queue';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import {
  createRule,
  deleteRule,
  listRules,
  listRuns,
  listVersions,
  readRule,
  readSettings,
  updateRule,
  writeSettings,
  type RuleTable,
} from '../lib/rules/rule-store';
import { assertRuleAudience } from '../lib/rules/rule-audience';
import { ruleQuota, switchRule } from '../lib/rules/rule-quota';
import { assertAdAccountHeld } from '../lib/meta-session/ad-accounts';
import { graphForUser } from '../lib/meta-session/session';
import { tableName } from '../lib/table-name';
import { backtestDraft } from './rule-backtest';

const rules = (): RuleTable => ({ doc: dynamoDocumentClient(), table: tableName('automationRules') });
const runs = (): RuleTable => ({ doc: dynamoDocumentClient(), table: tableName('ruleRuns') });
const quota = () =>
  ruleQuota(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  );

/** "Run now": the same job the runner queues, for this one rule, through the same queue. */
function queueRun(job: RuleRunJob): Promise<void> {
  return sendJob('ruleRuns', job);
}

/** A rule acts on its ad account later, with no one watching: it must be one the user's connection holds. */
async function assertRuleAccountHeld(userId: string, adAccountId: string): Promise<void> {
  await assertAdAccountHeld(await graphForUser(userId, metaRuntime()), adAccountId);
}

/** A saved rule's account is held, and the audience it is limited to (if any) is one of that account's. */
async function assertRuleScope(userId: string, scope: RuleScope): Promise<void> {
  const graph = await graphForUser(userId, metaRuntime());
  await assertAdAccountHeld(graph, scope.adAccountId);
  await assertRuleAudience(graph, scope);
}

/**
 * "Run now" of a rule checked when it was saved and switched on: when Meta cannot be read at that moment, the run
 * goes ahead and records and reports the failure itself (it reads with the user's own token, which Meta checks);
 * only a clear "not part of your connection" refuses it.
 */
function refuseUnlessMetaIsDown(error: unknown): void {
  if (isAppError(error) && error.code === 'UPSTREAM_ERROR') return;
  throw error;
}

export const handler = httpFunction([
  on(routes.rulesList, async ({ user }) => ({
    rules: await listRules(rules(), user.sub),
    settings: await readSettings(rules(), user.sub),
  })),
  on(routes.rulesCreate, async ({ user, body }) => {
    await assertRuleScope(user.sub, body.scope);
    return createRule(rules(), user.sub, body, new Date());
  }),
  on(routes.rulesUpdate, async ({ user, params, body }) => {
    await assertRuleScope(user.sub, body.rule.scope);
    return updateRule(rules(), user.sub, params.id, body.rule, body.expectedVersion, new Date());
  }),
  on(routes.rulesSetStatus, async ({ user, params, body }) => {
    // Switching off is always allowed: it is how a rule on a lost account is stopped.
    if (body.status === 'on') {
      const { rule } = await readRule(rules(), user.sub, params.id);
      await assertRuleAccountHeld(user.sub, rule.scope.adAccountId);
    }
    return switchRule(rules(), quota(), user.sub, params.id, body.status, new Date());
  }),
  on(routes.rulesDelete, async ({ user, params }) => {
    await deleteRule(rules(), user.sub, params.id);
    // A deleted rule no longer counts against the plan's rules on at once.
    await quota().release(user.sub, [params.id]);
    return { deleted: true as const };
  }),
  on(routes.rulesVersions, async ({ user, params }) => ({
    versions: await listVersions(rules(), user.sub, params.id),
  })),
  on(routes.rulesRunNow, async ({ user, params }) => {
    const { rule } = await readRule(rules(), user.sub, params.id);
    await assertRuleAccountHeld(user.sub, rule.scope.adAccountId).catch(refuseUnlessMetaIsDown);
    await queueRun({ userId: user.sub, ruleIds: [params.id], trigger: 'manual', at: new Date().toISOString() });
    return { queued: true as const, ruleId: params.id };
  }),
  on(routes.rulesBacktest, async ({ user, body, context }) =>
    backtestDraft(await graphForUser(user.sub, metaRuntime()), body.rule, body.days, {
      now: new Date(),
      remainingMs: () => context.getRemainingTimeInMillis(),
    }),
  ),
  on(routes.rulesRuns, async ({ user }) => ({ runs: await listRuns(runs(), user.sub) })),
  on(routes.rulesSettings, ({ user, body }) => writeSettings(rules(), user.sub, body, new Date())),
]);
