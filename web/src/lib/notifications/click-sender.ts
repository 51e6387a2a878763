import { CLICK_PATHS, DEFAULT_API_BASE_URL, MAX_NOTIFICATION_BATCH } from '@shared/click-tracking';
import { startClickTracker, type ClickSender } from './click-tracker';

/**
 * Sends tracked clicks from every page, public ones included, so this module and
 * what it imports stay free of zod, Amplify and the API client (the server
 * validates every batch anyway). A signed-in user's clicks go through the
 * notification API (the server adds their email from the token); an anonymous
 * visitor's to the public clicks endpoint, carrying no email and no identity.
 */

/** What the signed-in part of the app lends the tracker: the latest access token and the API base. */
export interface ClickIdentity {
  token: () => string | null;
  apiBaseUrl: string;
}

let identity: ClickIdentity | null = null;

/** Registered by the signed-in wiring; cleared on sign-out, after which clicks are anonymous again. */
export function setClickIdentity(next: ClickIdentity | null): void {
  identity = next;
}

/**
 * Plain fetch with `keepalive`, so a batch sent as the page goes away still
 * arrives; the token is the latest one known, since there is no time to fetch a
 * fresh one then. A failed send is dropped: clicks are telemetry, not data.
 */
export function clickSender(
  current: () => ClickIdentity | null = () => identity,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ClickSender {
  return (clicks, { keepalive }) => {
    const who = current();
    const token = who?.token() ?? null;
    const base = (who?.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/$/, '');
    const path = (token ? CLICK_PATHS.signedIn : CLICK_PATHS.anonymous).replace(/^\/api/, '');
    for (let i = 0; i < clicks.length; i += MAX_NOTIFICATION_BATCH) {
      const chunk = clicks.slice(i, i + MAX_NOTIFICATION_BATCH);
      const body = token
        ? { notifications: chunk.map(({ timestamp, ...data }) => ({ type: 'button_click', data, timestamp })) }
        : { clicks: chunk };
      void fetchImpl(`${base}${path}`, {
        method: 'POST',
        keepalive,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    }
  };
}

/** Starts tracking for the whole tab (once, whatever calls it); returns the stop function. */
export function startSiteClickTracking(): () => void {
  return startClickTracker({ send: clickSender() });
}
