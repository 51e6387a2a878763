import { randomUUID } from 'node:crypto';
import type { AgentConversation, AgentGuardrails } from '@shared/schemas/agent';
import {
  deleteConversation,
  readConversation,
  readGuardrails,
  writeGuardrails,
  type AgentStore,
} from '../lib/agent/agent-store';
import type { RequestUser } from '../lib/http/request-user';

/**
 * The agent's conversation and guardrails outside a turn. `user.sub` is the workspace (a member's is their owner's),
 * `user.actor ?? user.sub` the person: a conversation is each person's own, as the agent's turns store it.
 */

const person = (user: RequestUser) => user.actor ?? user.sub;

/** Whose MCP access tokens a request works on: the person's own, in the workspace they work in now. */
export const tokenOwner = (user: RequestUser) => ({ workspaceId: user.sub, person: person(user) });

/** The turns as the panel shows them: the tool results kept for later grounding stay on the server. */
export async function readAgentConversation(
  user: RequestUser,
  store: AgentStore,
  now: Date,
): Promise<AgentConversation> {
  const conversation = await readConversation(store, user.sub, person(user), now, randomUUID);
  return {
    turns: conversation.turns.map(({ evidence: _kept, ...turn }) => turn),
    updatedAt: conversation.updatedAt,
    expiresAt: conversation.expiresAt,
  };
}

export async function deleteAgentConversation(user: RequestUser, store: AgentStore): Promise<AgentConversation> {
  await deleteConversation(store, user.sub, person(user));
  return { turns: [], updatedAt: null, expiresAt: null };
}

export function readAgentGuardrails(user: RequestUser, store: AgentStore): Promise<AgentGuardrails> {
  return readGuardrails(store, user.sub);
}

/** Only the owner reaches this (the route is `workspace: 'owner'`); the body is the whole, validated set. */
export function updateAgentGuardrails(
  user: RequestUser,
  guardrails: AgentGuardrails,
  store: AgentStore,
): Promise<AgentGuardrails> {
  return writeGuardrails(store, user.sub, guardrails);
}
