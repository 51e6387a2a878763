import { ApiError } from '@web/lib/api-client';
import { userMessageFor } from '@web/lib/errors/handle-error';

/** Shown for a 429 only when the server sent no words of its own (an old gateway, a proxy). */
export const META_RATE_LIMITED_MESSAGE =
  'Meta is limiting requests to your ad account right now. Please wait a minute and try again.';
export const META_TOKEN_EXPIRED_MESSAGE = 'Your Meta connection has expired. Please reconnect Meta.';
export const META_CANCELLED_MESSAGE =
  'You cancelled the connection to Meta. Nothing was connected; you can try again whenever you are ready.';
export const META_POPUP_CLOSED_MESSAGE =
  'The Meta window was closed before the connection finished, so Meta is not connected. Please try again.';

/**
 * What a person reads for a failed Meta call: the server's own words for API
 * errors (they are written for people: "Not connected to Meta.", the expired
 * token, how long Meta asks us to wait), the central error wording otherwise.
 */
export function metaErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'RATE_LIMITED') return error.message.trim() ? error.message : META_RATE_LIMITED_MESSAGE;
    if (error.status === 429) return META_RATE_LIMITED_MESSAGE;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.message) return error.message;
    if (error.status >= 500 && error.message) return error.message;
    return userMessageFor(error.code, error.message);
  }
  return userMessageFor('UNKNOWN_ERROR', '');
}

/** True when the API says the long-lived token no longer works: decided by the code, never the wording. */
export function isTokenExpiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'META_RECONNECT_REQUIRED';
}

/** True when Meta refused because a permission Adsmith needs was declined: the web offers to ask again. */
export function isPermissionMissingError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'META_PERMISSION_MISSING';
}
