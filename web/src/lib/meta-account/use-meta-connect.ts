import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { META_POPUP_CLOSED_WAIT_MS } from '@shared/constants';
import { handleError } from '@web/lib/errors/handle-error';
import { metaConnectionQueryOptions } from './get-meta-connection';
import { getMetaOAuthConfig } from './get-meta-oauth-config';
import { clearAuthAttempt, writeAuthAttempt } from './meta-auth-attempt';
import { META_CANCELLED_MESSAGE, META_POPUP_CLOSED_MESSAGE, metaErrorMessage } from './meta-error-message';
import { isMetaAuthMessage, navigateToDialog, openMetaPopup, sendPopupToDialog } from './meta-popup';

/** How often we look whether the popup was closed, and re-check the connection after it was. */
const POPUP_CLOSED_POLL_MS = 500;
const CONNECTION_POLL_MS = 1_000;

/**
 * The connect attempt of the Meta connection: opens a popup at the click and sends it to Meta's dialog once its
 * address arrives (or goes to the dialog in this window when the popup was blocked), then waits for the callback page's message or, if the popup closes silently, for the connection to appear.
 */
export function useMetaConnect(uid: string | undefined, refresh: () => Promise<void>) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  // Stops the listeners and timers of a connect attempt in progress.
  const stopAttempt = useRef<(() => void) | null>(null);

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

      // Everything up to the first await runs within the click, where the browser still allows a popup.
      const returnTo = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // Written before the popup opens: a popup starts with a copy of this tab's session storage made when it is
      // created, and a later write here is not seen there (the callback page reads the attempt in the popup).
      writeAuthAttempt({ userId: uid, timestamp: Date.now(), mode: 'popup', returnTo });
      const popup = openMetaPopup();
      let cancelled = false;
      stopAttempt.current = () => {
        cancelled = true;
        popup?.close();
      };

      let dialogUrl: string;
      try {
        dialogUrl = (await getMetaOAuthConfig(options)).dialogUrl;
      } catch (error) {
        if (cancelled) return;
        stopAttempt.current = null;
        popup?.close();
        clearAuthAttempt();
        // Shown inline (e.g. "Meta app not configured. Please contact support." verbatim).
        handleError(error, { component: 'MetaConnectionProvider.connect', silent: true });
        setConnectError(metaErrorMessage(error));
        setConnecting(false);
        return;
      }
      if (cancelled) return;
      stopAttempt.current = null;

      if (!popup) {
        // Blocked at the click: go to Meta in this window; the callback page brings the user back to returnTo.
        writeAuthAttempt({ userId: uid, timestamp: Date.now(), mode: 'redirect', returnTo });
        navigateToDialog(dialogUrl);
        return;
      }
      if (popup.closed) {
        // Closed while its address was on the way: nothing was asked of Meta.
        clearAuthAttempt();
        setConnectError(META_POPUP_CLOSED_MESSAGE);
        setConnecting(false);
        return;
      }
      sendPopupToDialog(popup, dialogUrl);

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

  return { connecting, connectError, setConnectError, connect };
}
