import { randomUUID } from 'node:crypto';
import {
  AGENT_MAX_STEPS,
  agentEventLine,
  type AgentProposal,
  type AgentToolUse,
  type AgentTurnRequest,
} from '@shared/schemas/agent';
import type { AgentToolContext, AgentToolWiring } from '../lib/agent/agent-context';
import { runAgentTurn } from '../lib/agent/agent-loop';
import {
  appendTurns,
  earlierEvidence,
  historyMessages,
  readConversation,
  readGuardrails,
  increaseLedger,
  type AgentStore,
} from '../lib/agent/agent-store';
import { AGENT_TOOLS } from '../lib/agent/agent-tools';
import { AiNotConfiguredError, type AiRuntime } from '../lib/ai/ai-runtime';
import type { TokenUsage } from '../lib/ai/token-usage';
import { AppError, authError, isAppError, upstreamError } from '../lib/errors';
import type { VerifiedUser } from '../lib/http/access-token';
import type { WorkspaceRole } from '@shared/workspace-roles';
import type { QuotaGrant } from '../lib/quota/plan-quota';
import type { RateLimitStore } from '../lib/streaming/rate-limit';
import { takeChatMessage } from '../lib/streaming/rate-limit';
import { toolLogicOnFirstCall } from './tool-logic-on-first-call';

export interface AgentDeps {
  runtime: () => Promise<AiRuntime>;
  limits: RateLimitStore;
  verifyToken: (token: string) => Promise<VerifiedUser>;
  /** The workspace the person works in (the one their request names, checked against their memberships). */
  workspaceOf: (userId: string) => Promise<{ id: string; role: WorkspaceRole }>;
  store: AgentStore;
  /** Everything the tools need but the workspace, the guardrails and the conversation. */
  tools: AgentToolWiring;
  generations: {
    consume: (workspaceId: string) => Promise<QuotaGrant>;
    refund: (workspaceId: string, grant: QuotaGrant) => Promise<void>;
    addTokens: (workspaceId: string, grant: QuotaGrant, usage: TokenUsage) => Promise<void>;
  };
  log: (message: string, facts: Record<string, unknown>) => void;
}

const SYSTEM = [
  "You are Adsmith's agent for a marketer's own Meta ad account. Answer from the tools only: call them for every figure,",
  'and state each number exactly as a tool returned it; never estimate or invent one.',
  'You cannot change anything yourself: the propose tools put a change in the optimizer drawer, where a person approves it.',
  'When a tool refuses, say why in its words. Be brief: a few plain sentences.',
].join(' ');

/**
 * One turn of the in-app agent, as server-sent events: refusals before the first event are thrown (bad token
 * 401, rate limit 429, the plan's generations 429, the model not configured 502) so the caller sends a real
 * status; after that, tool uses, proposals, grounded text and the end (with why it stopped and which tool
 * results the figures came from) stream, and a late failure is an `error` event.
 */
export async function answerTurn(
  call: { body: AgentTurnRequest; ip: string; token?: string },
  deps: AgentDeps,
): Promise<AsyncIterable<string>> {
  if (!call.token) throw authError('Sign in to use the agent.');
  const user = await deps.verifyToken(call.token);
  await takeChatMessage(deps.limits, { ip: call.ip, userId: user.sub });
  const resolved = await deps.workspaceOf(user.sub);
  // The agent proposes changes: a read-only client may not use it. Guardrails name owner and member; an admin
  // asks the agent as a member does (the owner sets both).
  if (resolved.role === 'client') throw new AppError('CLIENT_READ_ONLY');
  const workspace = { id: resolved.id, role: resolved.role === 'owner' ? ('owner' as const) : ('member' as const) };
  const grant = await deps.generations.consume(workspace.id);
  const refund = () => deps.generations.refund(workspace.id, grant).catch(() => undefined);
  let runtime: AiRuntime;
  try {
    runtime = await deps.runtime();
  } catch (error) {
    await refund();
    if (error instanceof AiNotConfiguredError) throw upstreamError('The agent is not available right now.', error);
    throw error;
  }
  const now = deps.tools.now();
  const [conversation, guardrails] = await Promise.all([
    readConversation(deps.store, workspace.id, user.sub, now, randomUUID),
    readGuardrails(deps.store, workspace.id),
  ]);
  let session: ReturnType<AgentToolContext['session']> | undefined;
  const context: AgentToolContext = {
    ...deps.tools,
    logic: toolLogicOnFirstCall,
    workspace,
    actor: user.sub,
    conversationId: conversation.id,
    guardrails,
    increases: increaseLedger(deps.store, workspace.id, deps.tools.now),
    session: () => (session ??= deps.tools.session(workspace.id)),
  };
  const started = Date.now();
  deps.log('Agent turn started', { provider: runtime.provider, turns: conversation.turns.length });

  return (async function* () {
    const tools: AgentToolUse[] = [];
    const proposals: AgentProposal[] = [];
    let firstEventMs: number | undefined;
    try {
      for await (const event of runAgentTurn({
        client: runtime.client,
        settings: runtime.settings,
        messages: [
          { role: 'system', content: SYSTEM },
          ...historyMessages(conversation),
          { role: 'user', content: call.body.message },
        ],
        tools: AGENT_TOOLS,
        context,
        maxSteps: AGENT_MAX_STEPS,
        earlierEvidence: earlierEvidence(conversation),
        deadline: started + 50_000,
      })) {
        firstEventMs ??= Date.now() - started;
        if (event.type === 'tool') {
          tools.push(event.tool);
          yield agentEventLine({ type: 'tool', tool: event.tool });
        } else if (event.type === 'proposal') {
          proposals.push(event.proposal);
          yield agentEventLine({ type: 'proposal', proposal: event.proposal });
        } else if (event.type === 'delta') yield agentEventLine({ type: 'delta', text: event.text });
        else {
          await deps.generations.addTokens(workspace.id, grant, event.usage).catch(() => undefined);
          const at = deps.tools.now().toISOString();
          await appendTurns(
            deps.store,
            workspace.id,
            user.sub,
            conversation,
            [
              { role: 'user', text: call.body.message, at },
              {
                role: 'assistant',
                text: event.text,
                at,
                tools,
                proposals,
                grounding: { removed: event.removed, sources: event.sources },
                evidence: event.evidence,
              },
            ],
            deps.tools.now(),
          );
          deps.log('Agent turn finished', {
            firstEventMs,
            totalMs: Date.now() - started,
            steps: event.steps,
            stopReason: event.stopReason,
            toolCalls: tools.length,
            removedFigures: event.removed.length,
          });
          yield agentEventLine({
            type: 'done',
            stopReason: event.stopReason,
            steps: event.steps,
            grounding: { removed: event.removed, sources: event.sources },
            model: event.model,
            offline: runtime.offline,
          });
        }
      }
    } catch (error) {
      if (firstEventMs === undefined) {
        await refund();
        throw error;
      }
      const appError = isAppError(error) ? error : new AppError('UPSTREAM_ERROR');
      deps.log('Agent turn cut short', { code: appError.code });
      yield agentEventLine({ type: 'error', error: { code: appError.code, message: appError.message } });
    }
  })();
}
