import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@shared/constants';
import { AuthenticatorCodeForm } from '@web/components/auth/authenticator-code-form';
import { AuthenticatorSetupDetails } from '@web/components/auth/authenticator-setup-details';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import type { AuthenticatorSetup, SignInOutcome } from '@web/lib/auth/auth-user';
import { useAuth } from '@web/lib/auth/use-auth';
import { signInSchema, type SignInValues } from '../api/auth-form-schemas';
import { ResendVerificationButton } from './resend-verification-button';

type Problem =
  | { kind: 'error'; message: string }
  /** An unverified email cannot sign in; offer a new link. */
  | { kind: 'unverified'; email: string };

/** After the password: the authenticator app's code, or (where the pool requires MFA) setting one up first. */
type SecondStep = { kind: 'code'; email: string } | { kind: 'setup'; email: string; setup: AuthenticatorSetup };

const UNSUPPORTED_STEP = 'This account needs a sign-in step we do not support yet. Please contact support.';

export interface SignInFormProps {
  defaultEmail?: string;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail = '', onForgotPassword }: SignInFormProps) {
  const { signIn, confirmSignInCode } = useAuth();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setProblem(null);
    try {
      const outcome = await signIn(email, password);
      if (outcome.status === 'unconfirmed') setProblem({ kind: 'unverified', email });
      if (outcome.status === 'unsupported') setProblem({ kind: 'error', message: UNSUPPORTED_STEP });
      if (outcome.status === 'totpCode') setSecondStep({ kind: 'code', email });
      if (outcome.status === 'totpSetup') setSecondStep({ kind: 'setup', email, setup: outcome.setup });
      // Signed in: the auth page sees the user and sends them on.
    } catch (error) {
      setProblem({ kind: 'error', message: cognitoErrorMessage(error, 'signIn') });
    }
  });

  if (secondStep) {
    const onCode = async (code: string) => {
      const outcome: SignInOutcome = await confirmSignInCode(secondStep.email, code);
      if (outcome.status === 'totpCode') setSecondStep({ kind: 'code', email: secondStep.email });
      if (outcome.status === 'unsupported') throw new Error(UNSUPPORTED_STEP);
    };
    return (
      <div className="grid gap-4">
        <AuthenticatorCodeForm
          name="Two-step sign-in"
          submitLabel={secondStep.kind === 'setup' ? 'Turn on and sign in' : 'Verify and sign in'}
          onCode={onCode}
          describeError={(error) =>
            error instanceof Error && error.message === UNSUPPORTED_STEP
              ? UNSUPPORTED_STEP
              : cognitoErrorMessage(error, 'confirmSignIn')
          }
        >
          {secondStep.kind === 'setup' ? (
            <>
              <p className="text-sm">This account needs two-step sign-in. Set up an authenticator app to continue.</p>
              <AuthenticatorSetupDetails setup={secondStep.setup} />
            </>
          ) : (
            <p className="text-sm">Enter the 6-digit code from your authenticator app.</p>
          )}
        </AuthenticatorCodeForm>
        <p className="text-sm text-muted-foreground">
          Lost the app? Contact support from your account’s email address: once we have checked it is you, we turn
          two-step sign-in off and you set up a new app.
        </p>
        <Button variant="link" className="justify-self-start text-sm" onClick={() => setSecondStep(null)}>
          Back to the password
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      {problem?.kind === 'unverified' ? (
        <Alert variant="warning" title="Email not verified">
          <p>{messages.verifyEmailFirst}</p>
          <div className="mt-3">
            <ResendVerificationButton email={problem.email} />
          </div>
        </Alert>
      ) : null}
      {problem?.kind === 'error' ? <Alert variant="destructive">{problem.message}</Alert> : null}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Button variant="link" className="text-xs" onClick={() => onForgotPassword(form.getValues('email'))}>
            Forgot password?
          </Button>
        }
      >
        {(field) => <Input {...field} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? <Spinner label="Signing in" className="size-4" /> : null}
        Sign in
      </Button>
    </form>
  );
}
