import { formatCurrency } from '@shared/currency-units';
import { moneyLimitsFor, type AgentGuardrails, type AgentProposeTool } from '@shared/schemas/agent';

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

/** Why a budget change in this currency cannot be proposed: the owner has set no limits for it. */
export function noLimitsReason(currency: string): string {
  return `This workspace has no money limits for ${currency}: the owner sets the largest change and the daily cap for ${currency} ad accounts in Settings → Agent guardrails.`;
}

/**
 * A budget change within the largest percent and, in the account's own currency, the largest amount a proposal
 * may carry and, for an increase, what is left of the day's cap (`increasedToday`: the increases already
 * proposed today in that currency, major units). A currency without limits of its own is refused.
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
  const limits = moneyLimitsFor(guardrails, move.currency);
  if (!limits) return { ok: false, reason: noLimitsReason(move.currency) };
  if (Math.abs(delta) > limits.maxBudgetChangeAmount)
    return {
      ok: false,
      reason: `The change is ${money(Math.abs(delta))} a day; this workspace allows at most ${money(limits.maxBudgetChangeAmount)} per proposal.`,
    };
  if (delta > 0 && increasedToday + delta > limits.dailyIncreaseCap)
    return {
      ok: false,
      reason: `Today's proposals already raise budgets by ${money(increasedToday)}; with ${money(delta)} more they would pass the daily cap of ${money(limits.dailyIncreaseCap)}.`,
    };
  return { ok: true };
}
