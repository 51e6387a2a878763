import { formatCurrency } from '@shared/currency-units';
import type { AgentGuardrails, AgentProposeTool } from '@shared/schemas/agent';

/**
 * The workspace's guardrails, checked by the server on every proposal before anything is stored: the model
 * cannot talk its way past them, since the tool refuses and the refusal is what the model reads back.
 */

export type GuardrailVerdict = { ok: true } | { ok: false; reason: string };

export interface BudgetMove {
  /** Daily budget now and proposed, in major units of the account's currency. */
  before: number;
  after: number;
  currency: string;
}

/** Whether the caller's role may ask the agent for this kind of proposal. */
export function checkRole(
  guardrails: AgentGuardrails,
  role: 'owner' | 'member',
  tool: AgentProposeTool,
): GuardrailVerdict {
  if (guardrails.allowedActions[role].includes(tool)) return { ok: true };
  return {
    ok: false,
    reason: `Your role (${role}) may not ask the agent for this (${tool}); the workspace owner sets what each role may do in the agent's settings.`,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A budget change within the largest percent and amount a proposal may carry, and, for an increase, within
 * what is left of the day's cap (`increasedToday`: the increases already proposed today, major units).
 */
export function checkBudgetMove(
  guardrails: AgentGuardrails,
  move: BudgetMove,
  increasedToday: number,
): GuardrailVerdict {
  const money = (value: number) => formatCurrency(value, move.currency);
  const delta = round2(move.after - move.before);
  const percent = move.before > 0 ? round2((Math.abs(delta) / move.before) * 100) : Infinity;
  if (percent > guardrails.maxBudgetChangePercent)
    return {
      ok: false,
      reason: `The change is ${Number.isFinite(percent) ? `${percent}%` : 'from no budget'}; this workspace allows at most ${guardrails.maxBudgetChangePercent}% per proposal.`,
    };
  if (Math.abs(delta) > guardrails.maxBudgetChangeAmount)
    return {
      ok: false,
      reason: `The change is ${money(Math.abs(delta))} a day; this workspace allows at most ${money(guardrails.maxBudgetChangeAmount)} per proposal.`,
    };
  if (delta > 0 && increasedToday + delta > guardrails.dailyIncreaseCap)
    return {
      ok: false,
      reason: `Today's proposals already raise budgets by ${money(increasedToday)}; with ${money(delta)} more they would pass the daily cap of ${money(guardrails.dailyIncreaseCap)}.`,
    };
  return { ok: true };
}
