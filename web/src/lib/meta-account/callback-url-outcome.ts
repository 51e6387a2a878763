/**
 * What the callback URL alone says when Meta sent the person back without a code.
 * Anything in the URL can be typed by anyone (a link in a phishing email), so its
 * text is never shown: only these fixed messages, chosen by the `error` value.
 */
export const CALLBACK_URL_MESSAGES = {
  noCode: 'Meta did not return an authorisation code. Please try again.',
  unavailable: 'Meta is having trouble right now. Please try connecting again in a few minutes.',
  badRequest: 'Meta could not start the connection. Please try again; if it keeps happening, contact support.',
} as const;

export type CallbackUrlOutcome = { kind: 'cancelled' } | { kind: 'failed'; message: string } | null;

const MESSAGE_BY_ERROR: Record<string, string> = {
  server_error: CALLBACK_URL_MESSAGES.unavailable,
  temporarily_unavailable: CALLBACK_URL_MESSAGES.unavailable,
  invalid_request: CALLBACK_URL_MESSAGES.badRequest,
  invalid_scope: CALLBACK_URL_MESSAGES.badRequest,
  unauthorized_client: CALLBACK_URL_MESSAGES.badRequest,
};

/** null when the URL carries a code and a state to exchange; otherwise the outcome to show. */
export function callbackUrlOutcome(params: URLSearchParams): CallbackUrlOutcome {
  const error = params.get('error');
  if (!error && params.get('code') && params.get('state')) return null;
  if (error === 'access_denied' || params.get('error_reason') === 'user_denied') return { kind: 'cancelled' };
  const known = error !== null && Object.hasOwn(MESSAGE_BY_ERROR, error) ? MESSAGE_BY_ERROR[error] : undefined;
  return { kind: 'failed', message: known ?? CALLBACK_URL_MESSAGES.noCode };
}
