import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '@shared/constants';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, testUser } from '../../support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('../../support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

async function signedInProvider() {
  cognito.current.getSignedInUser.mockResolvedValue(testUser);
  render(
    <AuthProvider>
      <p>app</p>
    </AuthProvider>,
  );
  // Let the first auth state arrive.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('session keep-alive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    cognito.current.refreshSession.mockReset().mockResolvedValue(undefined);
    cognito.current.getSessionExpiry.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes on the 30 s check when under 90 s remain', async () => {
    cognito.current.getSessionExpiry.mockImplementation(async () => Math.floor(Date.now() / 1000) + 60);
    await signedInProvider();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    });
    expect(cognito.current.refreshSession).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(cognito.current.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('leaves a fresh session alone', async () => {
    cognito.current.getSessionExpiry.mockImplementation(async () => Math.floor(Date.now() / 1000) + 3600);
    await signedInProvider();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    });
    expect(cognito.current.getSessionExpiry).toHaveBeenCalledTimes(3);
    expect(cognito.current.refreshSession).not.toHaveBeenCalled();
  });
});
