import type { MetaConnectionContextValue } from './meta-connection-context';

/** Where a screen working on one ad account stands: only `ready` lets it read the account. */
export type WorkspaceGate =
  'loading' | 'not-connected' | 'accounts-error' | 'accounts-loading' | 'no-accounts' | 'ready';

export function workspaceGate(
  meta: Pick<
    MetaConnectionContextValue,
    'loading' | 'isConnected' | 'adAccounts' | 'adAccountsLoading' | 'adAccountsError'
  >,
): WorkspaceGate {
  if (meta.loading) return 'loading';
  if (!meta.isConnected) return 'not-connected';
  if (meta.adAccountsError) return 'accounts-error';
  if (meta.adAccountsLoading) return 'accounts-loading';
  if (meta.adAccounts.length === 0) return 'no-accounts';
  return 'ready';
}
