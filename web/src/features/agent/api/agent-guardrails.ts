import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AgentGuardrails } from '@shared/schemas/agent';
import { apiRequest } from '@web/lib/api';

export const agentGuardrailsKey = ['agent', 'guardrails'] as const;

/** GET /api/agent/guardrails: what binds every proposal the agent makes in this workspace. */
export function useAgentGuardrails() {
  return useQuery({ queryKey: agentGuardrailsKey, queryFn: () => apiRequest('agentGuardrails') });
}

/** PUT /api/agent/guardrails (the owner only; the server refuses anyone else with OWNER_ONLY). */
export function useUpdateAgentGuardrails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentGuardrails) => apiRequest('agentUpdateGuardrails', { body }),
    meta: { component: 'AgentGuardrails.update' },
    onSuccess: (saved) => {
      client.setQueryData(agentGuardrailsKey, saved);
      toast.success("The agent's guardrails were saved.");
    },
  });
}
