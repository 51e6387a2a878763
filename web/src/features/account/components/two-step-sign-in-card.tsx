import { useEffect, useState } from 'react';
import { AuthenticatorCodeForm } from '@web/components/auth/authenticator-code-form';
import { AuthenticatorSetupDetails } from '@web/components/auth/authenticator-setup-details';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import type { AuthenticatorSetup } from '@web/lib/auth/auth-user';
import {
  finishAuthenticatorSetup,
  readAuthenticatorEnabled,
  startAuthenticatorSetup,
  turnOffAuthenticator,
} from '@web/lib/auth/cognito';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'off' }
  | { kind: 'settingUp'; setup: AuthenticatorSetup }
  | { kind: 'on' };

const describe = (error: unknown) => cognitoErrorMessage(error, 'authenticatorSetup');

/**
 * Settings → Security: two-step sign-in with an authenticator app (TOTP). Shows whether it is on, sets it up
 * (QR code and key, then one code to prove the app works) and turns it off. Owners of paid workspaces need it
 * before billing, budget and publishing changes where the deployment requires it (403 MFA_REQUIRED).
 */
export function TwoStepSignInCard() {
  const { currentUser } = useAuth();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  // Bumped by "Try again": the state is read again from Cognito.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    readAuthenticatorEnabled()
      .then((enabled) => current && setState({ kind: enabled ? 'on' : 'off' }))
      .catch((error: unknown) => current && setState({ kind: 'failed', message: describe(error) }));
    return () => {
      current = false;
    };
  }, [reads]);

  const act = async (action: () => Promise<State>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      setState({ kind: 'failed', message: describe(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id="security">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-step sign-in
          {state.kind === 'on' ? <Badge variant="success">On</Badge> : null}
          {state.kind === 'off' ? <Badge>Off</Badge> : null}
        </CardTitle>
        <CardDescription>
          After your password, a code from an authenticator app on your phone. Owners on a paid plan need it to change
          billing, budgets or publish.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state.kind === 'loading' ? <Spinner label="Checking two-step sign-in" className="size-4" /> : null}
        {state.kind === 'failed' ? (
          <Alert variant="destructive">
            <p>{state.message}</p>
            <Button
              variant="link"
              className="mt-2 text-sm"
              onClick={() => {
                setState({ kind: 'loading' });
                setReads((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </Alert>
        ) : null}
        {state.kind === 'off' ? (
          <div>
            <Button
              disabled={busy || !currentUser}
              onClick={() =>
                void act(async () => ({
                  kind: 'settingUp',
                  setup: await startAuthenticatorSetup(currentUser?.email ?? ''),
                }))
              }
            >
              {busy ? <Spinner label="Preparing" className="size-4" /> : null}
              Set up an authenticator app
            </Button>
          </div>
        ) : null}
        {state.kind === 'settingUp' ? (
          <AuthenticatorCodeForm
            name="Set up two-step sign-in"
            submitLabel="Turn on two-step sign-in"
            describeError={describe}
            onCode={async (code) => {
              await finishAuthenticatorSetup(code);
              setState({ kind: 'on' });
            }}
          >
            <AuthenticatorSetupDetails setup={state.setup} />
          </AuthenticatorCodeForm>
        ) : null}
        {state.kind === 'on' ? (
          <div className="grid gap-2 text-sm">
            <p>Each sign-in asks for the code your authenticator app shows.</p>
            <p className="text-muted-foreground">
              Lost the phone? Contact support from your account’s email address; once we have checked it is you, we turn
              two-step sign-in off so you can set up a new app.
            </p>
            <div>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await turnOffAuthenticator();
                    return { kind: 'off' };
                  })
                }
              >
                {busy ? <Spinner label="Turning off" className="size-4" /> : null}
                Turn off two-step sign-in
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
