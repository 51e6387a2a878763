import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_GUARDRAILS, type AgentGuardrails } from '@shared/schemas/agent';
import { checkBudgetMove, checkRole } from '@lambdas/lib/agent/guardrails';

const guardrails: AgentGuardrails = {
  ...DEFAULT_AGENT_GUARDRAILS,
  maxBudgetChangePercent: 30,
  moneyLimits: [
    { currency: 'USD', maxBudgetChangeAmount: 100, dailyIncreaseCap: 150 },
    { currency: 'JPY', maxBudgetChangeAmount: 15_000, dailyIncreaseCap: 22_500 },
  ],
};

describe('the agent’s guardrails', () => {
  it('lets a change within the percent, the amount and the day’s cap through', () => {
    expect(checkBudgetMove(guardrails, { before: 100, after: 70, currency: 'USD' }, 0)).toEqual({ ok: true });
    expect(checkBudgetMove(guardrails, { before: 100, after: 130, currency: 'USD' }, 100)).toEqual({ ok: true });
  });

  it('refuses a change over the largest percent, with the reason', () => {
    const verdict = checkBudgetMove(guardrails, { before: 100, after: 60, currency: 'USD' }, 0);
    expect(verdict).toEqual({ ok: false, reason: expect.stringContaining('40%') as string });
    expect(!verdict.ok && verdict.reason).toContain('at most 30%');
  });

  it('refuses a change over the largest amount even when the percent is small', () => {
    const verdict = checkBudgetMove(guardrails, { before: 1000, after: 1200, currency: 'USD' }, 0);
    expect(!verdict.ok && verdict.reason).toContain('$200.00 a day');
  });

  it('refuses an increase that would pass the day’s cap, never a decrease', () => {
    expect(checkBudgetMove(guardrails, { before: 100, after: 130, currency: 'USD' }, 130).ok).toBe(false);
    expect(checkBudgetMove(guardrails, { before: 100, after: 80, currency: 'USD' }, 1_000).ok).toBe(true);
  });

  it('holds each account to the limits of its own currency, never dollars as yen', () => {
    // ¥5,000 is within the yen limit; 5,000 against the dollar limit of 100 would have been refused.
    expect(checkBudgetMove(guardrails, { before: 20_000, after: 25_000, currency: 'JPY' }, 0)).toEqual({ ok: true });
    const verdict = checkBudgetMove(guardrails, { before: 100_000, after: 120_000, currency: 'JPY' }, 0);
    expect(!verdict.ok && verdict.reason).toContain('at most ¥15,000 per proposal');
  });

  it('refuses a change in a currency the workspace has set no limits for, saying where to set them', () => {
    const verdict = checkBudgetMove(guardrails, { before: 100, after: 90, currency: 'EUR' }, 0);
    expect(!verdict.ok && verdict.reason).toBe(
      'This workspace has no money limits for EUR: the owner sets the largest change and the daily cap for EUR ad accounts in Settings → Agent guardrails.',
    );
  });

  it('refuses a budget set from nothing (no percent to hold it to)', () => {
    expect(checkBudgetMove(guardrails, { before: 0, after: 10, currency: 'USD' }, 0).ok).toBe(false);
  });

  it('holds each role to the actions the workspace allows it', () => {
    const members = { ...guardrails, allowedActions: { owner: guardrails.allowedActions.owner, member: [] } };
    expect(checkRole(members, 'owner', 'propose_budget_change').ok).toBe(true);
    const verdict = checkRole(members, 'member', 'propose_budget_change');
    expect(!verdict.ok && verdict.reason).toContain('role (member)');
  });
});
