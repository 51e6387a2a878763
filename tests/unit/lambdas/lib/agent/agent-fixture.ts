import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_AGENT_GUARDRAILS, type AgentGuardrails } from '@shared/schemas/agent';
import type { AgentToolContext } from '@lambdas/lib/agent/agent-context';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { adAccounts, campaign, fakeSession, type GraphCall } from '../meta-session/fake-session';

/**
 * The demo account the agent's tests and its evaluation set run on: one ad account (Shop US, USD) with two
 * campaigns, Spring sale (120 spent, 10 purchases at 12.00, frequency 1.8, 50.00 a day) and Retargeting (90
 * spent, 3 purchases at 30.00, frequency 4.6, 40.00 a day); any other object id is another workspace's.
 */

/** A table of rows in memory, answering the commands the optimizer's and the rules' rows use (Put, Get, Query). */
export function memoryTable() {
  const rows = new Map<string, Record<string, unknown>>();
  // The optimizer's rows by recommendation id, the rules' by their item key (a rule and each of its versions).
  const key = (item: Record<string, unknown>) =>
    `${String(item.user_id)}|${String(item.recommendation_id ?? item.item_key)}`;
  // A real client (the paginators check for one) whose send answers from memory.
  const doc = Object.assign(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), {
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
  }) as unknown as DynamoDBDocumentClient;
  return { doc, rows };
}

/** Meta's frequency is impressions over reach: the reach is chosen to give it. */
const figures = (spend: string, purchases: string, cost: string, frequency: string) => ({
  spend,
  impressions: '10000',
  reach: String(Math.round(10_000 / Number(frequency))),
  clicks: '200',
  inline_link_clicks: '100',
  results: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: purchases }] }],
  cost_per_result: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase', values: [{ value: cost }] }],
  date_start: '2026-03-03',
  date_stop: '2026-03-09',
});

/** The segment values a breakdown row carries (one segment each: enough to see the split named). */
const SEGMENTS: Record<string, string> = {
  age: '25-34',
  gender: 'female',
  publisher_platform: 'instagram',
  platform_position: 'instagram_reels',
  device_platform: 'mobile_app',
};

export function graph(call: GraphCall): unknown {
  if (call.path === '/me/adaccounts') return adAccounts;
  if (call.path === '/act_111/insights') {
    const split = Object.fromEntries(
      ((call.params?.breakdowns as string[] | undefined) ?? []).map((b) => [b, SEGMENTS[b] ?? 'unknown']),
    );
    return {
      data: [
        { campaign_id: '222', campaign_name: 'Spring sale', ...figures('120.00', '10', '12.00', '1.8'), ...split },
        { campaign_id: '333', campaign_name: 'Retargeting', ...figures('90.00', '3', '30.00', '4.6'), ...split },
      ],
    };
  }
  // An object's own last 7 days (what a pause would stop).
  if (call.path === '/222/insights') return { data: [{ spend: '120.00' }] };
  if (call.path === '/333/insights') return { data: [{ spend: '90.00' }] };
  if (call.path === '/act_111/campaigns')
    return {
      data: [
        campaign(222, { name: 'Spring sale', daily_budget: '5000' }),
        campaign(333, { name: 'Retargeting', daily_budget: '4000' }),
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

/** The guardrails with the USD account's money limits changed (the demo account is in USD). */
export function usdLimits(limits: {
  maxBudgetChangeAmount?: number;
  dailyIncreaseCap?: number;
}): Partial<AgentGuardrails> {
  return { moneyLimits: [{ ...DEFAULT_AGENT_GUARDRAILS.moneyLimits[0]!, ...limits }] };
}

export function context(overrides: Partial<AgentToolContext> = {}, guardrails: Partial<AgentGuardrails> = {}) {
  const table = memoryTable();
  const { session, calls } = fakeSession(graph);
  const increased = new Map<string, number>();
  const ctx: AgentToolContext = {
    workspace: { id: 'owner-1', role: 'owner' },
    actor: 'owner-1',
    conversationId: 'conv-abc',
    now: () => new Date('2026-03-10T12:00:00Z'),
    session: async () => session,
    recommendations: { doc: table.doc, table: 'optimizer_recommendations' },
    rules: { doc: table.doc, table: 'automation_rules' },
    ruleRuns: { doc: table.doc, table: 'rule_runs' },
    mmm: { doc: table.doc, datasets: 'mmm_datasets', models: 'mmm_models' },
    audit: { doc: table.doc, table: 'campaign_audit' },
    adTests: { doc: table.doc, table: 'ad_optimizer_tests' },
    // No ad in this account can be rewritten: a call reaching the generator is a fault of the test.
    adCopy: {
      runtime: () => Promise.reject(new Error('the fixture writes no ad copy')),
      quota: {} as AgentToolContext['adCopy']['quota'],
      metrics: {} as AgentToolContext['adCopy']['metrics'],
      log: () => undefined,
    },
    logic: {
      marketingMix: () => import('@lambdas/lib/agent/marketing-mix-logic'),
      rewriteAd: () => import('@lambdas/lib/ad-optimizer/rewrite-ad'),
    },
    guardrails: { ...DEFAULT_AGENT_GUARDRAILS, ...guardrails },
    increases: {
      today: async (currency) => increased.get(currency) ?? 0,
      add: async (amount, cap, currency) => {
        const now = increased.get(currency) ?? 0;
        if (now + amount > cap) return false;
        increased.set(currency, now + amount);
        return true;
      },
    },
    ...overrides,
  };
  return { ctx, table, graphCalls: calls };
}
