import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MAX_STEPS, AGENT_TOOL_NAMES, AgentGuardrailsSchema } from '@shared/schemas/agent';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { runAgentTurn, type LoopEvent } from '@lambdas/lib/agent/agent-loop';
import { AGENT_TOOLS } from '@lambdas/lib/agent/agent-tools';
import { recordAttribute, recordOf } from '@lambdas/lib/optimizer/recommendation-rows';
import { startOfflineModel, type OfflineModel } from '@infra/twin/openai/offline-model-server';
import { context } from './agent-fixture';

/**
 * The agent's evaluation set (tests/eval/agent/cases.json) run on the offline model: each request must make
 * exactly the expected tool calls at each step, state the expected facts, give the expected refusal, put the
 * expected number of proposals in the drawer, write nothing to Meta, and leave no figure to the grounding check.
 */

const CaseSchema = z.object({
  id: z.string(),
  category: z.enum(['question', 'diagnosis', 'proposal', 'guardrail', 'workspace', 'approval']),
  question: z.string(),
  expectedCalls: z.array(z.array(z.enum(AGENT_TOOL_NAMES))),
  expectedFacts: z.array(z.string()),
  expectedRefusal: z.string().optional(),
  storedProposals: z.number().int(),
  /** Rules the agent created (each must be switched off). */
  storedRules: z.number().int().optional(),
  guardrails: AgentGuardrailsSchema.partial().optional(),
  role: z.enum(['owner', 'member']).optional(),
  seedRecommendation: z.boolean().optional(),
});
const cases = z
  .object({ description: z.string(), cases: z.array(CaseSchema).min(30) })
  .parse(JSON.parse(readFileSync('tests/eval/agent/cases.json', 'utf8'))).cases;

const seeded: StoredRecommendation = {
  id: '111.budget_shift-222',
  kind: 'budget_shift',
  level: 'campaign',
  objectId: '222',
  objectName: 'Spring sale',
  campaignId: '222',
  title: 'Raise Spring sale to 55.00 a day',
  why: 'It converts at 12.00 against 30.00.',
  evidence: { costPerResult: 12 },
  expectedEffect: { metric: 'results_per_week', low: 1, expected: 2, high: 3 },
  valuePerWeek: 24,
  confidence: 0.8,
  changes: [
    {
      level: 'campaign',
      objectId: '222',
      objectName: 'Spring sale',
      change: { dailyBudget: 5500 },
      before: { status: 'ACTIVE', dailyBudget: 5000, lifetimeBudget: null },
    },
  ],
  adAccountId: 'act_111',
  currency: 'USD',
  status: 'proposed',
  generatedAt: '2026-03-10T06:00:00Z',
};

let model: OfflineModel;
let client: OpenAI;
beforeAll(async () => {
  model = await startOfflineModel({ port: 0, host: '127.0.0.1' });
  client = new OpenAI({ apiKey: 'sk-test-offline', baseURL: model.baseUrl, maxRetries: 0 });
});
afterAll(() => model.stop());

describe('the agent’s evaluation set on the offline model', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const { ctx, table, graphCalls } = context(
      c.role ? { workspace: { id: 'owner-1', role: c.role } } : {},
      c.guardrails,
    );
    if (c.seedRecommendation)
      table.rows.set(`owner-1|${seeded.id}`, {
        user_id: 'owner-1',
        recommendation_id: seeded.id,
        status: 'proposed',
        record: recordAttribute(seeded),
      });
    const events: LoopEvent[] = [];
    for await (const event of runAgentTurn({
      client,
      settings: { model: 'gpt-4o-mini', temperature: 0.2, maxTokens: 800, timeoutMs: 10_000, maxRetries: 0 },
      messages: [
        { role: 'system', content: 'You are the Adsmith agent.' },
        { role: 'user', content: c.question },
      ],
      tools: AGENT_TOOLS,
      context: ctx,
      maxSteps: AGENT_MAX_STEPS,
      deadline: Date.now() + 15_000,
    }))
      events.push(event);

    const tools = events.flatMap((e) => (e.type === 'tool' ? [e] : []));
    const perStep = c.expectedCalls.map((_, i) => tools.filter((t) => t.step === i + 1).map((t) => t.tool.name));
    expect(perStep).toEqual(c.expectedCalls);
    expect(tools.filter((t) => t.step > c.expectedCalls.length)).toEqual([]);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error('the turn did not finish');
    for (const fact of c.expectedFacts) expect(done.text).toContain(fact);
    if (c.expectedRefusal)
      expect(tools.some((t) => !t.tool.ok && t.tool.summary.includes(c.expectedRefusal!))).toBe(true);
    else expect(tools.every((t) => t.tool.ok)).toBe(true);
    const proposals = [...table.rows.values()].filter(
      (row) => (recordOf(row) as StoredRecommendation | undefined)?.kind === 'agent_proposal',
    );
    expect(proposals).toHaveLength(c.storedProposals);
    // A rule the agent proposes is created switched off: nothing runs until a person switches it on.
    const rules = [...table.rows.values()].filter((row) => row.kind === 'rule');
    expect(rules).toHaveLength(c.storedRules ?? 0);
    expect(rules.every((row) => row.status === 'off')).toBe(true);
    // The agent never writes to Meta: a proposal waits in the drawer.
    expect(graphCalls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(done.removed).toEqual([]);
  });
});
