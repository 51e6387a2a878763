import { describe, expect, it } from 'vitest';
import { messages } from '@shared/constants';
import {
  META_RATE_LIMITED_MESSAGE,
  isPermissionMissingError,
  isTokenExpiredError,
  metaErrorMessage,
} from '@web/lib/meta-account/meta-error-message';
import { ApiError } from '@web/lib/api-client';
import { apiErrors } from '@tests/unit/web/support/meta-account/meta-fixtures';

describe('Meta error messages', () => {
  it('shows the fixed messages verbatim', () => {
    expect(metaErrorMessage(apiErrors.notConnected())).toBe(messages.notConnectedToMeta);
    expect(metaErrorMessage(apiErrors.notConfigured())).toBe(messages.metaAppNotConfigured);
    expect(messages.notConnectedToMeta).toBe('Not connected to Meta.');
    expect(messages.metaAppNotConfigured).toBe('Meta app not configured. Please contact support.');
  });

  it("shows the server's own wait for a rate limit, and a Meta note when it sent none", () => {
    expect(metaErrorMessage(apiErrors.rateLimited())).toBe('Meta asks us to slow down. Try again in 60 seconds.');
    expect(metaErrorMessage(new ApiError('RATE_LIMITED', 429, ''))).toBe(META_RATE_LIMITED_MESSAGE);
    expect(metaErrorMessage(new ApiError('UNKNOWN_ERROR', 429, 'Too Many Requests'))).toBe(META_RATE_LIMITED_MESSAGE);
    expect(META_RATE_LIMITED_MESSAGE).toMatch(/^Meta is limiting requests/);
  });

  it('recognises an expired token by its code, never by its wording', () => {
    expect(isTokenExpiredError(apiErrors.expired())).toBe(true);
    expect(isTokenExpiredError(apiErrors.notConnected())).toBe(false);
    expect(isTokenExpiredError(new ApiError('CONFLICT', 409, 'Your token expired, reconnect'))).toBe(false);
    expect(isTokenExpiredError(new ApiError('META_RECONNECT_REQUIRED', 409, 'Anything at all'))).toBe(true);
    expect(isPermissionMissingError(new ApiError('META_PERMISSION_MISSING', 403, 'x'))).toBe(true);
    expect(isPermissionMissingError(new ApiError('FORBIDDEN', 403, 'ads_read missing'))).toBe(false);
    expect(metaErrorMessage(apiErrors.expired())).toBe('Your Meta connection has expired. Please reconnect Meta.');
  });

  it('falls back to the central wording for network failures and unknown errors', () => {
    expect(metaErrorMessage(new ApiError('NETWORK_ERROR', 0, 'x'))).toBe(
      'Network connection issue. Please check your internet connection.',
    );
    expect(metaErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
