import type { AgentProposeTool, AgentToolName } from '@shared/schemas/agent';

/** The agent's tools as a person reads them (the tool names themselves are for the model). */
const TOOL_WORDS: Record<AgentToolName, string> = {
  list_ad_accounts: 'Ad accounts',
  get_insights: 'Results from Meta',
  list_recommendations: 'Optimizer recommendations',
  list_rules: 'Rules and their runs',
  list_mmm_reports: 'Marketing-mix reports',
  list_mmm_allocations: 'Marketing-mix allocations',
  list_audit_trail: 'Audit trail',
  list_audiences: 'Custom audiences',
  propose_status_change: 'Pause or resume',
  propose_budget_change: 'Budget change',
  apply_recommendation: 'Apply a recommendation',
  propose_rule: 'A new rule (created switched off)',
  propose_copy_rewrite: 'New ad copy, tested as a paused A/B copy',
  propose_mmm_allocation: 'A marketing-mix allocation as budgets',
  propose_audience_exclusion: 'Leave an audience (e.g. customers) out of ad sets',
};

export function toolWords(name: string): string {
  return (TOOL_WORDS as Record<string, string>)[name] ?? name;
}

/** What each proposal kind lets a role ask for, in the guardrails card. */
export function proposeToolWords(tool: AgentProposeTool): string {
  return TOOL_WORDS[tool];
}
