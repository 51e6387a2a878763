import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import type { AuthController } from './auth-runtime';
import { AuthRuntimeContext, type AuthRuntimeState } from './auth-runtime-context';
import { hasStoredSession } from './stored-session';

function notStarted(): Promise<never> {
  return Promise.reject(new Error('Sign-in is still loading. Please try again in a moment.'));
}

/**
 * Before the auth runtime loads, the site is anonymous: public pages render (and are
 * prerendered) without Amplify, the runtime config or zod. The value is stable, so the
 * first client render matches the prerendered HTML.
 */
const anonymous: AuthContextValue = {
  currentUser: null,
  loading: false,
  signIn: notStarted,
  confirmSignInCode: notStarted,
  signUp: notStarted,
  confirmSignUp: notStarted,
  resendVerification: notStarted,
  sendVerification: notStarted,
  requestPasswordReset: notStarted,
  confirmPasswordReset: notStarted,
  signOut: async () => undefined,
  refreshUser: async () => undefined,
};

/**
 * Holds auth for the whole tree but loads it only when needed: a page that needs it asks
 * (sign-in, signed-in routes, the verification link), or the browser holds a session from
 * an earlier visit (so the header can show the account menu). The runtime (config,
 * Amplify, the session checks) is its own chunk and renders beside the children, never
 * around them, so loading it does not remount the page.
 */
export function AuthHost({ children }: { children: ReactNode }) {
  const [controller, setController] = useState<typeof AuthController | null>(null);
  const [value, setValue] = useState<AuthContextValue>(anonymous);
  const [error, setError] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const started = useRef(false);

  const request = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // Asynchronously, so pages may ask from an effect without a cascading render.
    void Promise.resolve().then(() => setRequested(true));
    import('./auth-runtime')
      .then((runtime) => runtime.startAuthRuntime())
      .then(
        (loaded) => setController(() => loaded),
        (cause: unknown) => {
          console.error(cause);
          setError(cause instanceof Error ? cause.message : String(cause));
        },
      );
  }, []);

  useEffect(() => {
    if (hasStoredSession(window.localStorage)) request();
  }, [request]);

  const runtime = useMemo<AuthRuntimeState>(
    () => ({ request, ready: value !== anonymous, error }),
    [request, value, error],
  );
  // Someone with a stored session sees "loading" rather than "Sign in" while the runtime starts.
  const starting = requested && value === anonymous && error === null;
  const shown = useMemo(() => (starting ? { ...anonymous, loading: true } : value), [starting, value]);
  const Runtime = controller;

  return (
    <AuthRuntimeContext value={runtime}>
      <AuthContext value={shown}>{children}</AuthContext>
      {Runtime ? <Runtime onChange={setValue} /> : null}
    </AuthRuntimeContext>
  );
}
