import { useEffect, useRef } from 'react';
import { getWebConfig } from '../../config/web-config';
import { apiRequest } from '../api';
import { getAccessToken } from '../auth/cognito';
import { useAuth } from '../auth/use-auth';
import type { ErrorLogEntry } from '../errors/error-log';
import { setErrorNotifier } from '../errors/error-notifier';
import type { ErrorSeverity } from '../errors/error-log';
import { setClickIdentity } from './click-sender';
import { sendNotification } from './notification-api';

/** How often the click sender's cached token is renewed (Amplify refreshes it as needed). */
const TOKEN_REFRESH_MS = 60_000;

/**
 * What is "sent as a chat notification" for a signed-in user: an `error`
 * notification for Slack and a structured report for operators' logs. Both are
 * best effort; `sendNotification` already logs its own failure and returns false.
 */
async function notifyError(entry: ErrorLogEntry, severity: ErrorSeverity): Promise<boolean> {
  void apiRequest('clientErrors', {
    body: {
      message: entry.message.slice(0, 2000),
      code: entry.code,
      severity,
      context: {
        component: entry.context.component?.slice(0, 300),
        stack: entry.context.stack?.slice(0, 8000),
        url: entry.context.url.slice(0, 2000),
        userAgent: entry.context.userAgent.slice(0, 500),
      },
      timestamp: entry.timestamp,
    },
  }).catch(() => undefined);
  return sendNotification({
    type: 'error',
    data: {
      errorType: entry.code,
      message: entry.message.slice(0, 2000),
      severity,
      ...(entry.context.component ? { component: entry.context.component.slice(0, 300) } : {}),
      url: entry.context.url.slice(0, 300),
    },
    timestamp: entry.timestamp,
  });
}

/** Lends the click tracker the signed-in user's token and installs error notifications. Renders nothing. */
export function NotificationWiring() {
  const { currentUser } = useAuth();
  const token = useRef<string | null>(null);
  const signedIn = currentUser !== null;

  useEffect(() => {
    if (!signedIn) {
      token.current = null;
      setErrorNotifier(null);
      return;
    }
    let live = true;
    const refresh = () =>
      getAccessToken()
        .then((value) => {
          if (live) token.current = value;
        })
        .catch(() => undefined);
    void refresh();
    const timer = setInterval(() => void refresh(), TOKEN_REFRESH_MS);
    setErrorNotifier(notifyError);
    // The tracker itself runs on every page (see Root); signed in, its clicks carry the user's token.
    setClickIdentity({ token: () => token.current, apiBaseUrl: getWebConfig().apiBaseUrl });
    return () => {
      live = false;
      clearInterval(timer);
      setErrorNotifier(null);
      setClickIdentity(null);
    };
  }, [signedIn]);

  return null;
}
