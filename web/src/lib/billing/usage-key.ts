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

export const USAGE_CHANGED = 'adsmith:usage-changed';

/**
 * For counted actions that are not React Query mutations (the chat's streamed answers count AI generations): the
 * chat lives outside the signed-in providers, so it announces the change and the signed-in part refreshes usage.
 */
export function announceUsageChanged(): void {
  window.dispatchEvent(new Event(USAGE_CHANGED));
}
