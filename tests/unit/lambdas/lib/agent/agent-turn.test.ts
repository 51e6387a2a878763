import OpenAI from 'openai';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_GUARDRAILS, type AgentGuardrails } from '@shared/schemas/agent';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import type { AgentToolContext } from '@lambdas/lib/agent/agent-context';
import { runAgentTurn, type LoopEvent } from '@lambdas/lib/agent/agent-loop';
import { AGENT_TOOLS } from '@lambdas/lib/agent/agent-tools';
import { runToolCall } from '@lambdas/lib/agent/tool-registry';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { changeSource } from '@lambdas/optimizer/approve-recommendation';
import { startOfflineModel, type OfflineModel } from '@infra/twin/openai/offline-model-server';
import { adAccounts, campaign, fakeSession, type GraphCall } from '../meta-session/fake-session';

/** A table of rows in memory, answering the commands the optimizer's rows use (Put, Get, Query). */
function memoryTable() {
  const rows = new Map<string, Record<string, unknown>>();
  const key = (item: Record<string, unknown>) => `${String(item.user_id)}|${String(item.recommendation_id)}`;
  const doc = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const input = command.input;
      if (command.constructor.name === 'PutCommand') {
        rows.set(key(input.Item as Record<string, unknown>), input.Item as Record<string, unknown>);
        return {};
      }
      if (command.constructor.name === 'GetCommand')
        return { Item: rows.get(key(input.Key as Record<string, unknown>)) };
      if (command.constructor.name === 'QueryCommand') {
        const values = input.ExpressionAttributeValues as Record<string, string>;
        return {
          Items: [...rows.values()].filter(
            (row) =>
              row.user_id === values[':user'] && String(row.recommendation_id).startsWith(values[':prefix'] ?? ''),
          ),
        };
      }
      throw new Error(`unexpected ${command.constructor.name}`);
    },
  } as unknown as DynamoDBDocumentClient;
  return { doc, rows };
}

const figures = (spend: string, purchases: string, cost: string, frequency: string) => ({
  spend,
  impressions: '10000',
  reach: '4000',
  frequency,
  clicks: '200',
  inline_link_clicks: '100',
  results: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: purchases }] }],
  cost_per_result: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: cost }] }],
  date_start: '2026-03-03',
  date_stop: '2026-03-09',
});

function graph(call: GraphCall): unknown {
  if (call.path === '/me/adaccounts') return adAccounts;
  if (call.path === '/act_111/insights')
    return {
      data: [
        { campaign_id: '222', campaign_name: 'Spring sale', ...figures('120.00', '10', '12.00', '1.8') },
        { campaign_id: '333', campaign_name: 'Retargeting', ...figures('90.00', '3', '30.00', '4.6') },
      ],
    };
  if (call.path === '/222') return campaign(222, { name: 'Spring sale', daily_budget: '5000' });
  if (call.path === '/333') return campaign(333, { name: 'Retargeting', daily_budget: '4000' });
  // Another workspace's object: Meta refuses the read under this workspace's token.
  throw new GraphError({
    kind: 'meta',
    message: 'Unsupported get request.',
    method: call.method,
    path: call.path,
    status: 400,
    meta: { code: 100, message: 'Unsupported get request.', type: 'GraphMethodException' } as never,
  });
}

function context(overrides: Partial<AgentToolContext> = {}, guardrails: Partial<AgentGuardrails> = {}) {
  const table = memoryTable();
  let increased = 0;
  const ctx: AgentToolContext = {
    workspace: { id: 'owner-1', role: 'owner' },
    actor: 'owner-1',
    conversationId: 'conv-abc',
    now: () => new Date('2026-03-10T12:00:00Z'),
    session: async () => fakeSession(graph).session,
    recommendations: { doc: table.doc, table: 'optimizer_recommendations' },
    rules: { doc: table.doc, table: 'automation_rules' },
    mmm: { doc: table.doc, datasets: 'mmm_datasets', models: 'mmm_models' },
    audit: { doc: table.doc, table: 'campaign_audit' },
    guardrails: { ...DEFAULT_AGENT_GUARDRAILS, ...guardrails },
    increases: {
      today: async () => increased,
      add: async (amount, cap) => (increased + amount > cap ? false : ((increased += amount), true)),
    },
    ...overrides,
  };
  return { ctx, table };
}

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
    const stored = [...table.rows.values()][0]!.record as StoredRecommendation;
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
    const { ctx, table } = context({}, { maxBudgetChangePercent: 100, dailyIncreaseCap: 15 });
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
