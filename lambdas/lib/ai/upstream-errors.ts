import { AppError, upstreamError } from '../errors';

/**
 * What the user is told when the model service fails. Nothing from the
 * upstream body reaches them (it may name the key's prefix or the org), only
 * the kind of failure; the log keeps the status, code and request id.
 */
export function toUpstreamAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { status, code, name } = error as { status?: number; code?: string | null; name?: string };
  if (name === 'APIConnectionTimeoutError')
    return upstreamError('The AI service took too long to answer. Please try again.', error);
  if (name === 'APIConnectionError')
    return upstreamError('The AI service could not be reached. Please try again shortly.', error);
  if (status === 401 || status === 403)
    return upstreamError('The AI service refused the server’s key. An administrator needs to check it.', error);
  if (status === 429 && (code === 'insufficient_quota' || code === 'credit_balance_exhausted'))
    return upstreamError('The AI service’s account is out of credit. An administrator needs to top it up.', error);
  if (status === 429) return upstreamError('The AI service is busy right now. Please try again in a minute.', error);
  if (status === 404) return upstreamError('The configured AI model is not available.', error);
  return upstreamError('The AI service did not answer properly. Please try again shortly.', error);
}

/** Log-safe facts about an upstream failure. */
export function upstreamFacts(error: unknown): Record<string, unknown> {
  const e = error as { status?: number; code?: unknown; type?: unknown; requestID?: unknown; name?: string };
  return { name: e.name, status: e.status, code: e.code, type: e.type, requestId: e.requestID };
}
