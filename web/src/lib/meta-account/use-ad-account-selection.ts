import type { AdAccount } from '@shared/schemas/meta';
import { useAuth } from '@web/lib/auth/use-auth';
import { useMetaConnection } from './use-meta-connection';
import { workspaceGate } from './workspace-gate';

export interface AdAccountSelection {
  uid: string | undefined;
  /**
   * The chosen account, only once the workspace's gate is passed: a screen's queries (enabled by it) start when
   * the screen's content shows, never behind the connect card or an accounts error.
   */
  account: AdAccount | null;
  accountId: string | undefined;
  adAccounts: AdAccount[];
  selectAdAccount: (accountId: string) => void;
}

/** The signed-in user and the ad account a screen works on, as the account picker shows it. */
export function useAdAccountSelection(): AdAccountSelection {
  const { currentUser } = useAuth();
  const meta = useMetaConnection();
  const account = workspaceGate(meta) === 'ready' ? meta.selectedAdAccount : null;
  return {
    uid: currentUser?.uid,
    account,
    accountId: account?.id,
    adAccounts: meta.adAccounts,
    selectAdAccount: meta.selectAdAccount,
  };
}
