import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError, isAppError } from '../errors';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

/** Seconds a client waits after a 429 when nothing more precise is known. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

function retryAfter(error: AppError): number {
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : DEFAULT_RETRY_AFTER_SECONDS;
}

export function jsonReply(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/**
 * Turns any thrown value into our error body. Expected errors are logged at
 * info/warn; anything else is an INTERNAL_ERROR whose details stay in the log.
 */
export function errorReply(error: unknown, logger: Logger): APIGatewayProxyStructuredResultV2 {
  if (isAppError(error)) {
    if (error.statusCode >= 500) logger.error('Request failed', { code: error.code, error });
    else logger.info('Request rejected', { code: error.code, reason: error.message });
    const reply = jsonReply(error.statusCode, error.toBody());
    // A 429 says when to come back: Meta's announced wait when we have one, else a short default.
    if (error.statusCode === 429) reply.headers = { ...reply.headers, 'retry-after': String(retryAfter(error)) };
    return reply;
  }
  logger.error('Unhandled error', { error: error as Error });
  return jsonReply(500, new AppError('INTERNAL_ERROR').toBody());
}
