import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** Sends a fresh verification link to an address that is not confirmed yet. */
export function ResendVerificationButton({ email }: { email: string }) {
  const { resendVerification } = useAuth();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await resendVerification(email);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', message: cognitoErrorMessage(error, 'resendCode') });
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" size="sm" onClick={() => void resend()} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? <Spinner label="Sending" className="size-4" /> : null}
        Resend verification link
      </Button>
      <p aria-live="polite" className="text-sm">
        {state.kind === 'sent' ? `We sent a new verification link to ${email}.` : null}
        {state.kind === 'failed' ? <span className="text-destructive">{state.message}</span> : null}
      </p>
    </div>
  );
}
