import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@web/lib/auth/use-auth';
import { useDisconnectMeta } from './disconnect-meta';
import { useAdAccounts } from './get-ad-accounts';
import { useMetaConnectionQuery } from './get-meta-connection';
import { metaKeys } from './meta-query-keys';
import { DEFAULT_RANGE, type DateRangeValue } from './date-range';
import { isTokenExpiredError } from './meta-error-message';
import { readSelectedAdAccount, writeSelectedAdAccount } from './selected-ad-account';
import { MetaConnectionContext, type MetaConnectionContextValue } from './meta-connection-context';
import { useMetaConnect } from './use-meta-connect';

export function MetaConnectionProvider({ children }: { children: ReactNode }) {
  const { currentUser, loading: authLoading } = useAuth();
  const uid = currentUser?.uid;
  const queryClient = useQueryClient();

  const connectionQuery = useMetaConnectionQuery(uid);
  const connection = uid ? (connectionQuery.data ?? null) : null;
  const isConnected = connection?.isConnected === true;

  const adAccountsQuery = useAdAccounts(uid, isConnected);
  const adAccounts = useMemo(
    () => (isConnected ? (adAccountsQuery.data ?? []) : []),
    [isConnected, adAccountsQuery.data],
  );

  // The chosen account, remembered per user; re-read whenever the user changes.
  const [storedChoice, setStoredChoice] = useState<{ uid: string | undefined; accountId: string | null }>({
    uid: undefined,
    accountId: null,
  });
  const chosenId = storedChoice.uid === uid ? storedChoice.accountId : uid ? readSelectedAdAccount(uid) : null;
  const selectedAdAccount = adAccounts.find((a) => a.id === chosenId) ?? adAccounts[0] ?? null;
  const selectAdAccount = useCallback(
    (accountId: string) => {
      if (!uid) return;
      writeSelectedAdAccount(uid, accountId);
      setStoredChoice({ uid, accountId });
    },
    [uid],
  );

  // The range the screens share is a choice, not server state: each screen reads its figures through its
  // own query hook (campaigns, insights) keyed by it.
  const [range, setRange] = useState<DateRangeValue>(DEFAULT_RANGE);

  const refresh = useCallback(async () => {
    if (!uid) return;
    await queryClient.invalidateQueries({ queryKey: metaKeys.all(uid) });
  }, [queryClient, uid]);

  const { connecting, connectError, setConnectError, connect } = useMetaConnect(uid, refresh);

  const { mutateAsync: disconnectAsync, isPending: disconnecting } = useDisconnectMeta(uid);
  const disconnect = useCallback(async () => {
    setConnectError(null);
    // A failure is reported by the central mutation policy (toast); the card stays as it was.
    await disconnectAsync().catch(() => undefined);
  }, [disconnectAsync, setConnectError]);

  // Either the connection check says Meta no longer honours the token, or the ad accounts read (made
  // whenever connected) was refused for it.
  const tokenExpired = Boolean(connectionQuery.data?.needsReconnect) || isTokenExpiredError(adAccountsQuery.error);

  const value = useMemo<MetaConnectionContextValue>(
    () => ({
      isConnected,
      loading: authLoading || (Boolean(uid) && connectionQuery.isPending),
      connection,
      adAccounts,
      adAccountsLoading: isConnected && adAccountsQuery.isPending,
      adAccountsError: adAccountsQuery.error,
      selectedAdAccount,
      selectAdAccount,
      range,
      setRange,
      tokenExpired,
      connecting,
      connectError,
      connect,
      disconnect,
      disconnecting,
      refresh,
    }),
    [
      isConnected,
      uid,
      authLoading,
      connectionQuery.isPending,
      connection,
      adAccounts,
      adAccountsQuery.isPending,
      adAccountsQuery.error,
      selectedAdAccount,
      selectAdAccount,
      range,
      tokenExpired,
      connecting,
      connectError,
      connect,
      disconnect,
      disconnecting,
      refresh,
    ],
  );

  return <MetaConnectionContext.Provider value={value}>{children}</MetaConnectionContext.Provider>;
}
