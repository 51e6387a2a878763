import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ResponseOf } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

export type AppliedList = ResponseOf<'optimizerApplied'>;

const appliedKey = (uid: string, accountId: string) => ['meta', uid, 'optimizer-applied', accountId] as const;

/** Applied recommendations of an ad account with predicted against actual, and the detectors' hit rates. */
export function useAppliedOutcomes(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: appliedKey(uid ?? '', accountId ?? ''),
    queryFn: () => apiRequest('optimizerApplied', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    // Outcomes move once a day at most: keep a read for a while, refresh on demand.
    staleTime: 5 * 60_000,
  });
}

/** Undo from the Applied view (within 24 hours); the recommendations and campaigns are read again after. */
export function useUndoApplied(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('optimizerUndo', { params: { id } }),
    meta: { component: 'OptimizerApplied', ownErrorToast: true },
    onSuccess: () => {
      toast.success('Undone: the values before are back');
      void queryClient.invalidateQueries({ queryKey: appliedKey(uid ?? '', accountId ?? '') });
      void queryClient.invalidateQueries({ queryKey: ['meta', uid ?? '', 'optimizer', accountId ?? ''] });
      void queryClient.invalidateQueries({ queryKey: metaKeys.campaignsOf(uid ?? '', accountId ?? '') });
    },
    onError: (error) => toast.error(metaErrorMessage(error)),
  });
}
