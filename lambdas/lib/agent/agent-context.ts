import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AgentGuardrails } from '@shared/schemas/agent';
import type { TestStore } from '../ad-optimizer/test-row';
import type { AdCopyDeps } from '../ai/ad-copy';
import type { MetaSession } from '../meta-session/session';
import type { MmmTables } from '../mmm/mmm-store';
import type { RecommendationStore } from '../optimizer/recommendation-rows';
import type { RuleTable } from '../rules/rule-store';
import type { ToolLogic } from './tool-logic';

/**
 * What the agent's tools work with in one turn: the caller's workspace (every read and write is keyed by
 * it, so a tool can never name another workspace's rows, and Meta is read with the workspace's own
 * connection), the stores the tools read, and the guardrails the proposals are held to.
 */
export interface AgentToolContext {
  workspace: { id: string; role: 'owner' | 'member' };
  /** The person asking (a teammate's own sub in someone's workspace), recorded on proposals. */
  actor: string;
  conversationId: string;
  now: () => Date;
  /** The workspace's Meta session, opened on first use in the turn; NOT_FOUND-style AppError when not connected. */
  session: () => Promise<MetaSession>;
  recommendations: RecommendationStore;
  rules: RuleTable;
  /** The rules' run history (its own table). */
  ruleRuns: RuleTable;
  mmm: MmmTables;
  audit: { doc: DynamoDBDocumentClient; table: string };
  /** The ad optimizer's rewrites, where a proposed copy rewrite waits for approval. */
  adTests: TestStore;
  /** The ad copy generator a rewrite is written with (one of the plan's AI generations). */
  adCopy: AdCopyDeps;
  /** The marketing-mix tools' and the copy rewrite's logic, as the way in loads it (tool-logic.ts). */
  logic: ToolLogic;
  guardrails: AgentGuardrails;
  /** The day's budget increases proposed through the agent (the daily cap), per currency, in its major units. */
  increases: IncreaseLedger;
}

/** Everything the tools need but the workspace, the person, the guardrails and the conversation (agent-tool-wiring). */
export type AgentToolWiring = Omit<
  AgentToolContext,
  'workspace' | 'actor' | 'conversationId' | 'guardrails' | 'increases' | 'session' | 'logic'
> & {
  session: (workspaceId: string) => Promise<MetaSession>;
};

export interface IncreaseLedger {
  /** What today's proposals already add in this currency. */
  today(currency: string): Promise<number>;
  /** Counts a proposed increase; refuses (returns false) when it would pass `cap`, so two tabs cannot both pass it. */
  add(amount: number, cap: number, currency: string): Promise<boolean>;
}
