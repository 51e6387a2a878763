import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecisionBody, LinkDecisionBody, ResendApprovalBody } from '@shared/schemas/approvals';
import { apiRequest } from '@web/lib/api';

const approvalKeys = {
  link: (token: string) => ['approvals', 'link', token] as const,
  list: (uid: string | undefined) => ['approvals', uid, 'list'] as const,
  detail: (uid: string | undefined, id: string) => ['approvals', uid, 'detail', id] as const,
};

/** The plan an approval link opens (no sign-in). */
export function useApprovalLink(token: string) {
  return useQuery({
    queryKey: approvalKeys.link(token),
    queryFn: ({ signal }) => apiRequest('approvalLink', { params: { token }, signal }),
    retry: false,
  });
}

/** The link's one decision; the answer replaces what the page shows. */
export function useDecideByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkDecisionBody) => apiRequest('approvalLinkDecide', { params: { token }, body }),
    onSuccess: (detail) => queryClient.setQueryData(approvalKeys.link(token), detail),
  });
}

/** The workspace's approvals, newest first. */
export function useApprovals(uid: string | undefined) {
  return useQuery({
    queryKey: approvalKeys.list(uid),
    queryFn: ({ signal }) => apiRequest('approvalsList', { query: {}, signal }),
    enabled: Boolean(uid),
  });
}

export function useApproval(uid: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: approvalKeys.detail(uid, id ?? ''),
    queryFn: ({ signal }) => apiRequest('approvalsDetail', { params: { id: id! }, signal }),
    enabled: Boolean(uid && id),
  });
}

/** The client's answer in the app. */
export function useDecideInApp(uid: string | undefined, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) => apiRequest('approvalsDecide', { params: { id }, body }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(approvalKeys.detail(uid, id), detail);
      await queryClient.invalidateQueries({ queryKey: approvalKeys.list(uid) });
    },
  });
}

/** The owner or an admin withdraws an approval not answered yet (its link stops working). */
export function useRevokeApproval(uid: string | undefined, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('approvalsRevoke', { params: { id } }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(approvalKeys.detail(uid, id), detail);
      await queryClient.invalidateQueries({ queryKey: approvalKeys.list(uid) });
    },
  });
}

/** Emails a pending link again: a fresh link, the old one stops working (owner, admin or member). */
export function useResendApproval(uid: string | undefined, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendApprovalBody) => apiRequest('approvalsResend', { params: { id }, body }),
    onSuccess: async (sent) => {
      queryClient.setQueryData(approvalKeys.detail(uid, id), (old: { approval: unknown } | undefined) =>
        old ? { ...old, approval: sent.approval } : old,
      );
      await queryClient.invalidateQueries({ queryKey: approvalKeys.list(uid) });
    },
  });
}
