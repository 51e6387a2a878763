import { errorCatalogue, type ApiErrorCode, type ErrorBody } from '@shared/errors';

/**
 * The one error type handlers throw. It carries a catalogue code; the HTTP
 * stack turns it into `{"error":{"code","message"}}` with the code's status.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly details?: Record<string, string>;

  constructor(code: ApiErrorCode, message?: string, options?: { details?: Record<string, string>; cause?: unknown }) {
    super(message ?? errorCatalogue[code].message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    this.details = options?.details;
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export const validationError = (message?: string, details?: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', message, { details });
export const authError = (message?: string) => new AppError('AUTH_ERROR', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
export const rateLimited = (message?: string) => new AppError('RATE_LIMITED', message);
export const upstreamError = (message?: string, cause?: unknown) => new AppError('UPSTREAM_ERROR', message, { cause });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
