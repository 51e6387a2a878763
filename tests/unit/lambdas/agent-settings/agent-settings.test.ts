import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_GUARDRAILS, type AgentGuardrails } from '@shared/schemas/agent';
import { localTableName } from '@infra/twin/function-environment';
import { appendTurns, readConversation, type AgentStore } from '@lambdas/lib/agent/agent-store';
import {
  deleteAgentConversation,
  readAgentConversation,
  readAgentGuardrails,
  updateAgentGuardrails,
} from '@lambdas/agent-settings/agent-settings';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
let store: AgentStore;
const now = new Date('2026-11-28T10:00:00.000Z');
const owner = { sub: `owner-${Date.now()}`, username: 'owner' };
const member = { sub: owner.sub, actor: `member-${Date.now()}`, username: 'member' };

async function say(person: string, text: string) {
  const conversation = await readConversation(store, owner.sub, person, now, () => 'c-1');
  await appendTurns(
    store,
    owner.sub,
    person,
    conversation,
    [
      { role: 'user', text, at: now.toISOString() },
      {
        role: 'assistant',
        text: 'Spring sale spent 120.00.',
        at: now.toISOString(),
        evidence: [{ id: 'call-1', name: 'get_insights', content: '{"spend":"120.00"}' }],
      },
    ],
    now,
  );
}

beforeAll(async () => {
  aws = await startLocalAws();
  store = { doc: aws.doc, table: localTableName('agentState') };
}, 60_000);
afterAll(() => aws?.stop());

describe('the agent conversation outside a turn', () => {
  it("reads the person's own turns, without the tool results kept for grounding", async () => {
    await say(owner.sub, 'How much did Spring sale spend?');
    const read = await readAgentConversation(owner, store, now);
    expect(read.turns.map((t) => t.text)).toEqual(['How much did Spring sale spend?', 'Spring sale spent 120.00.']);
    expect(read.turns[1]).not.toHaveProperty('evidence');
    expect(read.expiresAt).toBe('2026-12-28T10:00:00.000Z');
    // A teammate in the same workspace has a conversation of their own.
    expect((await readAgentConversation(member, store, now)).turns).toEqual([]);
  });

  it('deletes only the caller’s conversation', async () => {
    await say(member.actor, 'Which campaign is worst?');
    expect(await deleteAgentConversation(member, store)).toEqual({ turns: [], updatedAt: null, expiresAt: null });
    expect((await readAgentConversation(member, store, now)).turns).toEqual([]);
    expect((await readAgentConversation(owner, store, now)).turns).toHaveLength(2);
  });

  it('is empty once its 30 days are over, even before the table expires it', async () => {
    const later = new Date(now.getTime() + 31 * 86_400_000);
    expect((await readAgentConversation(owner, store, later)).turns).toEqual([]);
  });
});

describe("the workspace's guardrails", () => {
  it('are the defaults until the owner sets them, then what they set, for every member', async () => {
    expect(await readAgentGuardrails(owner, store)).toEqual(DEFAULT_AGENT_GUARDRAILS);
    const tighter: AgentGuardrails = {
      ...DEFAULT_AGENT_GUARDRAILS,
      maxBudgetChangePercent: 10,
      moneyLimits: [
        { currency: 'USD', maxBudgetChangeAmount: 200, dailyIncreaseCap: 50 },
        { currency: 'JPY', maxBudgetChangeAmount: 30_000, dailyIncreaseCap: 75_000 },
      ],
      allowedActions: { owner: ['propose_budget_change'], member: [] },
      dryRun: true,
    };
    expect(await updateAgentGuardrails(owner, tighter, store)).toEqual(tighter);
    expect(await readAgentGuardrails(member, store)).toEqual(tighter);
  });
});
