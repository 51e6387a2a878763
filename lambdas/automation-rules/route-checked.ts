import { automationRulesRoutes as routes } from '@shared/function-routes/automation-rules';
import type { RuleRunJob, RuleScope } from '@shared/schemas/rules';
import { isAppError } from '../lib/errors';
import { on } from '../lib/http/http-function';
import { sendJob } from '../lib/job-queue';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { assertAdAccountHeld } from '../lib/meta-session/ad-accounts';
import { graphForUser } from '../lib/meta-session/session';
import { assertRuleAudience } from '../lib/rules/rule-audience';
import { switchRule } from '../lib/rules/rule-quota';
import { createRule, readRule, updateRule } from '../lib/rules/rule-store';
import { quota, rules } from './rule-tables';

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

// The routes that check the rule's ad account (and audience) against the user's Meta connection first.
export const createRoute = on(routes.rulesCreate, async ({ user, body }) => {
  await assertRuleScope(user.sub, body.scope);
  return createRule(rules(), user.sub, body, new Date());
});
export const updateRoute = on(routes.rulesUpdate, async ({ user, params, body }) => {
  await assertRuleScope(user.sub, body.rule.scope);
  return updateRule(rules(), user.sub, params.id, body.rule, body.expectedVersion, new Date());
});
export const setStatusRoute = on(routes.rulesSetStatus, async ({ user, params, body }) => {
  // Switching off is always allowed: it is how a rule on a lost account is stopped.
  if (body.status === 'on') {
    const { rule } = await readRule(rules(), user.sub, params.id);
    await assertRuleAccountHeld(user.sub, rule.scope.adAccountId);
  }
  return switchRule(rules(), quota(), user.sub, params.id, body.status, new Date());
});
export const runNowRoute = on(routes.rulesRunNow, async ({ user, params }) => {
  const { rule } = await readRule(rules(), user.sub, params.id);
  await assertRuleAccountHeld(user.sub, rule.scope.adAccountId).catch(refuseUnlessMetaIsDown);
  await queueRun({ userId: user.sub, ruleIds: [params.id], trigger: 'manual', at: new Date().toISOString() });
  return { queued: true as const, ruleId: params.id };
});
