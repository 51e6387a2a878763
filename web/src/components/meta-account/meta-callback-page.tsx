import { CheckCircle2, CircleX, PlugZap } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useCompleteMetaOAuth } from '@web/lib/meta-account/complete-meta-oauth';
import { callbackUrlOutcome } from '@web/lib/meta-account/callback-url-outcome';
import { clearAuthAttempt, readAuthAttempt, safeReturnPath } from '@web/lib/meta-account/meta-auth-attempt';
import { META_CANCELLED_MESSAGE, metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import { META_AUTH_MESSAGE_TYPE, type MetaAuthOutcome } from '@web/lib/meta-account/meta-popup';
import { webPaths } from '@shared/web-paths';

type CallbackState =
  { kind: 'working' } | { kind: 'connected' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/** The window that opened us, if it is ours and still there (a popup attempt). */
function ourOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed || opener === window) return null;
    return opener;
  } catch {
    return null;
  }
}

/** Tells the opener the outcome, addressed to our own origin only, then closes this popup. */
function reportToOpener(opener: Window, message: MetaAuthOutcome): void {
  opener.postMessage({ type: META_AUTH_MESSAGE_TYPE, ...message }, window.location.origin);
  window.close();
}

/** The same authorisation code must never be sent twice (StrictMode, re-renders): it is single-use. */
const codesSent = new Set<string>();

/**
 * Return point of the Meta dialog (/auth/meta/callback). In a popup it reports to
 * the opener and closes; after a full-page redirect it finishes here and takes the
 * person back to where they started.
 */
export function MetaCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { currentUser, loading } = useAuth();
  const complete = useCompleteMetaOAuth(currentUser?.uid);
  const [exchange, setExchange] = useState<CallbackState>({ kind: 'working' });
  const started = useRef(false);

  const code = params.get('code');
  const oauthState = params.get('state');
  // What the URL alone tells: Meta sent the person back without a code (fixed messages only).
  const urlOutcome = useMemo<CallbackState | null>(() => callbackUrlOutcome(params), [params]);
  const signedOut = !loading && !currentUser;
  const state: CallbackState =
    urlOutcome ??
    (signedOut
      ? { kind: 'failed', message: 'Please sign in again, then connect Meta from your dashboard.' }
      : exchange);

  useEffect(() => {
    if (started.current || loading) return;
    started.current = true;
    const opener = ourOpener();
    const attempt = readAuthAttempt();

    if (urlOutcome) {
      clearAuthAttempt();
      if (opener) {
        reportToOpener(
          opener,
          urlOutcome.kind === 'failed' ? { status: 'error', message: urlOutcome.message } : { status: 'cancelled' },
        );
      }
      return;
    }
    if (!currentUser || !code || !oauthState || codesSent.has(code)) return;
    codesSent.add(code);

    complete
      .mutateAsync({ code, state: oauthState })
      .then(() => {
        clearAuthAttempt();
        setExchange({ kind: 'connected' });
        if (opener) {
          reportToOpener(opener, { status: 'success' });
        } else if (attempt?.mode === 'popup') {
          // A popup whose opener link was cut: the opener sees the connection by polling.
          window.close();
        } else {
          const back = attempt && attempt.userId === currentUser.uid ? attempt.returnTo : undefined;
          void navigate(safeReturnPath(back), { replace: true });
        }
      })
      .catch((failure: unknown) => {
        // Logged and toasted by the central mutation policy; shown here too, and told to the opener.
        const message = metaErrorMessage(failure);
        setExchange({ kind: 'failed', message });
        if (opener) reportToOpener(opener, { status: 'error', message });
      });
  }, [loading, currentUser, code, oauthState, urlOutcome, complete, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        {state.kind === 'working' ? (
          <>
            <Spinner label="Connecting Meta" className="size-10 text-primary" />
            <h1 className="text-2xl font-semibold">Connecting your Meta account…</h1>
            <p className="text-muted-foreground">This takes a moment. Please keep this window open.</p>
          </>
        ) : state.kind === 'connected' ? (
          <>
            <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
            <h1 className="text-2xl font-semibold">Meta is connected</h1>
            <p className="text-muted-foreground">You can close this window.</p>
          </>
        ) : (
          <>
            {state.kind === 'cancelled' ? (
              <PlugZap aria-hidden="true" className="size-10 text-primary" />
            ) : (
              <CircleX aria-hidden="true" className="size-10 text-destructive" />
            )}
            <h1 className="text-2xl font-semibold">
              {state.kind === 'cancelled' ? 'Meta connection cancelled' : 'Meta could not be connected'}
            </h1>
            <Alert variant={state.kind === 'cancelled' ? 'info' : 'destructive'} className="text-left">
              {state.kind === 'cancelled' ? META_CANCELLED_MESSAGE : state.message}
            </Alert>
            <Link to={webPaths.dashboard} className={buttonVariants()}>
              Back to dashboard
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
