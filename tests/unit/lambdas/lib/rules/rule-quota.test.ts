import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import { heldMembers, readUsage } from '@lambdas/lib/quota/plan-quota';
import { ruleQuota, rulesQuotaExceeded, switchRule } from '@lambdas/lib/rules/rule-quota';
import { createRule, deleteRule, type RuleTable } from '@lambdas/lib/rules/rule-store';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';
import { ruleOf } from './rule-fixtures';

/** The plan's rules-on-at-once limit (issue 15) on real DynamoDB: taken when switched on, freed when off. */

let aws: LocalAws;
let rules: RuleTable;
const counters = () => ({ doc: aws.doc, table: localTableName('quotaUsage') });
const quota = () => ruleQuota(counters(), { doc: aws.doc, table: localTableName('userPlans') });
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  aws = await startLocalAws();
  rules = { doc: aws.doc, table: localTableName('automationRules') };
}, 60_000);
afterAll(() => aws?.stop());

describe('rules switched on at once', () => {
  it('allows the Free plan’s two, refuses a third with 429 QUOTA_EXCEEDED, and frees a place when one is switched off', async () => {
    const userId = `rule-quota-${Date.now()}`;
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map((i) => createRule(rules, userId, ruleOf({ name: `r${i}` }), now)),
    );
    await switchRule(rules, quota(), userId, a!.ruleId, 'on', now);
    await switchRule(rules, quota(), userId, b!.ruleId, 'on', now);
    // Switching on a rule that is already on takes no second place.
    await switchRule(rules, quota(), userId, b!.ruleId, 'on', now);

    const refused = await switchRule(rules, quota(), userId, c!.ruleId, 'on', now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.details).toMatchObject({ quota: 'automationRules', limit: '2', plan: 'free', upgradeTo: 'pro' });
    expect(error.details?.resetsAt).toBeUndefined();
    expect(error.message).toMatch(/Free plan allows 2 rules on at once/);
    expect(error.message).toMatch(/not an allowance that resets/);
    expect(error.message).toMatch(/Pro allows 25 rules on at once/);

    await switchRule(rules, quota(), userId, a!.ruleId, 'off', now);
    await switchRule(rules, quota(), userId, c!.ruleId, 'on', now);
    expect(await heldMembers(counters(), userId, 'automationRules')).toEqual([b!.ruleId, c!.ruleId].sort());

    // Deleting frees the place too (the handler releases after the delete).
    await deleteRule(rules, userId, b!.ruleId);
    await quota().release(userId, [b!.ruleId]);
    const usage = (await readUsage(counters(), userId, 'free')).find((u) => u.key === 'automationRules');
    expect(usage).toMatchObject({ used: 1, limit: plans.free.limits.automationRules, resetsAt: null, enforced: true });
  });

  it('lets only one of two rules switched on together take the last place', async () => {
    const userId = `rule-quota-race-${Date.now()}`;
    const made = await Promise.all([1, 2, 3].map((i) => createRule(rules, userId, ruleOf({ name: `r${i}` }), now)));
    await switchRule(rules, quota(), userId, made[0]!.ruleId, 'on', now);
    const outcomes = await Promise.allSettled(
      made.slice(1).map((r) => switchRule(rules, quota(), userId, r.ruleId, 'on', now)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await heldMembers(counters(), userId, 'automationRules')).toHaveLength(2);
  });

  it('holds exactly the rules kept on after a downgrade', async () => {
    const userId = `rule-quota-keep-${Date.now()}`;
    const made = await Promise.all([1, 2].map((i) => createRule(rules, userId, ruleOf({ name: `r${i}` }), now)));
    await switchRule(rules, quota(), userId, made[0]!.ruleId, 'on', now);
    await quota().holdExactly(userId, [made[1]!.ruleId]);
    expect(await heldMembers(counters(), userId, 'automationRules')).toEqual([made[1]!.ruleId]);
    expect(await quota().limitOf(userId)).toEqual({ limit: 2, plan: 'free', planName: 'Free' });
  });

  it('says there is no reset and names no plan above the largest', () => {
    const top = rulesQuotaExceeded('agency', 200, now);
    expect(top.message).toMatch(/^Your Agency plan allows 200 rules on at once/);
    expect(top.message).not.toMatch(/upgrade/);
  });
});
