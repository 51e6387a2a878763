/**
 * Click tracking facts the browser needs on public pages, which load no zod: plain
 * constants here, the schemas that validate them on the server in
 * `schemas/notifications.ts`, and `routes.ts` takes its paths from here.
 */

/** Most notifications (or anonymous clicks) one batch call carries. */
export const MAX_NOTIFICATION_BATCH = 50;

/** Where clicks go: a signed-in user's through the notification API, an anonymous visitor's to the public endpoint. */
export const CLICK_PATHS = {
  signedIn: '/api/notifications/batch',
  anonymous: '/api/clicks',
} as const;

/** The API's base on the site's own origin (CloudFront and the twin both forward `/api/*`). */
export const DEFAULT_API_BASE_URL = '/api';
