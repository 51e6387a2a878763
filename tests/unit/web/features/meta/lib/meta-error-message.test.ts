import { describe, expect, it } from 'vitest';
import { messages } from '@shared/constants';
import {
  META_RATE_LIMITED_MESSAGE,
  isTokenExpiredError,
  metaErrorMessage,
} from '@web/features/meta/lib/meta-error-message';
import { ApiError } from '@web/lib/api-client';
import { apiErrors } from '@tests/unit/web/features/meta/support/meta-fixtures';

describe('Meta error messages', () => {
  it('shows the fixed messages verbatim', () => {
    expect(metaErrorMessage(apiErrors.notConnected())).toBe(messages.notConnectedToMeta);
    expect(metaErrorMessage(apiErrors.notConfigured())).toBe(messages.metaAppNotConfigured);
    expect(messages.notConnectedToMeta).toBe('Not connected to Meta.');
    expect(messages.metaAppNotConfigured).toBe('Meta app not configured. Please contact support.');
  });

  it('explains a 429 as Meta limiting requests', () => {
    expect(metaErrorMessage(apiErrors.rateLimited())).toBe(META_RATE_LIMITED_MESSAGE);
    expect(META_RATE_LIMITED_MESSAGE).toMatch(/^Meta is limiting requests/);
  });

  it('recognises an expired token', () => {
    expect(isTokenExpiredError(apiErrors.expired())).toBe(true);
    expect(isTokenExpiredError(apiErrors.notConnected())).toBe(false);
    expect(metaErrorMessage(apiErrors.expired())).toBe('Your Meta connection has expired. Please reconnect Meta.');
  });

  it('falls back to the central wording for network failures and unknown errors', () => {
    expect(metaErrorMessage(new ApiError('NETWORK_ERROR', 0, 'x'))).toBe(
      'Network connection issue. Please check your internet connection.',
    );
    expect(metaErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
