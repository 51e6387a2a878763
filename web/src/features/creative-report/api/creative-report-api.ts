import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** The account's creative report: one weekly insights read by ad, joined to the recorded elements. */
export function useCreativeReport(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: ['meta', uid ?? '', 'creative-report', accountId ?? ''] as const,
    queryFn: () => apiRequest('creativeReport', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 5 * 60_000,
  });
}
