/**
 * Stripe's error body and statuses, as stripe-node maps them to its error
 * classes: `{"error":{"type","code","message","param"}}`.
 */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: StripeErrorType; message: string; code?: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });
}

export function noSuch(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

export function invalidApiKey(key: string): StripeApiError {
  const shown = key.length > 4 ? `${key.slice(0, 8)}****${key.slice(-4)}` : key;
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${shown}`,
  });
}
