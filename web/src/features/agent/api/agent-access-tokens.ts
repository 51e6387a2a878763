import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAccessTokenRequest } from '@shared/schemas/agent-tokens';
import { apiRequest } from '@web/lib/api';

const accessTokensKey = ['agent', 'access-tokens'] as const;

/** GET /api/agent/tokens: the person's own MCP access tokens here (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({ queryKey: accessTokensKey, queryFn: () => apiRequest('agentAccessTokens') });
}

/** POST /api/agent/tokens: the reply is the only time the token itself is shown. */
export function useCreateAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenRequest) => apiRequest('agentCreateAccessToken', { body }),
    meta: { component: 'AgentAccessTokens.create' },
    onSuccess: () => client.invalidateQueries({ queryKey: accessTokensKey }),
  });
}

export function useRevokeAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiRequest('agentRevokeAccessToken', { params: { tokenId } }),
    meta: { component: 'AgentAccessTokens.revoke' },
    onSuccess: () => client.invalidateQueries({ queryKey: accessTokensKey }),
  });
}
