import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '@shared/schemas/audiences';
import type { Rule, RuleDraft, RuleRun } from '@shared/schemas/rules';
import { defaultSafeguards } from '@shared/rule-language';
import { sandbox } from '../meta-api/meta-user';
import { optimizerUsers, sandboxToken, until, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * Rules limited to a custom audience (issue 30, req 3) on the twin: the audience must be one of the rule's own ad
 * account (checked on Meta when the rule is saved: 400 naming scope.audience.id otherwise), and a run looks only at
 * ad sets whose targeting names it (the sandbox's seeded ad sets name none, so such a rule evaluates nothing while
 * the same rule without the audience evaluates every ad set).
 */
let users: OptimizerUsers;
let engaged: Audience;

const draft = (scope: Partial<RuleDraft['scope']> = {}): RuleDraft => ({
  name: 'audience rule',
  scope: { adAccountId: users.usdAccount, level: 'adset', filter: { kind: 'all' }, ...scope },
  conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gte', threshold: 0 }],
  action: { type: 'notify' },
  schedule: { kind: 'hourly' },
  safeguards: { ...defaultSafeguards('USD'), minSpendMinor: 0 },
});
const saveRule = (rule: RuleDraft) => users.user.call('/api/rules', { method: 'POST', body: JSON.stringify(rule) });

async function runNow(ruleId: string): Promise<RuleRun> {
  await users.user.call(`/api/rules/${ruleId}/status`, { method: 'PUT', body: JSON.stringify({ status: 'on' }) });
  const reply = await users.user.call(`/api/rules/${ruleId}/run`, { method: 'POST' });
  expect(reply.status).toBe(202);
  const runs = await until(
    async () =>
      ((await (await users.user.call('/api/rules/runs')).json()) as { runs: RuleRun[] }).runs.filter(
        (run) => run.ruleId === ruleId,
      ),
    (list) => list.length > 0,
    60_000,
  );
  return runs[0]!;
}

beforeAll(async () => {
  users = await optimizerUsers('rule-audiences');
  const made = await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}/engagement`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Rule audience: Page engagers 30 days', retentionDays: 30 }),
  });
  expect(made.status).toBe(201);
  engaged = ((await made.json()) as { audience: Audience }).audience;
}, 120_000);
afterAll(() => users.remove());

describe('rules limited to a custom audience', () => {
  it('saves a rule on an audience of its account, and refuses one of another account or unknown to Meta', async () => {
    const audience = { id: engaged.id, name: engaged.name, relation: 'targets' as const };
    const saved = await saveRule(draft({ audience }));
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as Rule).rule.scope.audience).toEqual(audience);

    for (const refused of [
      draft({ adAccountId: users.jpyAccount, audience }),
      draft({ audience: { ...audience, id: '120999999999999' } }),
    ]) {
      const reply = await saveRule(refused);
      expect(reply.status).toBe(400);
      const body = (await reply.json()) as { error: { code: string; details?: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.details ?? {})).toEqual(['scope.audience.id']);
    }
  }, 60_000);

  it('looks only at ad sets whose targeting names the audience', async () => {
    const audience = { id: engaged.id, name: engaged.name, relation: 'targets' as const };
    const limited = (await (await saveRule({ ...draft({ audience }), name: 'limited' })).json()) as Rule;
    const everyAdSet = (await (await saveRule({ ...draft(), name: 'every ad set' })).json()) as Rule;
    const [limitedRun, everyRun] = [await runNow(limited.ruleId), await runNow(everyAdSet.ruleId)];
    expect(limitedRun.error).toBeUndefined();
    expect(limitedRun).toMatchObject({ outcome: 'nothing_to_do', evaluated: 0, actions: [] });
    expect(everyRun.evaluated).toBeGreaterThan(0);
  }, 150_000);

  // Last in the file: its ad sets name the audience, which the test above relies on no ad set doing.
  it('pauses the ad set that targets the audience and leaves the one that does not untouched', async () => {
    const token = await sandboxToken(users.user);
    const post = async (path: string, params: Record<string, string>) => {
      const reply = await fetch(`${sandbox()}/v26.0/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, access_token: token }).toString(),
      });
      const body = (await reply.json()) as { id: string };
      expect(reply.status, JSON.stringify(body)).toBe(200);
      return body.id;
    };
    const statusOf = async (id: string) => {
      const url = new URL(`${sandbox()}/v26.0/${id}`);
      url.search = new URLSearchParams({ fields: 'status', access_token: token }).toString();
      return ((await (await fetch(url)).json()) as { status: string }).status;
    };
    const campaignId = await post(`${users.usdAccount}/campaigns`, {
      name: `Rule audience suite ${Date.now()}`,
      objective: 'OUTCOME_TRAFFIC',
      status: 'ACTIVE',
      special_ad_categories: '[]',
      daily_budget: '5000',
    });
    const adSet = (name: string, extra: Record<string, unknown>) =>
      post(`${users.usdAccount}/adsets`, {
        name,
        campaign_id: campaignId,
        optimization_goal: 'LINK_CLICKS',
        billing_event: 'IMPRESSIONS',
        destination_type: 'WEBSITE',
        status: 'ACTIVE',
        targeting: JSON.stringify({
          geo_locations: { countries: ['US'] },
          age_min: 25,
          age_max: 55,
          targeting_automation: { advantage_audience: 0 },
          ...extra,
        }),
      });
    try {
      const targeted = await adSet('Engagers', { custom_audiences: [{ id: engaged.id }] });
      const other = await adSet('Everyone else', {});
      const rule = (await (
        await saveRule({
          ...draft({ audience: { id: engaged.id, name: engaged.name, relation: 'targets' } }),
          name: 'pause engagers',
          action: { type: 'pause' },
          safeguards: { ...defaultSafeguards('USD'), minSpendMinor: 0, skipLearning: false },
        })
      ).json()) as Rule;
      const run = await runNow(rule.ruleId);
      expect(run.error).toBeUndefined();
      expect(run.actions.map((action) => action.objectId)).toEqual([targeted]);
      expect(await statusOf(targeted)).toBe('PAUSED');
      expect(await statusOf(other)).toBe('ACTIVE');
    } finally {
      await post(campaignId, { status: 'DELETED' }).catch(() => undefined);
    }
  }, 150_000);
});
