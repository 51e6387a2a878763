import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

const reportKey = (uid: string, accountId: string) => ['meta', uid, 'creative-report', accountId] as const;

/** The account's creative report: one weekly insights read by ad, joined to the recorded elements. */
export function useCreativeReport(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: reportKey(uid ?? '', accountId ?? ''),
    queryFn: () => apiRequest('creativeReport', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 5 * 60_000,
  });
}

/** Tags a batch of the account's ads made elsewhere (one AI generation), then reads the report again. */
export function useTagOutsideAds(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('creativeTags', { params: { id: accountId! } }),
    meta: { component: 'CreativeReport', ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKey(uid ?? '', accountId ?? '') }),
  });
}
