import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCopyRequestInput, AdCopyResult, SaveAdCopyBody } from '@shared/schemas/ai';
import { apiRequest } from '@web/lib/api';

export const adCopyKeys = {
  history: (uid: string | undefined) => ['ad-copy', uid, 'history'] as const,
};

export function generateAdCopyOnServer(body: AdCopyRequestInput, signal?: AbortSignal): Promise<AdCopyResult> {
  return apiRequest('aiGenerateAdCopy', { body, signal });
}

/** Saved ad copy, newest first, one page at a time. */
export function useAdCopyHistory(uid: string | undefined) {
  return useInfiniteQuery({
    queryKey: adCopyKeys.history(uid),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('aiAdCopyHistory', { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: !!uid,
  });
}

export function useSaveAdCopy(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAdCopyBody) => apiRequest('aiSaveAdCopy', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adCopyKeys.history(uid) }),
  });
}
