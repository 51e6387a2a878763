import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { winningElements, type WinningElements } from '@shared/creative-winners';
import { CreativeReportSchema } from '@shared/schemas/creative-report';
import { apiRequest } from '@web/lib/api';
import { AuthContext } from '@web/lib/auth/auth-context';
import { MetaConnectionContext } from './meta-connection-context';
import { workspaceGate } from './workspace-gate';

/**
 * The account's winning creative elements for a campaign's objective, from the creative report (the
 * same query and cache as the /creative-report screen). Null while it loads, when it fails, and when
 * nothing won with significance: then nothing is claimed.
 */
export function useCreativeWinners(
  uid: string | undefined,
  accountId: string | undefined,
  objective: string | undefined,
): WinningElements | null {
  const report = useQuery({
    queryKey: ['meta', uid ?? '', 'creative-report', accountId ?? ''] as const,
    queryFn: () => apiRequest('creativeReport', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const parsed = CreativeReportSchema.safeParse(report.data);
  return parsed.success ? winningElements(parsed.data, objective) : null;
}

/**
 * The winners of the ad account chosen in the account picker, for screens that work without one (the ad copy and
 * graphics generators): null without a Meta connection (or outside the auth and Meta providers), so they work as before.
 */
export function useSelectedAccountWinners(objective: string | undefined): WinningElements | null {
  const uid = useContext(AuthContext)?.currentUser?.uid;
  const meta = useContext(MetaConnectionContext);
  const account = meta && workspaceGate(meta) === 'ready' ? meta.selectedAdAccount : null;
  return useCreativeWinners(uid, account?.id, objective);
}
