import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareBody } from '@shared/schemas/mmm-share';
import { apiRequest } from '@web/lib/api';

const shareKeys = {
  list: (uid: string | undefined, modelId: string) => ['mmm', uid, 'shares', modelId] as const,
  shared: (token: string) => ['mmm', 'shared', token] as const,
};

/** The live share links of one of the owner's models. */
export function useShares(uid: string | undefined, modelId: string) {
  return useQuery({
    queryKey: shareKeys.list(uid, modelId),
    queryFn: ({ signal }) => apiRequest('mmmListShares', { params: { id: modelId }, signal }),
    enabled: !!uid,
  });
}

export function useCreateShare(uid: string | undefined, modelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) => apiRequest('mmmCreateShare', { params: { id: modelId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(uid, modelId) }),
  });
}

export function useRevokeShare(uid: string | undefined, modelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => apiRequest('mmmRevokeShare', { params: { id: shareId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(uid, modelId) }),
  });
}

/** A shared report, opened by anyone holding the link (no sign-in). */
export function useSharedReport(token: string) {
  return useQuery({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => apiRequest('mmmSharedReport', { params: { token }, signal }),
    retry: false,
  });
}
