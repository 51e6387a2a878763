import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleDraft, RuleRunJob } from '@shared/schemas/rules';
import { localTableName } from '@infra/twin/function-environment';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { READ_CALL_BUDGET } from '@lambdas/lib/meta/bounded-list';
import { queueDueUsers } from '@lambdas/lib/rules/rule-runner';
import {
  createRule,
  listRuleRecords,
  listRuns,
  listRules,
  readSettings,
  setRuleStatus,
  writeSettings,
  type RuleTable,
} from '@lambdas/lib/rules/rule-store';
import {
  PLAN_LIMIT_NOTE,
  rulesBeyondLimit,
  runRulesForUser,
  scheduledWindow,
  type RunDeps,
} from '@lambdas/lib/rules/run-rules';
import { fakeGraphAccount } from '@tests/support/fake-graph-account';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';
import { ruleOf } from './rule-fixtures';

/**
 * The evaluator's run on real DynamoDB (dynalite) and a counting fake Graph client: due-ness decided
 * before Meta is read, one read per account and level for every due rule, the kill switch's one row
 * per activation, rules beyond the plan after a downgrade, and a spending change the plan refuses.
 */

const ACCOUNT = 'act_1';
const CAMPAIGNS = 4;
const ADSETS_PER_CAMPAIGN = 2;
const ADS_PER_ADSET = 3;

/** Ad sets naming custom audiences in their targeting (Meta's [{id}] lists); the others name none. */
const TARGETING: Record<string, object> = {
  's0-0': { custom_audiences: [{ id: '900' }], excluded_custom_audiences: [{ id: '901' }] },
  's1-1': { excluded_custom_audiences: [{ id: '900', name: 'Customers' }] },
};

/** A Graph client over a small fixed account (field expansion understood) that records each call's path. */
function fakeGraph() {
  const campaigns = Array.from({ length: CAMPAIGNS }, (_, c) => ({
    id: `c${c}`,
    name: `Campaign ${c}`,
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    daily_budget: '5000',
  }));
  const adsets = campaigns.flatMap((c, ci) =>
    Array.from({ length: ADSETS_PER_CAMPAIGN }, (_, s) => ({
      id: `s${ci}-${s}`,
      name: `Ad set ${ci}-${s}`,
      campaign_id: c.id,
      status: 'ACTIVE',
      daily_budget: '2000',
      learning_stage_info: { status: 'SUCCESS' },
      targeting: TARGETING[`s${ci}-${s}`] ?? { geo_locations: { countries: ['US'] } },
    })),
  );
  const ads = adsets.flatMap((s) =>
    Array.from({ length: ADS_PER_ADSET }, (_, a) => ({
      id: `${s.id}-a${a}`,
      name: `Ad ${s.id}-${a}`,
      campaign_id: s.campaign_id,
      adset_id: s.id,
      status: 'ACTIVE',
    })),
  );
  const { graph, calls } = fakeGraphAccount({
    account: { id: ACCOUNT, currency: 'USD', timezone_name: 'America/New_York' },
    campaigns,
    adsets,
    ads,
    dayRow: () => ({ spend: '10.00', impressions: '1000', reach: '800', inline_link_clicks: '10' }),
  });
  return { graph, calls, ads: ads.length };
}

let aws: LocalAws;
let rules: RuleTable;
let runs: RuleTable;
let userCount = 0;

beforeAll(async () => {
  aws = await startLocalAws();
  rules = { doc: aws.doc, table: localTableName('automationRules') };
  runs = { doc: aws.doc, table: localTableName('ruleRuns') };
}, 60_000);
afterAll(() => aws?.stop());

const newUser = () => `unit-rules-user-${++userCount}-${Date.now()}`;

// 2026-11-22 15:10 UTC = 10:10 in New York.
const T0 = new Date('2026-11-22T15:10:00Z');
// One clock for the whole file, each call a millisecond later, so history rows never share a key.
let clock = T0.getTime();

