import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@shared/constants';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';
import { signInSchema, type SignInValues } from '../api/auth-form-schemas';
import { ResendVerificationButton } from './resend-verification-button';

type Problem =
  | { kind: 'error'; message: string }
  /** An unverified email cannot sign in; offer a new link. */
  | { kind: 'unverified'; email: string };

export interface SignInFormProps {
  defaultEmail?: string;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail = '', onForgotPassword }: SignInFormProps) {
  const { signIn } = useAuth();
  const [problem, setProblem] = useState<Problem | null>(null);
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
      if (outcome.status === 'unsupported') {
        setProblem({
          kind: 'error',
          message: 'This account needs a sign-in step we do not support yet. Please contact support.',
        });
      }
      // Signed in: the auth page sees the user and sends them on.
    } catch (error) {
      setProblem({ kind: 'error', message: cognitoErrorMessage(error, 'signIn') });
    }
  });

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
