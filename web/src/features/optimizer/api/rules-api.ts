import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RuleDraft } from '@shared/schemas/rules';
import { apiRequest } from '@web/lib/api';
import { usageKey } from '@web/lib/billing/usage';

export const rulesKeys = {
  all: (uid: string | undefined) => ['rules', uid] as const,
  list: (uid: string | undefined) => ['rules', uid, 'list'] as const,
  runs: (uid: string | undefined) => ['rules', uid, 'runs'] as const,
};

/** A queued run shows up within seconds: the list and history are polled while one is expected. */
export const RUN_POLL_MS = 1500;

/** `polling` while a run is expected, so each rule's "last run" follows the history. */
export function useRules(uid: string | undefined, polling = false) {
  return useQuery({
    queryKey: rulesKeys.list(uid),
    queryFn: ({ signal }) => apiRequest('rulesList', { signal }),
    enabled: !!uid,
    refetchInterval: polling ? RUN_POLL_MS : false,
  });
}

export function useRuleRuns(uid: string | undefined, polling: boolean) {
  return useQuery({
    queryKey: rulesKeys.runs(uid),
    queryFn: ({ signal }) => apiRequest('rulesRuns', { signal }),
    enabled: !!uid,
    refetchInterval: polling ? RUN_POLL_MS : false,
  });
}

export function useAdAccountsForRules(uid: string | undefined) {
  return useQuery({
    queryKey: ['rules', uid, 'ad-accounts'] as const,
    queryFn: ({ signal }) => apiRequest('metaAdAccounts', { signal }),
    enabled: !!uid,
    retry: false,
  });
}

function useInvalidateRules(uid: string | undefined) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rulesKeys.all(uid) });
}

export function useCreateRule(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  return useMutation({ mutationFn: (body: RuleDraft) => apiRequest('rulesCreate', { body }), onSuccess: invalidate });
}

export function useUpdateRule(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  return useMutation({
    mutationFn: (input: { id: string; rule: RuleDraft; expectedVersion: number }) =>
      apiRequest('rulesUpdate', {
        params: { id: input.id },
        body: { rule: input.rule, expectedVersion: input.expectedVersion },
      }),
    onSuccess: invalidate,
  });
}

export function useSetRuleStatus(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status: 'on' | 'off' }) =>
      apiRequest('rulesSetStatus', { params: { id: input.id }, body: { status: input.status } }),
    // A rule switched on or off takes or frees a place of the plan's limit: the usage follows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageKey }),
    onSuccess: invalidate,
  });
}

export function useDeleteRule(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  return useMutation({
    mutationFn: (id: string) => apiRequest('rulesDelete', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRunNow(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  return useMutation({
    mutationFn: (id: string) => apiRequest('rulesRunNow', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useKillSwitch(uid: string | undefined) {
  const invalidate = useInvalidateRules(uid);
  return useMutation({
    mutationFn: (killSwitch: boolean) => apiRequest('rulesSettings', { body: { killSwitch } }),
    onSuccess: invalidate,
  });
}

export function useBacktest() {
  return useMutation({
    mutationFn: (rule: RuleDraft) => apiRequest('rulesBacktest', { body: { rule } }),
  });
}

/** The ad account's custom audiences a rule can be limited to (the Audiences screen's list). */
export function useRuleAudiences(adAccountId: string) {
  return useQuery({
    queryKey: ['rules', 'audiences', adAccountId],
    queryFn: ({ signal }) => apiRequest('listAudiences', { params: { id: adAccountId }, signal }),
    enabled: adAccountId !== '',
    staleTime: 60_000,
    retry: false,
  });
}
