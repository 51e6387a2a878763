import * as z from 'zod';

/**
 * The in-app agent (issue 26): a conversation per workspace whose model works through tools. The tools'
 * names are declared here because three places must agree on them: the agent's tool registry
 * (lambdas/lib/agent), the offline model that plans calls to them (infra/twin/openai/tool-planner.ts) and the
 * evaluation set's expected calls (tests/eval/agent).
 */

export const AGENT_READ_TOOLS = [
  'list_ad_accounts',
  'get_insights',
  'list_recommendations',
  'list_rules',
  'list_mmm_reports',
  'list_mmm_allocations',
  'list_audit_trail',
  'list_audiences',
] as const;

export const AGENT_PROPOSE_TOOLS = [
  'propose_status_change',
  'propose_budget_change',
  'apply_recommendation',
  'propose_rule',
  'propose_copy_rewrite',
  'propose_mmm_allocation',
  'propose_audience_exclusion',
] as const;

export const AGENT_TOOL_NAMES = [...AGENT_READ_TOOLS, ...AGENT_PROPOSE_TOOLS] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];
export type AgentProposeTool = (typeof AGENT_PROPOSE_TOOLS)[number];

/** Model round trips one turn may take (each may call several tools at once) before the agent stops and says so. */
export const AGENT_MAX_STEPS = 5;
/** Tool calls one step may make: a model asking for more is answered for the first ones only. */
export const AGENT_MAX_CALLS_PER_STEP = 6;

export const agentLimits = {
  /** Longest question, in characters. */
  message: 2_000,
  /** Turns kept in a conversation (the oldest are dropped from what the model sees). */
  turnsKept: 20,
  /** Days a conversation is kept after its last turn. */
  keepDays: 30,
} as const;

export const AgentTurnRequestSchema = z
  .object({
    message: z.string().trim().min(1, 'Ask something').max(agentLimits.message),
  })
  .strict();
export type AgentTurnRequest = z.infer<typeof AgentTurnRequestSchema>;

/** Why a turn ended: the model answered, the step bound was reached, or the model stopped for its token limit. */
export const AgentStopReasonSchema = z.enum(['answered', 'max_steps', 'length']);
export type AgentStopReason = z.infer<typeof AgentStopReasonSchema>;

/** A proposal the agent made: a pending change set in the optimizer's drawer, nothing applied. */
export const AgentProposalSchema = z.object({
  recommendationId: z.string(),
  adAccountId: z.string(),
  title: z.string(),
  /** Where a person approves it: the optimizer's drawer for that account. */
  drawerPath: z.string(),
  dryRun: z.boolean(),
});
export type AgentProposal = z.infer<typeof AgentProposalSchema>;

/** One tool call the answer was built on, as the reader sees it (the figures' source). */
export const AgentToolUseSchema = z.object({
  id: z.string(),
  name: z.string(),
  ok: z.boolean(),
  /** One line: what the tool returned or why it refused. */
  summary: z.string(),
});
export type AgentToolUse = z.infer<typeof AgentToolUseSchema>;

export const AgentGroundingSchema = z.object({
  /** Figures in the model's answer that no tool result of the conversation holds: removed from the shown text. */
  removed: z.array(z.string()),
  /** The tool results whose figures the answer quotes. */
  sources: z.array(z.string()),
});
export type AgentGrounding = z.infer<typeof AgentGroundingSchema>;

export const AgentStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tool'), tool: AgentToolUseSchema }),
  z.object({ type: z.literal('proposal'), proposal: AgentProposalSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    stopReason: AgentStopReasonSchema,
    steps: z.number().int(),
    grounding: AgentGroundingSchema,
    model: z.string(),
    offline: z.boolean(),
  }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type AgentStreamEvent = z.infer<typeof AgentStreamEventSchema>;

/** One server-sent event line of the agent's stream. */
export function agentEventLine(event: AgentStreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** A turn as the conversation keeps it. */
export const AgentTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  at: z.string(),
  tools: z.array(AgentToolUseSchema).optional(),
  proposals: z.array(AgentProposalSchema).optional(),
  grounding: AgentGroundingSchema.optional(),
});
export type AgentTurn = z.infer<typeof AgentTurnSchema>;

export const AgentConversationSchema = z.object({
  turns: z.array(AgentTurnSchema),
  updatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AgentConversation = z.infer<typeof AgentConversationSchema>;

const percent = z.number().min(0).max(100);

/**
 * The money limits for ad accounts in one currency, in that currency's major units (500 means $500 in USD and
 * ¥500 in JPY: never the same money, so each currency the workspace spends in has limits of its own, stated in it).
 */
export const AgentMoneyLimitSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'A currency is its three-letter ISO code'),
    /** Largest budget change one proposal may carry, in money a day. */
    maxBudgetChangeAmount: z.number().min(0).max(1e9),
    /** Total daily budget increase the agent's proposals may add up to in one UTC day, in this currency. */
    dailyIncreaseCap: z.number().min(0).max(1e9),
  })
  .strict();
export type AgentMoneyLimit = z.infer<typeof AgentMoneyLimitSchema>;

/**
 * The workspace's guardrails, enforced by the server on every proposal before it reaches the drawer. A proposal
 * that moves money in a currency with no limits of its own is refused (with the reason): the server never guesses
 * an exchange rate, and never applies dollars as yen.
 */
export const AgentGuardrailsSchema = z
  .object({
    /** Largest budget change one proposal may carry, in percent of the budget now (any currency). */
    maxBudgetChangePercent: percent,
    /** Money limits per currency of the workspace's ad accounts. */
    moneyLimits: z
      .array(AgentMoneyLimitSchema)
      .max(20)
      .refine((limits) => new Set(limits.map((l) => l.currency)).size === limits.length, {
        message: 'Each currency has one set of limits',
      }),
    /** What each role may ask the agent to propose. */
    allowedActions: z.object({
      owner: z.array(z.enum(AGENT_PROPOSE_TOOLS)),
      member: z.array(z.enum(AGENT_PROPOSE_TOOLS)),
    }),
    /** Proposals are checked and described, never stored in the drawer. */
    dryRun: z.boolean(),
  })
  .strict();
export type AgentGuardrails = z.infer<typeof AgentGuardrailsSchema>;

export const DEFAULT_AGENT_GUARDRAILS: AgentGuardrails = {
  maxBudgetChangePercent: 30,
  moneyLimits: [{ currency: 'USD', maxBudgetChangeAmount: 500, dailyIncreaseCap: 1_000 }],
  allowedActions: { owner: [...AGENT_PROPOSE_TOOLS], member: ['propose_status_change', 'propose_budget_change'] },
  dryRun: false,
};

/** The limits for accounts in this currency, or undefined when the workspace has set none for it. */
export function moneyLimitsFor(guardrails: AgentGuardrails, currency: string): AgentMoneyLimit | undefined {
  return guardrails.moneyLimits.find((limit) => limit.currency === currency);
}
