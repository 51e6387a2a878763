import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { clearErrorLog, getErrorLog } from '@web/lib/errors/error-log';
import { setErrorNotifier } from '@web/lib/errors/error-notifier';
import { handleError, severityFor, userMessageFor } from '@web/lib/errors/handle-error';

const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

describe('central error handler', () => {
  beforeEach(() => {
    clearErrorLog();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    toast.error.mockClear();
    toast.warning.mockClear();
  });
  afterEach(() => setErrorNotifier(null));

  it.each([
    ['NETWORK_ERROR', 'fetch failed', 'Network connection issue. Please check your internet connection.'],
    ['AUTH_ERROR', 'jwt expired', 'Authentication failed. Please sign in again.'],
    ['VALIDATION_ERROR', 'Display name is required', 'Display name is required'],
    ['VALIDATION_ERROR', '', 'Please check your input and try again.'],
    ['NOT_FOUND', 'no such thing', 'Something went wrong. Please try again.'],
    ['UNKNOWN_ERROR', 'boom', 'Something went wrong. Please try again.'],
  ])('code %s with message "%s" → "%s"', (code, message, expected) => {
    expect(userMessageFor(code, message)).toBe(expected);
  });

  it.each([
    ['CRITICAL_FAILURE', 'x', 'critical'],
    ['UNKNOWN_ERROR', 'a critical failure', 'critical'],
    ['NETWORK_ERROR', 'x', 'warning'],
    ['AUTH_ERROR', 'x', 'warning'],
    ['VALIDATION_ERROR', 'x', 'info'],
    ['UNKNOWN_ERROR', 'x', 'info'],
  ] as const)('severity of %s / "%s" is %s', (code, message, expected) => {
    expect(severityFor(code, message)).toBe(expected);
  });

  it('logs an entry with code, context and timestamp, then toasts the user message', () => {
    const entry = handleError(new ApiError('NETWORK_ERROR', 0, 'offline'), { component: 'Dashboard' });
    expect(entry).toMatchObject({
      message: 'offline',
      code: 'NETWORK_ERROR',
      context: { component: 'Dashboard', url: expect.any(String), userAgent: expect.any(String) },
    });
    expect(entry.context.stack).toContain('ApiError');
    expect(new Date(entry.timestamp).toString()).not.toBe('Invalid Date');
    expect(getErrorLog()).toEqual([entry]);
    expect(toast.warning).toHaveBeenCalledWith('Network connection issue. Please check your internet connection.');
  });

  it('turns a refused money move (MFA_REQUIRED) into guidance with a way to Settings → Security', () => {
    vi.mocked(console.error).mockClear();
    handleError(new ApiError('MFA_REQUIRED', 403, 'x'), { component: 'Publish' });
    expect(console.error).not.toHaveBeenCalled();
    const [text, options] = vi.mocked(toast.warning).mock.calls.at(-1)!;
    expect(text).toMatch(/Set up two-step sign-in first/);
    expect(options).toMatchObject({ action: { label: 'Set up two-step sign-in' } });
  });

  it('treats a plan limit reached as an expected outcome: told to the user, never logged or reported', () => {
    const notifier = vi.fn().mockResolvedValue(true);
    setErrorNotifier(notifier);
    vi.mocked(console.error).mockClear();
    const message = 'You have used all 20 AI generations of your Free plan today. Pro allows 200 AI generations.';
    handleError(new ApiError('QUOTA_EXCEEDED', 429, message), { component: 'CampaignGenerator' });
    expect(notifier).not.toHaveBeenCalled();
    expect(getErrorLog()).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith(message);

    handleError(new ApiError('QUOTA_EXCEEDED', 429, message), { silent: true });
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('a publish waiting for the client’s approval is an outcome: its sentence is shown, nothing is logged or paged', () => {
    const notifier = vi.fn(async () => true);
    setErrorNotifier(notifier);
    vi.mocked(console.error).mockClear();
    const message = 'This plan is waiting for the client’s approval: it publishes once they approve it.';
    handleError(new ApiError('APPROVAL_REQUIRED', 409, message), { component: 'CampaignGenerator' });
    expect(notifier).not.toHaveBeenCalled();
    expect(getErrorLog()).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith(message);
  });

  it('defaults the code to UNKNOWN_ERROR', () => {
    const entry = handleError(new Error('something odd'));
    expect(entry.code).toBe('UNKNOWN_ERROR');
    expect(toast.error).toHaveBeenCalledWith('Something went wrong. Please try again.');
  });

  it('hands the entry to a registered notifier, and survives its failure', async () => {
    const notifier = vi.fn(async () => {
      throw new Error('slack down');
    });
    setErrorNotifier(notifier);
    const entry = handleError(new ApiError('INTERNAL_ERROR', 500, 'critical database failure'));
    expect(notifier).toHaveBeenCalledWith(entry, 'critical');
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to send Slack notification', expect.any(Error)),
    );
  });

  it('can stay silent when the caller shows the error itself', () => {
    handleError(new ApiError('VALIDATION_ERROR', 400, 'bad'), { silent: true });
    expect(toast.error).not.toHaveBeenCalled();
    expect(getErrorLog()).toHaveLength(1);
  });
});
