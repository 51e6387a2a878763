import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  isRecommendationsPending,
  type ApproveRecommendationBody,
  type RecommendationList,
  type RecommendationsReply,
  type StoredRecommendation,
} from '@shared/schemas/optimizer';
import { ApiError } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

export type { RecommendationList, RecommendationsReply };

/** How often the screen asks again while a read of Meta runs in the background (answers come from the store). */
export const UPDATING_POLL_MS = 1_500;

/** The reply's figures, or undefined before the account's first read has landed. */
export const figuresOf = (reply: RecommendationsReply | undefined): RecommendationList | undefined =>
  reply && !isRecommendationsPending(reply) ? reply : undefined;

const recommendationsKey = (uid: string, accountId: string) => ['meta', uid, 'optimizer', accountId] as const;

/**
 * The optimizer's recommendations for an ad account. The server answers from its last read of Meta at once and reads
 * Meta in the background when that read is old (RECOMMENDATIONS_FRESH_FOR_SECONDS) or when `refetch` (Analyse again,
 * the drawer's refresh) asks; while a read runs the answer says `updating` and the screen asks again every
 * UPDATING_POLL_MS until the new figures are in.
 */
export function useRecommendations(uid: string | undefined, accountId: string | undefined) {
  const fromMeta = useRef(false);
  const query = useQuery({
    queryKey: recommendationsKey(uid ?? '', accountId ?? ''),
    queryFn: () => {
      const refresh = fromMeta.current;
      fromMeta.current = false;
      return apiRequest('optimizerRecommendations', {
        params: { id: accountId! },
        ...(refresh ? { query: { refresh: 'true' as const } } : {}),
      });
    },
    enabled: Boolean(uid && accountId),
    // A read costs several Graph calls: keep it a while, refresh on demand.
    staleTime: 5 * 60_000,
    refetchInterval: (q) => (q.state.data?.updating ? UPDATING_POLL_MS : false),
  });
  const refetch: typeof query.refetch = (options) => {
    fromMeta.current = true;
    return query.refetch(options);
  };
  return { ...query, refetch };
}

function replaceIn(
  reply: RecommendationsReply | undefined,
  rec: StoredRecommendation,
): RecommendationsReply | undefined {
  const list = figuresOf(reply);
  return list ? { ...list, data: list.data.map((r) => (r.id === rec.id ? rec : r)) } : reply;
}

/** Approve (the selected, possibly edited items) or undo; campaigns lists are refreshed after. */
export function useRecommendationActions(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  const key = recommendationsKey(uid ?? '', accountId ?? '');
  const settle = (rec: StoredRecommendation) => {
    queryClient.setQueryData<RecommendationsReply>(key, (list) => replaceIn(list, rec));
    // Budgets and statuses changed at Meta: /campaigns must read them again.
    void queryClient.invalidateQueries({ queryKey: metaKeys.campaignsOf(uid ?? '', accountId ?? '') });
  };
  const approve = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveRecommendationBody }) =>
      apiRequest('optimizerApprove', { params: { id }, body }),
    meta: { component: 'OptimizerScreen', ownErrorToast: true },
    onSuccess: (rec) => {
      settle(rec);
      toast.success(rec.failures?.length ? 'Applied in part: Meta refused some changes' : 'Applied to Meta');
    },
    // A stale "before" is shown in the drawer, per object, with the offer to refresh.
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'STALE_BEFORE')) toast.error(metaErrorMessage(error));
    },
  });
  const undo = useMutation({
    mutationFn: (id: string) => apiRequest('optimizerUndo', { params: { id } }),
    meta: { component: 'OptimizerScreen', ownErrorToast: true },
    onSuccess: (rec) => {
      settle(rec);
      toast.success('Undone: the values before are back');
    },
    onError: (error) => toast.error(metaErrorMessage(error)),
  });
  return { approve, undo };
}
