import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdCardList, AdTest, ApproveAdTestBodyInput, RewriteAdBodyInput } from '@shared/schemas/ad-optimizer';
import { apiRequest } from '@web/lib/api';
import { ApiError } from '@web/lib/api-client';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/** The server's own words for a refused rewrite (the AI quota, a bad brief); Meta's wording for Meta's errors. */
function rewriteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'RATE_LIMITED' && error.status < 500 && error.message) {
    return error.message;
  }
  return metaErrorMessage(error);
}

const cardsKey = (uid: string, accountId: string) => ['meta', uid, 'ad-optimizer', accountId] as const;

/** The account's ads as cards, computed from Meta's data on each read (a few Graph calls). */
export function useAdCards(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: cardsKey(uid ?? '', accountId ?? ''),
    queryFn: () => apiRequest('adOptimizerAds', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 5 * 60_000,
  });
}

function withTest(list: AdCardList | undefined, test: AdTest): AdCardList | undefined {
  if (!list) return list;
  const others = list.tests.filter((t) => t.id !== test.id);
  return { ...list, tests: [test, ...others] };
}

/** Write new copy for an ad, approve it as a paused A/B copy, or delete that copy again. */
export function useAdTestActions(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  const key = cardsKey(uid ?? '', accountId ?? '');
  const remember = (test: AdTest) => queryClient.setQueryData<AdCardList>(key, (list) => withTest(list, test));
  // A copy was made or deleted at Meta: the cards and /campaigns read it again.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: metaKeys.campaignsOf(uid ?? '', accountId ?? '') });
  };
  const rewrite = useMutation({
    mutationFn: ({ adId, body }: { adId: string; body: RewriteAdBodyInput }) =>
      apiRequest('adOptimizerRewrite', { params: { id: adId }, body }),
    meta: { component: 'AdOptimizer', ownErrorToast: true },
    onSuccess: remember,
    onError: (error) => toast.error(rewriteErrorMessage(error)),
  });
  const approve = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveAdTestBodyInput }) =>
      apiRequest('adOptimizerApprove', { params: { id }, body }),
    meta: { component: 'AdOptimizer', ownErrorToast: true },
    onSuccess: (test) => {
      remember(test);
      refresh();
      toast.success('A/B copy created, paused, in the same ad set');
    },
    onError: (error) => toast.error(metaErrorMessage(error)),
  });
  const undo = useMutation({
    mutationFn: (id: string) => apiRequest('adOptimizerUndo', { params: { id } }),
    meta: { component: 'AdOptimizer', ownErrorToast: true },
    onSuccess: (test) => {
      remember(test);
      refresh();
      toast.success('The A/B copy was deleted');
    },
    onError: (error) => toast.error(metaErrorMessage(error)),
  });
  // One-element tests from the creative report: stored as rewrites, so they join the list's tests.
  const propose = useMutation({
    mutationFn: () => apiRequest('adOptimizerElementTests', { params: { id: accountId! } }),
    meta: { component: 'AdOptimizer', ownErrorToast: true },
    onSuccess: (reply) => {
      for (const test of reply.proposed) remember(test);
    },
    onError: (error) => toast.error(rewriteErrorMessage(error)),
  });
  return { rewrite, approve, undo, propose };
}
