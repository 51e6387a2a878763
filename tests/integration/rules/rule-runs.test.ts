import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { UsageSchema } from '@shared/schemas/billing';
import { localTableName } from '@infra/twin/function-environment';
import { twinDocumentClient } from '../ai/ai-user';
import type { BacktestResult, Rule, RuleDraft, RuleRun } from '@shared/schemas/rules';
import { defaultSafeguards } from '@shared/rule-language';
import { twin } from '../twin-client';
import {
  auditRows,
  connectMeta,
  freshUser,
  resetFaults,
  sandbox,
  setFaults,
  type FreshUser,
} from '../meta-api/meta-user';

/**
 * Automation rules on the twin, end to end: the rules API, "run now" through the rule-runs queue,
 * the evaluator reading the sandbox's daily insights, acting through the Meta change path (audit,
 * outbox), history and Slack. Campaign-level rules with explicit ids, so only this test's objects move;
 * what it pauses it resumes again with a rule.
 */

interface Campaign {
  id: string;
  name: string;
  status: string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('automation rules on the twin', () => {
  let user: FreshUser;
  let userSub: string;
  let accountId: string;
  let campaigns: Campaign[];

  const draft = (overrides: Partial<RuleDraft>): RuleDraft => ({
    name: 'integration rule',
    scope: { adAccountId: accountId, level: 'campaign', filter: { kind: 'ids', ids: campaigns.map((c) => c.id) } },
    conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gte', threshold: 0 }],
    action: { type: 'notify' },
    schedule: { kind: 'hourly' },
    safeguards: { ...defaultSafeguards('USD'), minSpendMinor: 0 },
    ...overrides,
  });

  const create = async (rule: RuleDraft): Promise<Rule> => {
    const reply = await user.call('/api/rules', { method: 'POST', body: JSON.stringify(rule) });
    expect(reply.status).toBe(201);
    return (await reply.json()) as Rule;
  };

  const runs = async (ruleId: string): Promise<RuleRun[]> =>
    ((await (await user.call('/api/rules/runs')).json()) as { runs: RuleRun[] }).runs.filter(
      (r) => r.ruleId === ruleId,
    );

  /** Run now, then wait for the run's history row. */
  const runNow = async (ruleId: string, timeoutMs?: number): Promise<RuleRun> => {
    const before = (await runs(ruleId)).length;
    const reply = await user.call(`/api/rules/${ruleId}/run`, { method: 'POST' });
    expect(reply.status).toBe(202);
    const after = await until(
      () => runs(ruleId),
      (list) => list.length > before,
      timeoutMs,
    );
    expect(after.length).toBe(before + 1);
    return after[0]!;
  };

  const statusOf = async (): Promise<Map<string, string>> => {
    const list = (await (await user.call(`/api/meta/ad-accounts/${accountId}/campaigns`)).json()).data as Campaign[];
    return new Map(list.map((c) => [c.id, c.status]));
  };

  beforeAll(async () => {
    // The campaigns as seeded: earlier suites (the optimizer's) change and undo budgets on the same account, and a
    // budget change puts an ad set back in learning for 7 days, which the default safeguard leaves alone. Integration
    // files run one at a time and each connects its own users, so this suite starts from a fresh world.
    const reset = await fetch(`${sandbox()}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ world: true }),
    });
    expect(reset.status).toBe(200);
    user = await freshUser('rules');
    await connectMeta(user);
    userSub = (await (await user.call('/api/me')).json()).uid;
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as {
      id: string;
      currency: string;
    }[];
    accountId = accounts.find((a) => a.currency === 'USD')!.id;
    const list = (await (await user.call(`/api/meta/ad-accounts/${accountId}/campaigns`)).json()).data as Campaign[];
    campaigns = list.filter((c) => c.status === 'ACTIVE').slice(0, 3);
    if (campaigns.length < 3) throw new Error('The sandbox has fewer than three active campaigns');
  });
  afterEach(() => resetFaults());
  afterAll(async () => {
    await resetFaults();
    // Leave the shared sandbox as found: resume what a rule paused, through a rule.
    if (campaigns?.length) {
      const resume = await create(
        draft({
          name: 'restore',
          action: { type: 'resume' },
          safeguards: { ...draft({}).safeguards, cooldownHours: 0 },
        }),
      );
      await runNow(resume.ruleId);
    }
    await user.remove();
  });

  it('validates rules and keeps versions', async () => {
    const bad = await user.call('/api/rules', {
      method: 'POST',
      body: JSON.stringify({ ...draft({}), conditions: [] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION_ERROR');

    const rule = await create(draft({ name: 'v1' }));
    expect(rule).toMatchObject({ version: 1, status: 'off' });
    const saved = await user.call(`/api/rules/${rule.ruleId}`, {
      method: 'PUT',
      body: JSON.stringify({ rule: draft({ name: 'v2' }), expectedVersion: 1 }),
    });
    expect((await saved.json()).version).toBe(2);
    const stale = await user.call(`/api/rules/${rule.ruleId}`, {
      method: 'PUT',
      body: JSON.stringify({ rule: draft({ name: 'v2 again' }), expectedVersion: 1 }),
    });
    expect(stale.status).toBe(409);
    const versions = (await (await user.call(`/api/rules/${rule.ruleId}/versions`)).json()).versions;
    expect(versions.map((v: { version: number; rule: RuleDraft }) => [v.version, v.rule.name])).toEqual([
      [2, 'v2'],
      [1, 'v1'],
    ]);
    const other = await freshUser('rules-other');
    try {
      const foreign = await other.call(`/api/rules/${rule.ruleId}/run`, { method: 'POST' });
      expect(foreign.status).toBe(404);
    } finally {
      await other.remove();
    }
  });

  it('backtests a draft on the account history: each day it fires, on which objects, with the effect', async () => {
    const reply = await user.call('/api/rules/backtest', {
      method: 'POST',
      body: JSON.stringify({
        rule: draft({
          scope: { adAccountId: accountId, level: 'adset', filter: { kind: 'all' } },
          conditions: [{ metric: 'spend', window: 'last_3_days', comparator: 'gt', threshold: 0 }],
          action: { type: 'pause' },
        }),
      }),
    });
    expect(reply.status).toBe(200);
    const result = (await reply.json()) as BacktestResult;
    // 120 days of history; a 3-day window plus a day of lag leaves 116 days to replay.
    expect(result).toMatchObject({ currency: 'USD', daysReplayed: 116, partial: false });
    expect(result.days).toHaveLength(116);
    expect(result.objectsInScope).toBeGreaterThan(1);
    // Every spending ad set is paused on its first eligible day: a rule that acts on everything is flagged.
    expect(result.totals.objectsFired).toBe(result.objectsInScope);
    expect(result.warnings.map((w) => w.code)).toContain('fires_on_every_object');
    expect(result.firings.every((f) => f.spendDeltaMinor !== null && f.spendDeltaMinor <= 0)).toBe(true);
    expect(result.totals.spendDeltaMinor).toBeLessThan(0);
  });

  it('pauses exactly the objects whose numbers meet the conditions, once, audited, evented and told to Slack', async () => {
    // A notify rule reads every campaign's 7-day spend: the threshold goes between the highest and the rest.
    const probe = await create(draft({ name: 'probe', safeguards: { ...draft({}).safeguards, cooldownHours: 0 } }));
    const probed = await runNow(probe.ruleId);
    expect(probed.outcome).toBe('acted');
    const spends = probed.actions.map((a) => ({ id: a.objectId, spend: a.readings[0]!.value! }));
    expect(spends).toHaveLength(3);
    spends.sort((a, b) => b.spend - a.spend);
    expect(spends[0]!.spend).toBeGreaterThan(spends[1]!.spend);
    const threshold = Math.floor((spends[0]!.spend + spends[1]!.spend) / 2);

    const pause = await create(
      draft({
        name: 'pause the big spender',
        conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gt', threshold }],
        action: { type: 'pause' },
      }),
    );
    const run = await runNow(pause.ruleId);
    expect(run.outcome).toBe('acted');
    expect(run.actions.map((a) => [a.objectId, a.status, a.action])).toEqual([[spends[0]!.id, 'done', 'pause']]);
    expect(run.actions[0]!.after?.status).toBe('PAUSED');
    expect(run.actions[0]!.reason).toContain('spend');
    const statuses = await statusOf();
    expect(statuses.get(spends[0]!.id)).toBe('PAUSED');
    expect(statuses.get(spends[1]!.id)).toBe('ACTIVE');
    expect(statuses.get(spends[2]!.id)).toBe('ACTIVE');

    // The same path as a manual change: a pending and a completed audit row naming the rule.
    const rows = (await auditRows(userSub)).filter((r) => r.source === `rule:${pause.ruleId}`);
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'pending']);

    // Once: a second run finds the object paused and does nothing.
    const again = await runNow(pause.ruleId);
    expect(again.outcome).toBe('nothing_to_do');
    expect(again.skips.not_applicable).toBe(1);

    // Slack hears what was done and why.
    const posts = await until(
      async () => (await (await fetch(twin().slackSink.requests)).json()) as { body: { text?: string } }[],
      (list) => list.some((p) => JSON.stringify(p).includes('pause the big spender')),
      30_000,
    );
    expect(JSON.stringify(posts)).toContain('pause the big spender');
  });

  it('holds an object for the cooldown after an action, across rules', async () => {
    // The campaign paused above was changed moments ago: a resume rule with the default 24 h cooldown waits.
    const resume = await create(draft({ name: 'resume too soon', action: { type: 'resume' } }));
    const held = await runNow(resume.ruleId);
    expect(held.actions).toEqual([]);
    expect(held.skips).toMatchObject({ cooldown: 1, not_applicable: 2 });

    // A notify rule holds back its own notices for its cooldown.
    const notify = await create(draft({ name: 'notices', safeguards: { ...draft({}).safeguards, cooldownHours: 24 } }));
    const first = await runNow(notify.ruleId);
    expect(first.actions).toHaveLength(3);
    const second = await runNow(notify.ruleId);
    expect(second).toMatchObject({ outcome: 'nothing_to_do', actions: [], skips: { cooldown: 3 } });
  });

  it('the kill switch stops every rule', async () => {
    const rule = await create(
      draft({
        name: 'kill switch',
        conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gte', threshold: 0 }],
        action: { type: 'pause' },
      }),
    );
    await user.call('/api/rule-settings', { method: 'PUT', body: JSON.stringify({ killSwitch: true }) });
    try {
      const run = await runNow(rule.ruleId);
      expect(run).toMatchObject({ outcome: 'skipped', skippedBecause: 'kill_switch', actions: [] });
      const statuses = await statusOf();
      expect(campaigns.filter((c) => statuses.get(c.id) === 'ACTIVE').length).toBeGreaterThanOrEqual(2);
    } finally {
      await user.call('/api/rule-settings', { method: 'PUT', body: JSON.stringify({ killSwitch: false }) });
    }
  });

  it('retries when Meta fails, then records and reports the failure', async () => {
    const rule = await create(draft({ name: 'meta down', safeguards: { ...draft({}).safeguards, cooldownHours: 0 } }));
    // Transient errors the Graph client's own retries absorb: the run still succeeds.
    await setFaults({ serverError: 2 });
    const survived = await runNow(rule.ruleId);
    expect(survived.outcome).toBe('acted');
    // Meta down for longer than every retry and redelivery: one failed run, reported.
    await setFaults({ serverError: 1000 });
    const failed = await runNow(rule.ruleId, 120_000);
    expect(failed.outcome).toBe('failed');
    expect(failed.error).toMatch(/Meta could not be read/);
    await resetFaults();
    const posts = await until(
      async () => JSON.stringify(await (await fetch(twin().slackSink.requests)).json()),
      (text) => text.includes('Rule failed') && text.includes('meta down'),
      30_000,
    );
    expect(posts).toContain('meta down');
  });

  it('counts rules switched on against the plan: a third on Free answers 429 QUOTA_EXCEEDED, no reset, naming Pro', async () => {
    const made: Rule[] = [];
    for (let i = 0; i < 3; i++) made.push(await create(draft({ name: `quota ${i}` })));
    const setStatus = (ruleId: string, status: 'on' | 'off') =>
      user.call(`/api/rules/${ruleId}/status`, { method: 'PUT', body: JSON.stringify({ status }) });
    const rulesUsage = async () =>
      UsageSchema.parse(await (await user.call('/api/billing/usage')).json()).limits.find(
        (l) => l.key === 'automationRules',
      )!;
    try {
      expect((await setStatus(made[0]!.ruleId, 'on')).status).toBe(200);
      expect((await setStatus(made[1]!.ruleId, 'on')).status).toBe(200);
      expect(await rulesUsage()).toMatchObject({
        used: 2,
        limit: plans.free.limits.automationRules,
        resetsAt: null,
        enforced: true,
      });

      const refused = await setStatus(made[2]!.ruleId, 'on');
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as {
        error: { code: string; message: string; details: Record<string, string> };
      };
      expect(body.error.code).toBe('QUOTA_EXCEEDED');
      expect(body.error.details).toMatchObject({
        quota: 'automationRules',
        limit: '2',
        plan: 'free',
        upgradeTo: 'pro',
      });
      expect(body.error.details.resetsAt).toBeUndefined();
      expect(body.error.message).toMatch(/not an allowance that resets/);
      const list = (await (await user.call('/api/rules')).json()) as { rules: Rule[] };
      expect(list.rules.find((r) => r.ruleId === made[2]!.ruleId)?.status).toBe('off');

      // Switching one off frees its place.
      expect((await setStatus(made[0]!.ruleId, 'off')).status).toBe(200);
      expect((await setStatus(made[2]!.ruleId, 'on')).status).toBe(200);
      expect((await rulesUsage()).used).toBe(2);
    } finally {
      for (const rule of made) await setStatus(rule.ruleId, 'off');
    }
    expect((await rulesUsage()).used).toBe(0);
  });

  it('above the plan’s ad-account limit, a rule’s change that spends is reported as refused, not retried; pauses still run', async () => {
    const doc = twinDocumentClient();
    const key = { user_id: userSub, counter: 'connectedAdAccounts' };
    const table = localTableName('quotaUsage');
    const before = (await doc.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
    const target = campaigns[2]!;
    try {
      // A pause never waits for the plan.
      const pause = await create(
        draft({
          name: 'pause for the plan test',
          scope: { adAccountId: accountId, level: 'campaign', filter: { kind: 'ids', ids: [target.id] } },
          action: { type: 'pause' },
          safeguards: { ...draft({}).safeguards, cooldownHours: 0 },
        }),
      );
      // Three accounts held from a bigger plan; Free allows two.
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: { ...key, members: new Set([accountId, 'act_held_elsewhere_1', 'act_held_elsewhere_2']) },
        }),
      );
      const paused = await runNow(pause.ruleId);
      expect(paused.actions.map((a) => [a.objectId, a.status])).toEqual([[target.id, 'done']]);

      const resume = await create(
        draft({
          name: 'resume above the plan',
          scope: { adAccountId: accountId, level: 'campaign', filter: { kind: 'ids', ids: [target.id] } },
          action: { type: 'resume' },
          safeguards: { ...draft({}).safeguards, cooldownHours: 0 },
        }),
      );
      const refused = await runNow(resume.ruleId);
      expect(refused).toMatchObject({ outcome: 'nothing_to_do', actions: [], skips: { plan_limit: 1 } });
      expect(refused.error).toMatch(/more ad accounts than your plan allows/);
      expect((await statusOf()).get(target.id)).toBe('PAUSED');
      // Once, not again and again: the history holds one row for that run.
      expect(await runs(resume.ruleId)).toHaveLength(1);
    } finally {
      if (before) await doc.send(new PutCommand({ TableName: table, Item: before }));
      else await doc.send(new DeleteCommand({ TableName: table, Key: key }));
      doc.destroy();
    }
  });

  it('a rule naming an ad account outside the user’s Meta connection is refused on create, update, switch-on and run-now; nothing is stored', async () => {
    const foreign = 'act_999000111222';
    const foreignDraft = draft({
      name: 'someone else’s account',
      scope: { adAccountId: foreign, level: 'campaign', filter: { kind: 'all' } },
    });
    const listed = async () => ((await (await user.call('/api/rules')).json()) as { rules: Rule[] }).rules;
    const expectRefused = async (reply: Response) => {
      expect([403, 404]).toContain(reply.status);
      const body = (await reply.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: expect.any(String), message: expect.stringMatching(/ad account/i) });
    };
    const before = await listed();

    await expectRefused(await user.call('/api/rules', { method: 'POST', body: JSON.stringify(foreignDraft) }));
    expect((await listed()).map((r) => r.ruleId)).toEqual(before.map((r) => r.ruleId));

    const own = await create(draft({ name: 'own account, then moved' }));
    await expectRefused(
      await user.call(`/api/rules/${own.ruleId}`, {
        method: 'PUT',
        body: JSON.stringify({ rule: foreignDraft, expectedVersion: own.version }),
      }),
    );
    const unchanged = (await listed()).find((r) => r.ruleId === own.ruleId)!;
    expect(unchanged.version).toBe(own.version);
    expect(unchanged.rule.scope.adAccountId).toBe(accountId);

    // A rule stored before this check (or by hand) naming a foreign account: never switched on, never run.
    const doc = twinDocumentClient();
    const table = localTableName('automationRules');
    const ruleId = '00000000-0000-4000-8000-00000000f0e1';
    try {
      const { Item } = await doc.send(
        new GetCommand({ TableName: table, Key: { user_id: userSub, item_key: `rule#${own.ruleId}` } }),
      );
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: { ...Item, item_key: `rule#${ruleId}`, rule_id: ruleId, rule: foreignDraft, status: 'off' },
        }),
      );
      await expectRefused(
        await user.call(`/api/rules/${ruleId}/status`, { method: 'PUT', body: JSON.stringify({ status: 'on' }) }),
      );
      expect((await listed()).find((r) => r.ruleId === ruleId)?.status).toBe('off');
      await expectRefused(await user.call(`/api/rules/${ruleId}/run`, { method: 'POST' }));
      expect(await runs(ruleId)).toHaveLength(0);
    } finally {
      await doc.send(new DeleteCommand({ TableName: table, Key: { user_id: userSub, item_key: `rule#${ruleId}` } }));
      await user.call(`/api/rules/${own.ruleId}`, { method: 'DELETE' });
      doc.destroy();
    }
  });
});
