import { AgentConversationSchema, AgentGuardrailsSchema } from '../schemas/agent';
import {
  AccessTokenListSchema,
  AccessTokenParamsSchema,
  AccessTokenRevokedSchema,
  CreateAccessTokenRequestSchema,
  CreatedAccessTokenSchema,
} from '../schemas/agent-tokens';
import { route } from '../route-declaration';

/** The routes `agent-settings` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const agentSettingsRoutes = {
  // The in-app agent (issue 26): the signed-in person's conversation in the workspace (their own, never a
  // teammate's), read for the panel and deleted on request.
  agentConversation: route({
    method: 'GET',
    path: '/api/agent/conversation',
    fn: 'agent-settings',
    access: 'user',
    response: AgentConversationSchema,
  }),
  agentDeleteConversation: route({
    method: 'DELETE',
    path: '/api/agent/conversation',
    fn: 'agent-settings',
    access: 'user',
    response: AgentConversationSchema,
  }),
  // The workspace's guardrails: every member reads what binds their proposals; only the owner changes them.
  agentGuardrails: route({
    method: 'GET',
    path: '/api/agent/guardrails',
    fn: 'agent-settings',
    access: 'user',
    response: AgentGuardrailsSchema,
  }),
  agentUpdateGuardrails: route({
    method: 'PUT',
    path: '/api/agent/guardrails',
    fn: 'agent-settings',
    access: 'user',
    workspace: 'owner',
    body: AgentGuardrailsSchema,
    response: AgentGuardrailsSchema,
  }),
  // Personal access tokens for the MCP server (/api/mcp): each person's own in the workspace, shown once at creation.
  agentAccessTokens: route({
    method: 'GET',
    path: '/api/agent/tokens',
    fn: 'agent-settings',
    access: 'user',
    response: AccessTokenListSchema,
  }),
  agentCreateAccessToken: route({
    method: 'POST',
    path: '/api/agent/tokens',
    fn: 'agent-settings',
    access: 'user',
    body: CreateAccessTokenRequestSchema,
    response: CreatedAccessTokenSchema,
    successStatus: 201,
  }),
  agentRevokeAccessToken: route({
    method: 'DELETE',
    path: '/api/agent/tokens/{tokenId}',
    fn: 'agent-settings',
    access: 'user',
    params: AccessTokenParamsSchema,
    response: AccessTokenRevokedSchema,
  }),
} as const;
