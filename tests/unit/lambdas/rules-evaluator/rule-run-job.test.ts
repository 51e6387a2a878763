import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuleRunJob } from '@shared/schemas/rules';
import type { ObjectChangeDeps, ObjectChangeInput } from '@lambdas/lib/meta-changes/apply-object-change';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import type { RunDeps } from '@lambdas/lib/rules/run-rules';
import { runRuleJob, type RuleRunJobDeps } from '@lambdas/rules-evaluator/rule-run-job';

// The run itself (lib/rules/run-rules) and Meta's change path (lib/meta-changes) have their own tests: here they
// record what the job hands them, so the test sees how a queued run is wired to the user's account and plan.
const seen = vi.hoisted(() => ({
  run: undefined as unknown as { deps: RunDeps; job: RuleRunJob },
  changes: [] as { deps: ObjectChangeDeps; input: ObjectChangeInput }[],
  events: [] as { detailType: string; detail: unknown }[],
  runs: [] as { actions: unknown[] }[],
}));
vi.mock('@lambdas/lib/rules/run-rules', () => ({
  runRulesForUser: async (deps: RunDeps, job: RuleRunJob) => {
    seen.run = { deps, job };
    return seen.runs;
  },
}));
vi.mock('@lambdas/lib/meta-changes/apply-object-change', () => ({
  applyObjectChange: async (deps: ObjectChangeDeps, input: ObjectChangeInput) => {
    seen.changes.push({ deps, input });
    return { before: { status: 'ACTIVE', dailyBudget: 5000 }, after: { status: 'ACTIVE', dailyBudget: 6000 } };
  },
}));
vi.mock('@lambdas/lib/outbox/event-outbox', () => ({
  enqueueEvent: async (_doc: unknown, event: { detailType: string }, detail: unknown) => {
    seen.events.push({ detailType: event.detailType, detail });
    return 'event-1';
  },
}));

const job: RuleRunJob = { userId: 'user-1', trigger: 'schedule', at: '2026-11-27T10:00:00.000Z' };
const graph = { name: 'graph of user-1' } as unknown as GraphClient;

function deps(overrides: Partial<RuleRunJobDeps> = {}) {
  const calls: string[] = [];
  const logged: { level: string; message: string; facts?: Record<string, unknown> }[] = [];
  const value: RuleRunJobDeps = {
    doc: {} as DynamoDBDocumentClient,
    rules: { doc: {} as DynamoDBDocumentClient, table: 'rules' },
    runs: { doc: {} as DynamoDBDocumentClient, table: 'runs' },
    graphFor: async (userId) => {
      calls.push(`graphFor ${userId}`);
      return graph;
    },
    cache: {
      forget: async (userId: string) => {
        calls.push(`forget ${userId}`);
      },
    } as unknown as RuleRunJobDeps['cache'],
    adAccountQuota: {
      assertWithinLimit: async (userId) => calls.push(`assertWithinLimit ${userId}`),
      hold: async (userId, adAccountId) => calls.push(`hold ${userId} ${adAccountId}`),
    },
    ruleLimit: (async () => 10) as unknown as RuleRunJobDeps['ruleLimit'],
    now: () => new Date('2026-11-27T10:00:05.000Z'),
    remainingMs: () => 60_000,
    finalAttempt: false,
    log: (level, message, facts) => logged.push({ level, message, facts }),
    ...overrides,
  };
  return { value, calls, logged };
}

const change = {
  level: 'adset' as const,
  objectId: '2002',
  adAccountId: 'act_1001',
  change: { dailyBudget: 6000 },
  source: 'rule:r-1',
};

beforeEach(() => {
  seen.changes.length = 0;
  seen.events.length = 0;
  seen.runs = [];
});

describe('runRuleJob', () => {
  it("runs the user's rules with the user's Graph client and the job's own settings", async () => {
    const { value, calls } = deps({ finalAttempt: true });
    await runRuleJob(job, value);
    expect(calls).toEqual(['graphFor user-1']);
    expect(seen.run.job).toBe(job);
    expect(seen.run.deps).toMatchObject({ rules: value.rules, runs: value.runs, graph, finalAttempt: true });
    expect(seen.run.deps.remainingMs()).toBe(60_000);
  });

  it('puts the run notification in the event outbox', async () => {
    const { value } = deps();
    await runRuleJob(job, value);
    const detail = { userId: 'user-1' } as unknown as Parameters<RunDeps['notify']>[0];
    await seen.run.deps.notify(detail);
    expect(seen.events).toEqual([{ detailType: 'rule_run', detail }]);
  });

  it('logs the run done with its rule and action counts, and the run’s warnings as warnings', async () => {
    seen.runs = [{ actions: [{}, {}] }, { actions: [{}] }];
    const { value, logged } = deps();
    await runRuleJob(job, value);
    seen.run.deps.log?.('Meta could not be read', { ruleId: 'r-1' });
    expect(logged).toEqual([
      { level: 'info', message: 'rule run done', facts: { userId: 'user-1', rules: 2, actions: 3 } },
      { level: 'warn', message: 'Meta could not be read', facts: { ruleId: 'r-1' } },
    ]);
  });

  it('throws when the user’s Graph client cannot be opened, so the queue retries, running nothing', async () => {
    seen.run = undefined as never;
    const { value } = deps({
      graphFor: async () => {
        throw new Error('META_NOT_CONNECTED');
      },
    });
    await expect(runRuleJob(job, value)).rejects.toThrow('META_NOT_CONNECTED');
    expect(seen.run).toBeUndefined();
  });
});

describe('a rule’s change', () => {
  it('goes through the Meta change path as the user, with the rule as source, and answers before and after', async () => {
    const { value } = deps();
    await runRuleJob(job, value);
    const applied = await seen.run.deps.applyChange(change);
    expect(applied).toEqual({
      before: { status: 'ACTIVE', dailyBudget: 5000 },
      after: { status: 'ACTIVE', dailyBudget: 6000 },
    });
    expect(seen.changes).toHaveLength(1);
    expect(seen.changes[0]!.input).toEqual({
      userId: 'user-1',
      level: 'adset',
      objectId: '2002',
      change: { dailyBudget: 6000 },
      source: 'rule:r-1',
    });
    expect(seen.changes[0]!.deps.graph).toBe(graph);
  });

  it('accepts only objects of the rule’s ad account', async () => {
    const { value } = deps();
    await runRuleJob(job, value);
    await seen.run.deps.applyChange(change);
    const { ownedAccount } = seen.changes[0]!.deps;
    await expect(ownedAccount('1001')).resolves.toEqual({ id: 'act_1001' });
    await expect(ownedAccount('9999')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'That object is not in the rule’s ad account.',
    });
  });

  it('may spend only within the plan, holding the rule’s account; and forgets the user’s cached reads', async () => {
    const { value, calls } = deps();
    await runRuleJob(job, value);
    await seen.run.deps.applyChange(change);
    const changeDeps = seen.changes[0]!.deps;
    await changeDeps.assertMaySpend!();
    await changeDeps.forgetCachedReads!();
    expect(calls).toEqual(['graphFor user-1', 'assertWithinLimit user-1', 'hold user-1 act_1001', 'forget user-1']);
  });
});
