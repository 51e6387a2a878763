import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SESSION_CHECK_INTERVAL_MS, messages } from '@shared/constants';
import { handleError } from '../errors/handle-error';
import { AuthContext, type AuthContextValue } from './auth-context';
import type { AuthUser } from './auth-user';
import * as cognito from './cognito';
import { shouldRefreshSession } from './session-refresh';

/** An AUTH_ERROR for the central handler, keeping what went wrong underneath. */
function sessionError(message: string, cause?: unknown): Error & { code: string } {
  return Object.assign(new Error(message, { cause }), { code: 'AUTH_ERROR' });
}

async function readUser(): Promise<AuthUser | null> {
  try {
    return await cognito.getSignedInUser();
  } catch (error) {
    // A stored session that can no longer be used counts as signed out, not as a crash.
    console.warn('Could not restore the session', error);
    return null;
  }
}

/**
 * Holds the signed-in user. The signup notification is deliberately not
 * sent from here: Cognito's post-confirmation trigger emits the signup event on the
 * server, so it fires once per account and cannot be forged or skipped by a browser.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext value={useAuthState()}>{children}</AuthContext>;
}

/** The auth state machine behind AuthProvider (and the lazily loaded auth runtime). */
export function useAuthState(): AuthContextValue {
  const [currentUser, setCurrentUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const mounted = useRef(true);

  const loadUser = useCallback(async () => {
    const user = await readUser();
    if (mounted.current) setCurrentUser(user);
  }, []);

  useEffect(() => {
    mounted.current = true;
    void readUser().then((user) => {
      if (!mounted.current) return;
      setCurrentUser(user);
      setLoading(false);
    });
    const unsubscribe = cognito.onAuthEvent((event) => {
      setCurrentUser(null);
      if (event === 'sessionExpired') {
        handleError(sessionError('Your session expired.'), { component: 'AuthProvider' });
      }
    });
    return () => {
      mounted.current = false;
      unsubscribe();
    };
  }, []);

  // Check every 30 s, refresh when under 90 s remain, so a session never lapses mid-task.
  const signedIn = currentUser !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      void (async () => {
        try {
          const expiresAt = await cognito.getSessionExpiry();
          if (expiresAt !== null && shouldRefreshSession(expiresAt)) await cognito.refreshSession();
        } catch (error) {
          handleError(sessionError('Your session could not be refreshed.', error), {
            component: 'AuthProvider.sessionCheck',
          });
          await cognito.signOutUser().catch(() => undefined);
          if (mounted.current) setCurrentUser(null);
        }
      })();
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const signOut = useCallback(async () => {
    try {
      await cognito.signOutUser();
    } finally {
      setCurrentUser(null);
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      currentUser,
      loading,
      signIn: async (email, password) => {
        const outcome = await cognito.signInWithPassword(email, password);
        if (outcome.status === 'signedIn') await loadUser();
        return outcome;
      },
      confirmSignInCode: async (email, code) => {
        const outcome = await cognito.confirmSignInWithCode(email, code);
        if (outcome.status === 'signedIn') await loadUser();
        return outcome;
      },
      signUp: (input) => cognito.signUpWithEmail(input),
      confirmSignUp: (email, code) => cognito.confirmEmail(email, code),
      resendVerification: (email) => cognito.resendVerificationLink(email),
      sendVerification: async () => {
        if (!currentUser) throw new Error(messages.noUserLoggedIn);
        await cognito.resendVerificationLink(currentUser.email);
      },
      requestPasswordReset: (email) => cognito.requestPasswordReset(email),
      confirmPasswordReset: (input) => cognito.confirmPasswordReset(input),
      signOut,
      refreshUser: loadUser,
    }),
    [currentUser, loading, loadUser, signOut],
  );

  return value;
}
