import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_GUARDRAILS } from '@shared/schemas/agent';
import { readGuardrails, type AgentStore } from '@lambdas/lib/agent/agent-store';

/** A store whose guardrails row holds what a workspace saved (undefined: never saved). */
function storeHolding(guardrails: unknown): AgentStore {
  const doc = {
    send: async () => ({ Item: guardrails === undefined ? undefined : { guardrails } }),
  } as unknown as DynamoDBDocumentClient;
  return { doc, table: 'agent-state' } as AgentStore;
}

const allowedActions = { owner: ['propose_status_change'], member: [] };

describe('reading a workspace’s guardrails', () => {
  it('gives the defaults to a workspace that never saved any', async () => {
    expect(await readGuardrails(storeHolding(undefined), 'ws-1')).toEqual(DEFAULT_AGENT_GUARDRAILS);
  });

  it('keeps limits saved before money limits were per currency, as the USD limits', async () => {
    const saved = {
      maxBudgetChangePercent: 10,
      maxBudgetChangeAmount: 50,
      dailyIncreaseCap: 80,
      allowedActions,
      dryRun: true,
    };
    expect(await readGuardrails(storeHolding(saved), 'ws-1')).toEqual({
      maxBudgetChangePercent: 10,
      moneyLimits: [{ currency: 'USD', maxBudgetChangeAmount: 50, dailyIncreaseCap: 80 }],
      allowedActions,
      dryRun: true,
    });
  });

  it('never loosens a row it cannot read to the defaults: it only describes proposals (dry run)', async () => {
    const guardrails = await readGuardrails(storeHolding({ maxBudgetChangePercent: 'ten' }), 'ws-1');
    expect(guardrails.dryRun).toBe(true);
  });
});
