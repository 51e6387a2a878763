import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** The account's pixels with what Meta received and what to fix (three Graph reads per pixel on the server). */
export function useSignalsHealth(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: ['meta', uid ?? '', 'signals', accountId ?? ''] as const,
    queryFn: () => apiRequest('signalsHealth', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 5 * 60_000,
  });
}