function depsOf(graph: GraphClient, overrides: Partial<RunDeps> = {}): RunDeps & { changes: unknown[] } {
  const changes: unknown[] = [];
  return {
    rules,
    runs,
    graph,
    applyChange: async (input) => {
      changes.push(input);
      return { before: { status: 'ACTIVE', dailyBudget: 2000 }, after: { status: 'PAUSED', dailyBudget: 2000 } };
    },
    notify: async () => undefined,
    now: () => new Date((clock += 1)),
    remainingMs: () => 60_000,
    finalAttempt: false,
    changes,
    ...overrides,
  };
}

async function ruleOn(userId: string, draft: RuleDraft, at = T0) {
  const rule = await createRule(rules, userId, draft, at);
  await setRuleStatus(rules, userId, rule.ruleId, 'on', at);
  return rule;
}

const notifyRule = (level: RuleDraft['scope']['level'], schedule: RuleDraft['schedule'] = { kind: 'hourly' }) =>
  ruleOf({
    scope: { adAccountId: ACCOUNT, level, filter: { kind: 'all' } },
    conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gt', threshold: 1_000_000 }],
    action: { type: 'notify' },
    schedule,
  });

const job = (userId: string, at: Date, extra: Partial<RuleRunJob> = {}): RuleRunJob => ({
  userId,
  trigger: 'schedule',
  at: at.toISOString(),
  ...extra,
});

