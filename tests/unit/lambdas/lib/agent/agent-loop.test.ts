import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import type { AgentToolContext } from '@lambdas/lib/agent/agent-context';
import { runAgentTurn, type LoopEvent } from '@lambdas/lib/agent/agent-loop';
import { AGENT_TOOLS } from '@lambdas/lib/agent/agent-tools';
import { runToolCall } from '@lambdas/lib/agent/tool-registry';
import { changeSource } from '@lambdas/optimizer/approve-recommendation';
import { startOfflineModel, type OfflineModel } from '@infra/twin/openai/offline-model-server';
import { context, usdLimits } from './agent-fixture';

const call = (name: string, args: object) => ({ name, arguments: JSON.stringify(args) });

describe('the agent’s tools', () => {
  it('reads Meta’s own results and cost per result through the dashboard’s table', async () => {
    const { ctx } = context();
    const outcome = await runToolCall(AGENT_TOOLS, call('get_insights', { datePreset: 'last_7d' }), ctx);
    expect(outcome.ok).toBe(true);
    const rows = (outcome as { data: { rows: Array<Record<string, unknown>> } }).data.rows;
    expect(rows[0]).toMatchObject({ id: '222', name: 'Spring sale', spend: 120, results: 10, costPerResult: 12 });
  });

  it('refuses arguments that fail the tool’s schema, naming the field', async () => {
    const { ctx } = context();
    const outcome = await runToolCall(AGENT_TOOLS, call('get_insights', { level: 'account' }), ctx);
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('level') as string });
  });

  it('stores a budget proposal in the drawer, naming the conversation, and changes nothing at Meta', async () => {
    const { ctx, table } = context();
    const outcome = await runToolCall(
      AGENT_TOOLS,
      call('propose_budget_change', { level: 'campaign', objectId: '333', changePercent: -30 }),
      ctx,
    );
    expect(outcome).toMatchObject({ ok: true, proposal: { adAccountId: 'act_111', dryRun: false } });
    const stored = JSON.parse([...table.rows.values()][0]!.record as string) as StoredRecommendation;
    expect(stored).toMatchObject({
      kind: 'agent_proposal',
      status: 'proposed',
      changes: [{ objectId: '333', change: { dailyBudget: 2800 }, before: { dailyBudget: 4000 } }],
      proposedBy: { conversationId: 'conv-abc' },
    });
    // Approving it writes audit rows that name the conversation as the source.
    expect(changeSource(stored)).toBe(`agent:conv-abc:${stored.id}`);
  });

  it('refuses a change over the workspace’s limit before it reaches the drawer', async () => {
    const { ctx, table } = context({}, { maxBudgetChangePercent: 20 });
    const outcome = await runToolCall(
      AGENT_TOOLS,
      call('propose_budget_change', { level: 'campaign', objectId: '333', changePercent: -30 }),
      ctx,
    );
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('at most 20%') as string });
    expect(table.rows.size).toBe(0);
  });

  it('refuses an increase past the day’s cap', async () => {
    const { ctx, table } = context({}, { maxBudgetChangePercent: 100, ...usdLimits({ dailyIncreaseCap: 15 }) });
    const first = await runToolCall(
      AGENT_TOOLS,
      call('propose_budget_change', { level: 'campaign', objectId: '222', changePercent: 20 }),
      ctx,
    );
    expect(first.ok).toBe(true);
    const second = await runToolCall(
      AGENT_TOOLS,
      call('propose_budget_change', { level: 'campaign', objectId: '333', changePercent: 20 }),
      ctx,
    );
    expect(second).toEqual({ ok: false, error: expect.stringContaining('daily cap') as string });
    expect(table.rows.size).toBe(1);
  });

  it('only describes a proposal in dry-run mode', async () => {
    const { ctx, table } = context({}, { dryRun: true });
    const outcome = await runToolCall(
      AGENT_TOOLS,
      call('propose_status_change', { level: 'campaign', objectId: '333', status: 'PAUSED' }),
      ctx,
    );
    expect(outcome).toMatchObject({ ok: true, proposal: { dryRun: true } });
    expect(table.rows.size).toBe(0);
  });

  it('refuses an object of another workspace, and an ad account that is not the workspace’s', async () => {
    const { ctx, table } = context();
    const object = await runToolCall(
      AGENT_TOOLS,
      call('propose_status_change', { level: 'campaign', objectId: '999999', status: 'PAUSED' }),
      ctx,
    );
    expect(object).toEqual({ ok: false, error: "No campaign 999999 in this workspace's ad accounts." });
    const account = await runToolCall(AGENT_TOOLS, call('get_insights', { adAccountId: 'act_999' }), ctx);
    expect(account).toEqual({ ok: false, error: 'That ad account is not part of your Meta connection.' });
    expect(table.rows.size).toBe(0);
  });

  it('refuses a role the workspace does not allow the action', async () => {
    const { ctx } = context({ workspace: { id: 'owner-1', role: 'member' } });
    const outcome = await runToolCall(AGENT_TOOLS, call('apply_recommendation', { recommendationId: '111.x' }), ctx);
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('role (member)') as string });
  });
});

describe('a turn of the agent on the offline model', () => {
  let model: OfflineModel;
  let client: OpenAI;
  beforeAll(async () => {
    model = await startOfflineModel({ port: 0, host: '127.0.0.1' });
    client = new OpenAI({ apiKey: 'sk-test-offline', baseURL: model.baseUrl, maxRetries: 0 });
  });
  afterAll(() => model.stop());

  async function turn(question: string, ctx: AgentToolContext, maxSteps = 5) {
    const events: LoopEvent[] = [];
    for await (const event of runAgentTurn({
      client,
      settings: { model: 'gpt-4o-mini', temperature: 0.2, maxTokens: 800, timeoutMs: 10_000, maxRetries: 0 },
      messages: [
        { role: 'system', content: 'You are the Adsmith agent.' },
        { role: 'user', content: question },
      ],
      tools: AGENT_TOOLS,
      context: ctx,
      maxSteps,
      deadline: Date.now() + 20_000,
    }))
      events.push(event);
    return events;
  }

  it('reads, proposes on the worst campaign, and answers from the tool results only', async () => {
    const { ctx, table } = context();
    const events = await turn('Cut the budget of my worst campaign by 30%', ctx);
    expect(events.filter((e) => e.type === 'tool').map((e) => e.type === 'tool' && e.tool.name)).toEqual([
      'get_insights',
      'propose_budget_change',
    ]);
    expect(events.find((e) => e.type === 'proposal')).toMatchObject({ proposal: { adAccountId: 'act_111' } });
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', stopReason: 'answered', steps: 3, removed: [] });
    expect(done.type === 'done' && done.text).toContain('Retargeting from 40 to 28 USD');
    expect(done.type === 'done' && done.sources.length).toBeGreaterThan(0);
    expect(table.rows.size).toBe(1);
  });

  it('stops at the step bound and says so', async () => {
    const { ctx } = context();
    const events = await turn('Cut the budget of my worst campaign by 30%', ctx, 2);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'max_steps', steps: 2 });
  });
});
