import type { QueryClient } from '@tanstack/react-query';
import type { Usage } from '@shared/schemas/billing';

/**
 * The usage query's key, apart from its fetcher: the app's QueryClient (loaded on public pages too) refreshes
 * usage after actions without pulling the API client into the public bundle.
 */
export const usageKey = ['billing', 'usage'] as const;

/**
 * The server holds one of the plan's ad-account places on the first use of an account (its campaigns or
 * insights): after such a read, usage is refetched unless the cached usage already counts that account.
 */
export function refreshUsageUnlessHeld(client: QueryClient, adAccountId: string): void {
  const usage = client.getQueryData<Usage>(usageKey);
  const held = usage?.limits.find((limit) => limit.key === 'connectedAdAccounts')?.held;
  if (held?.includes(adAccountId)) return;
  void client.invalidateQueries({ queryKey: usageKey });
}