describe('due-ness from the stored schedule', () => {
  it('is unknown before the account zone was ever read, then decided from the cached zone and last window', async () => {
    const userId = newUser();
    await ruleOn(userId, notifyRule('ad', { kind: 'daily', time: '09:00' }));
    const [record] = await listRuleRecords(rules, userId);
    expect(scheduledWindow(record!, T0)).toBe('unknown');

    const { graph } = fakeGraph();
    await runRulesForUser(depsOf(graph), job(userId, T0));
    const [after] = await listRuleRecords(rules, userId);
    expect(after!.accountFacts).toMatchObject({ id: ACCOUNT, timezoneName: 'America/New_York', currency: 'USD' });
    expect(after!.lastWindow).toBe('2026-11-22@09:00');
    // The same day's window ran: not due until tomorrow 09:00 in New York (14:00 UTC).
    expect(scheduledWindow(after!, new Date('2026-11-23T13:59:00Z'))).toBeNull();
    expect(scheduledWindow(after!, new Date('2026-11-23T14:00:00Z'))).toBe('2026-11-23@09:00');
  });

  it('queues only users with a due rule, and the evaluator reads nothing from Meta for a rule not due', async () => {
    const ran = newUser();
    const fresh = newUser();
    await ruleOn(ran, notifyRule('campaign'));
    await ruleOn(fresh, notifyRule('campaign'));
    const { graph, calls } = fakeGraph();
    await runRulesForUser(depsOf(graph), job(ran, T0));

    const sent: RuleRunJob[] = [];
    await queueDueUsers(rules, async (j) => void sent.push(j), new Date(T0.getTime() + 5 * 60_000));
    const queued = new Set(sent.map((j) => j.userId));
    expect(queued.has(ran)).toBe(false);
    expect(queued.has(fresh)).toBe(true);
    // The next hour in New York: due again.
    sent.length = 0;
    await queueDueUsers(rules, async (j) => void sent.push(j), new Date('2026-11-22T16:00:00Z'));
    expect(sent.find((j) => j.userId === ran)?.ruleIds).toHaveLength(1);

    // A job that arrives when its rule already ran in this window costs no Graph call.
    calls.length = 0;
    expect(await runRulesForUser(depsOf(graph), job(ran, new Date(T0.getTime() + 60_000)))).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('bounded Meta reads per run', () => {
  it('reads each account once for all due rules: each list once with its insights expanded, whatever the rule count', async () => {
    const userId = newUser();
    for (let i = 0; i < 12; i++) await ruleOn(userId, notifyRule((['campaign', 'adset', 'ad'] as const)[i % 3]!));
    const { graph, calls } = fakeGraph();
    const first = await runRulesForUser(depsOf(graph), job(userId, T0));
    expect(first).toHaveLength(12);
    expect(first.every((r) => r.outcome === 'nothing_to_do' && r.evaluated > 0)).toBe(true);
    expect([...calls].sort()).toEqual(
      [
        `GET /${ACCOUNT}`,
        `LIST /${ACCOUNT}/campaigns+insights`,
        `LIST /${ACCOUNT}/adsets+insights`,
        `LIST /${ACCOUNT}/ads+insights`,
      ].sort(),
    );
    expect(calls.length).toBeLessThanOrEqual(READ_CALL_BUDGET);
    expect(first.some((r) => r.partial)).toBe(false);

    // The next window: the account's zone and currency come from the rule items (read under a day ago).
    calls.length = 0;
    const second = await runRulesForUser(depsOf(graph), job(userId, new Date('2026-11-22T16:05:00Z')));
    expect(second).toHaveLength(12);
    expect(calls).toHaveLength(3);
    expect(calls).not.toContain(`GET /${ACCOUNT}`);
  });
});

describe('rules limited to a custom audience', () => {
  it.each<[RuleDraft['scope']['level'], 'targets' | 'excludes', string[]]>([
    ['adset', 'targets', ['s0-0']],
    ['adset', 'excludes', ['s1-1']],
    // A campaign is in when any of its ad sets names the audience; an ad when its own ad set does.
    ['campaign', 'targets', ['c0']],
    ['ad', 'excludes', ['s1-1-a0', 's1-1-a1', 's1-1-a2']],
  ])('at %s level, limited to ad sets that %s it, acts only on %o', async (level, relation, expected) => {
    const userId = newUser();
    await ruleOn(userId, {
      ...notifyRule(level),
      scope: {
        adAccountId: ACCOUNT,
        level,
        filter: { kind: 'all' },
        audience: { id: '900', name: 'Customers', relation },
      },
      conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gt', threshold: 0 }],
      safeguards: { ...notifyRule(level).safeguards, minSpendMinor: 0 },
    });
    const { graph } = fakeGraph();
    const [run] = await runRulesForUser(depsOf(graph), job(userId, T0));
    expect(run!.actions.map((action) => action.objectId).sort()).toEqual(expected);
  });
});

describe('the kill switch', () => {
  it('writes one stopped row per rule per activation, never one per window, and reads nothing from Meta', async () => {
    const userId = newUser();
    const rule = await ruleOn(userId, notifyRule('adset'));
    const since = await writeSettings(rules, userId, { killSwitch: true }, T0);
    expect(since.killSwitchSince).toBe(T0.toISOString());
    // Switching it on again keeps the first activation's time.
    await writeSettings(rules, userId, { killSwitch: true }, new Date(T0.getTime() + 1000));
    expect((await readSettings(rules, userId)).killSwitchSince).toBe(T0.toISOString());

    const { graph, calls } = fakeGraph();
    for (let hour = 0; hour < 5; hour++)
      await runRulesForUser(depsOf(graph), job(userId, new Date(T0.getTime() + hour * 3_600_000)));
    let history = await listRuns(runs, userId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ ruleId: rule.ruleId, outcome: 'skipped', skippedBecause: 'kill_switch' });
    expect(calls).toEqual([]);

    // Off, then on again: a new activation, one more row.
    await writeSettings(rules, userId, { killSwitch: false }, new Date(T0.getTime() + 6 * 3_600_000));
    expect((await readSettings(rules, userId)).killSwitchSince).toBeNull();
    await writeSettings(rules, userId, { killSwitch: true }, new Date(T0.getTime() + 7 * 3_600_000));
    await runRulesForUser(depsOf(graph), job(userId, new Date(T0.getTime() + 7 * 3_600_000)));
    await runRulesForUser(depsOf(graph), job(userId, new Date(T0.getTime() + 8 * 3_600_000)));
    history = await listRuns(runs, userId);
    expect(history.filter((r) => r.skippedBecause === 'kill_switch')).toHaveLength(2);
  });
});

describe('the plan', () => {
  it('keeps the oldest rules on after a downgrade and switches the rest off with a history row', async () => {
    const userId = newUser();
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(
        await ruleOn(userId, { ...notifyRule('campaign'), name: `rule ${i}` }, new Date(T0.getTime() + i * 1000)),
      );
    const held: string[][] = [];
    const { graph } = fakeGraph();
    await runRulesForUser(
      depsOf(graph, {
        ruleLimit: {
          limitOf: async () => ({ limit: 2, planName: 'Free' }),
          holdExactly: async (_user, ids) => void held.push(ids),
        },
      }),
      job(userId, T0),
    );
    const status = new Map((await listRules(rules, userId)).map((r) => [r.rule.name, r.status]));
    expect(Object.fromEntries(status)).toEqual({ 'rule 0': 'on', 'rule 1': 'on', 'rule 2': 'off', 'rule 3': 'off' });
    expect(held).toEqual([[made[0]!.ruleId, made[1]!.ruleId]]);
    const notes = (await listRuns(runs, userId)).filter((r) => r.skippedBecause === 'plan_limit');
    expect(notes.map((r) => r.ruleName).sort()).toEqual(['rule 2', 'rule 3']);
    expect(notes[0]!.error).toMatch(/Free plan allows 2 rules on at once/);
    // The rules kept on ran in the same job; the ones switched off did not.
    const ran = (await listRuns(runs, userId)).filter((r) => r.outcome === 'nothing_to_do').map((r) => r.ruleName);
    expect(ran.sort()).toEqual(['rule 0', 'rule 1']);
  });

  it('orders by creation, oldest first', () => {
    const rec = (id: string, createdAt: string, status: 'on' | 'off') => ({
      rule: { ruleId: id, createdAt, status } as never,
      lastWindow: null,
      accountFacts: null,
    });
    const split = rulesBeyondLimit(
      [
        rec('c', '2026-03-01', 'on'),
        rec('a', '2026-01-01', 'on'),
        rec('x', '2025-01-01', 'off'),
        rec('b', '2026-02-01', 'on'),
      ],
      2,
    );
    expect(split.keep.map((r) => r.ruleId)).toEqual(['a', 'b']);
    expect(split.switchOff.map((r) => r.ruleId)).toEqual(['c']);
    expect(rulesBeyondLimit([rec('a', '2026-01-01', 'on')], 0).switchOff).toHaveLength(1);
  });

  it('reports a spending change the plan refuses as refused, not as a failure to retry', async () => {
    const userId = newUser();
    await ruleOn(userId, {
      ...notifyRule('campaign'),
      conditions: [{ metric: 'spend', window: 'last_7_days', comparator: 'gt', threshold: 0 }],
      action: { type: 'change_budget', direction: 'raise', percent: 10, floorMinor: 100, ceilingMinor: 1_000_000 },
      safeguards: { ...notifyRule('campaign').safeguards, minSpendMinor: 0 },
    });
    const { graph } = fakeGraph();
    const [run] = await runRulesForUser(
      depsOf(graph, {
        applyChange: async () => {
          throw Object.assign(new Error('Your Free plan allows 2 ad accounts'), { code: 'QUOTA_EXCEEDED' });
        },
      }),
      job(userId, T0),
    );
    expect(run).toMatchObject({ outcome: 'nothing_to_do', actions: [], skips: { plan_limit: CAMPAIGNS } });
    expect(run!.error).toBe(PLAN_LIMIT_NOTE);
  });
});
