import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { useAuth } from '@web/lib/auth/use-auth';
import { type createCognitoMock, testUser } from '../../support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('../../support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

function Probe() {
  const { currentUser, loading } = useAuth();
  if (loading) return <p>auth loading</p>;
  return <p>{currentUser ? `signed in as ${currentUser.email}` : 'signed out'}</p>;
}

describe('useAuth', () => {
  it('throws a clear message outside its provider', () => {
    // Prepare: React logs the thrown error; keep the output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Act + Assess
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('is loading until the first auth state arrives, then holds the user', async () => {
    let resolve: (user: typeof testUser) => void = () => undefined;
    cognito.current.getSignedInUser.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('auth loading')).toBeInTheDocument();
    resolve(testUser);
    expect(await screen.findByText('signed in as jane@example.com')).toBeInTheDocument();
  });

  it('sendVerification() with no user fails with "No user logged in."', async () => {
    cognito.current.getSignedInUser.mockResolvedValueOnce(null);
    const { result } = renderHook(() => useAuth(), { wrapper: AuthProvider });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await expect(result.current.sendVerification()).rejects.toThrow('No user logged in.');
    expect(cognito.current.resendVerificationLink).not.toHaveBeenCalled();
  });

  it('drops the user when Amplify reports the session ended elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cognito.current.getSignedInUser.mockResolvedValueOnce(testUser);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed in as jane@example.com')).toBeInTheDocument();
    const listener = cognito.current.onAuthEvent.mock.calls.at(-1)?.[0] as (event: string) => void;
    act(() => listener('sessionExpired'));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });
});
