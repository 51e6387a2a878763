import { MAX_NOTIFICATION_BATCH, type NotificationInput } from '@shared/schemas/notifications';
import { routes } from '@shared/routes';
import { apiRequest } from '../api';
import type { ClickSender } from './click-tracker';

/**
 * Spec §7's chat notification call: POST {type, data, timestamp}. Resolves true
 * when the API accepted it; on any failure logs "Failed to send Slack
 * notification" and resolves false (spec §8) — it never throws, so reporting an
 * error can never raise another.
 */
export async function sendNotification(notification: NotificationInput): Promise<boolean> {
  try {
    await apiRequest('notify', { body: notification });
    return true;
  } catch (error) {
    console.error('Failed to send Slack notification', error);
    return false;
  }
}

/**
 * Sends tracked clicks: a signed-in user's through the notification API (the
 * server adds their email from the token), an anonymous visitor's to the public
 * clicks endpoint, with no email. Plain fetch with `keepalive`, so a batch sent
 * as the page goes away still arrives; the token is the latest one known, since
 * there is no time to fetch a fresh one then.
 */
export function clickSender(apiBaseUrl: string, currentToken: () => string | null): ClickSender {
  const base = apiBaseUrl.replace(/\/$/, '');
  return (clicks, { keepalive }) => {
    const token = currentToken();
    const path = (token ? routes.notifyBatch.path : routes.trackClicks.path).replace(/^\/api/, '');
    for (let i = 0; i < clicks.length; i += MAX_NOTIFICATION_BATCH) {
      const chunk = clicks.slice(i, i + MAX_NOTIFICATION_BATCH);
      const body = token
        ? { notifications: chunk.map(({ timestamp, ...data }) => ({ type: 'button_click', data, timestamp })) }
        : { clicks: chunk };
      void fetch(`${base}${path}`, {
        method: 'POST',
        keepalive,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    }
  };
}
