import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { plans, type PlanKey } from '@shared/plans';
import { planAllowingMore } from '@shared/quotas';
import type { Rule } from '@shared/schemas/rules';
import { planOfUser } from '../billing/plan-record';
import {
  heldMembers,
  holdQuota,
  limitOf,
  QuotaExceededError,
  quotaExceeded,
  releaseHeld,
  type QuotaStore,
} from '../quota/plan-quota';
import { readRule, setRuleStatus, type RuleTable } from './rule-store';

/**
 * The plan's `automationRules` limit: rules switched on at once (a held limit in shared/quotas.ts). A rule
 * takes a place when it is switched on (one conditional update on the user's set of held rule ids, so two
 * rules switched on together cannot both pass the last place) and gives it back when switched off or deleted.
 */
export interface RuleQuota {
  /** Takes the rule's place, or throws QUOTA_EXCEEDED with the rules' own message. */
  hold(userId: string, ruleId: string): Promise<void>;
  release(userId: string, ruleIds: string[]): Promise<void>;
  limitOf(userId: string): Promise<{ limit: number; plan: PlanKey; planName: string }>;
  /** Makes the held places exactly these rules (the evaluator's reconciliation after a downgrade). */
  holdExactly(userId: string, ruleIds: string[]): Promise<void>;
}

/**
 * The 429 of a full rules allowance. It says that this limit is a count, which no day or month resets,
 * what frees a place, and which plan allows more.
 */
export function rulesQuotaExceeded(plan: PlanKey, limit: number, now: Date): QuotaExceededError {
  const base = quotaExceeded('automationRules', plan, limit, now);
  const upgradeTo = planAllowingMore('automationRules', plan);
  const rules = (n: number) => `${n.toLocaleString('en-US')} rule${n === 1 ? '' : 's'}`;
  return new QuotaExceededError(
    `Your ${plans[plan].name} plan allows ${rules(limit)} on at once, and ${limit === 1 ? 'it is' : 'they are'} all on. ` +
      `This limit is a count of rules on, not an allowance that resets: switch a rule off to switch this one on` +
      (upgradeTo
        ? `, or upgrade: ${plans[upgradeTo].name} allows ${rules(plans[upgradeTo].limits.automationRules)} on at once.`
        : '.'),
    base.details as Record<string, string>,
  );
}

export function ruleQuota(
  counters: QuotaStore,
  planTable: { doc: DynamoDBDocumentClient; table: string },
  now: () => Date = () => new Date(),
): RuleQuota {
  const planOf = (userId: string) => planOfUser(planTable.doc, planTable.table, userId, now());
  const self: RuleQuota = {
    async hold(userId, ruleId) {
      const plan = await planOf(userId);
      try {
        await holdQuota(counters, userId, 'automationRules', plan, ruleId);
      } catch (error) {
        if (error instanceof QuotaExceededError)
          throw rulesQuotaExceeded(plan, limitOf(plan, 'automationRules'), now());
        throw error;
      }
    },
    release: (userId, ruleIds) => releaseHeld(counters, userId, 'automationRules', ruleIds),
    async limitOf(userId) {
      const plan = await planOf(userId);
      return { limit: limitOf(plan, 'automationRules'), plan, planName: plans[plan].name };
    },
    async holdExactly(userId, ruleIds) {
      const held = await heldMembers(counters, userId, 'automationRules');
      const extra = held.filter((id) => !ruleIds.includes(id));
      if (extra.length > 0) await self.release(userId, extra);
      for (const id of ruleIds.filter((r) => !held.includes(r))) await self.hold(userId, id);
    },
  };
  return self;
}

/**
 * Switches a rule on (taking its place of the plan's limit first, given back if the switch fails) or off
 * (then freeing its place). A rule already on keeps its place without asking again.
 */
export async function switchRule(
  t: RuleTable,
  quota: RuleQuota,
  userId: string,
  ruleId: string,
  status: 'on' | 'off',
  now: Date,
): Promise<Rule> {
  if (status === 'off') {
    const rule = await setRuleStatus(t, userId, ruleId, 'off', now);
    await quota.release(userId, [ruleId]);
    return rule;
  }
  const current = await readRule(t, userId, ruleId);
  if (current.status === 'on') return current;
  await quota.hold(userId, ruleId);
  try {
    return await setRuleStatus(t, userId, ruleId, 'on', now);
  } catch (error) {
    await quota.release(userId, [ruleId]);
    throw error;
  }
}
