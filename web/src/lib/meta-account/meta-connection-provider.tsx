import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { META_POPUP_CLOSED_WAIT_MS } from '@shared/constants';
import { handleError } from '@web/lib/errors/handle-error';
import { useAuth } from '@web/lib/auth/use-auth';
import { useDisconnectMeta } from './disconnect-meta';
import { useAdAccounts } from './get-ad-accounts';
import { metaConnectionQueryOptions, useMetaConnectionQuery } from './get-meta-connection';
import { getMetaOAuthConfig } from './get-meta-oauth-config';
import { metaKeys } from './meta-query-keys';
import { DEFAULT_RANGE, type DateRangeValue } from './date-range';
import { writeAuthAttempt } from './meta-auth-attempt';
import {
  META_CANCELLED_MESSAGE,
  META_POPUP_CLOSED_MESSAGE,
  isTokenExpiredError,
  metaErrorMessage,
} from './meta-error-message';
import { isMetaAuthMessage, navigateToDialog, openMetaPopup } from './meta-popup';
import { readSelectedAdAccount, writeSelectedAdAccount } from './selected-ad-account';
import { MetaConnectionContext, type MetaConnectionContextValue } from './meta-connection-context';

/** How often we look whether the popup was closed, and re-check the connection after it was. */
const POPUP_CLOSED_POLL_MS = 500;
const CONNECTION_POLL_MS = 1_000;

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

  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  // Stops the listeners and timers of a connect attempt in progress.
  const stopAttempt = useRef<(() => void) | null>(null);

  const refresh = useCallback(async () => {
    if (!uid) return;
    await queryClient.invalidateQueries({ queryKey: metaKeys.all(uid) });
  }, [queryClient, uid]);

  // A new user (or none) never sees the previous attempt's state.
  useEffect(() => {
    return () => {
      stopAttempt.current?.();
      stopAttempt.current = null;
      setConnecting(false);
      setConnectError(null);
    };
  }, [uid]);

  const connect = useCallback(
    async (options: { rerequest?: boolean } = {}) => {
      if (!uid) return;
      stopAttempt.current?.();
      setConnectError(null);
      setConnecting(true);

      let dialogUrl: string;
      try {
        dialogUrl = (await getMetaOAuthConfig(options)).dialogUrl;
      } catch (error) {
        // Shown inline (e.g. "Meta app not configured. Please contact support." verbatim).
        handleError(error, { component: 'MetaConnectionProvider.connect', silent: true });
        setConnectError(metaErrorMessage(error));
        setConnecting(false);
        return;
      }

      const returnTo = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // Written before the popup opens: a popup starts with a copy of this tab's session storage.
      writeAuthAttempt({ userId: uid, timestamp: Date.now(), mode: 'popup', returnTo });
      const popup = openMetaPopup(dialogUrl);
      if (!popup) {
        // Blocked: go to Meta in this window; the callback page brings the user back to returnTo.
        writeAuthAttempt({ userId: uid, timestamp: Date.now(), mode: 'redirect', returnTo });
        navigateToDialog(dialogUrl);
        return;
      }

      let settled = false;
      let connectionPoll: number | undefined;
      const stop = () => {
        settled = true;
        window.removeEventListener('message', onMessage);
        window.clearInterval(closedPoll);
        window.clearTimeout(connectionPoll);
        if (stopAttempt.current === stop) stopAttempt.current = null;
      };
      const succeed = async () => {
        stop();
        await refresh();
        setConnecting(false);
        toast.success('Meta is connected.');
      };
      const fail = (message: string) => {
        stop();
        setConnectError(message);
        setConnecting(false);
      };

      function onMessage(event: MessageEvent) {
        // Only our own callback page, on our own origin, may report the outcome.
        if (settled || event.origin !== window.location.origin || !isMetaAuthMessage(event.data)) return;
        const message = event.data;
        if (message.status === 'success') void succeed();
        else if (message.status === 'cancelled') fail(META_CANCELLED_MESSAGE);
        else fail(message.message);
      }
      window.addEventListener('message', onMessage);

      // Closed without a word (a message lost, or the person closed it): watch the connection for a while.
      const closedPoll = window.setInterval(() => {
        if (settled || !popup.closed) return;
        window.clearInterval(closedPoll);
        const startedAt = Date.now();
        const check = async () => {
          const latest = await queryClient.fetchQuery({ ...metaConnectionQueryOptions(uid), staleTime: 0 });
          if (settled) return;
          if (latest.isConnected) void succeed();
          else if (Date.now() - startedAt >= META_POPUP_CLOSED_WAIT_MS) fail(META_POPUP_CLOSED_MESSAGE);
          else connectionPoll = window.setTimeout(() => void check(), CONNECTION_POLL_MS);
        };
        void check();
      }, POPUP_CLOSED_POLL_MS);
      stopAttempt.current = stop;
    },
    [queryClient, refresh, uid],
  );

  const { mutateAsync: disconnectAsync, isPending: disconnecting } = useDisconnectMeta(uid);
  const disconnect = useCallback(async () => {
    setConnectError(null);
    // A failure is reported by the central mutation policy (toast); the card stays as it was.
    await disconnectAsync().catch(() => undefined);
  }, [disconnectAsync]);

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
