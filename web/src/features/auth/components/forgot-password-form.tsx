import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../api/auth-form-schemas';

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onCodeSent: (email: string) => void;
  onCancel: () => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onCodeSent, onCancel }: ForgotPasswordFormProps) {
  const { requestPasswordReset } = useAuth();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setErrorMessage(null);
    try {
      await requestPasswordReset(email);
      onCodeSent(email);
    } catch (error) {
      // Same answer whether or not the account exists: the form must not reveal who has one.
      if (error instanceof Error && error.name === 'UserNotFoundException') onCodeSent(email);
      else setErrorMessage(cognitoErrorMessage(error, 'resetPassword'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <div>
        <h2 className="text-xl font-semibold">Forgot your password?</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Enter your email and we will send you a link to choose a new one.
        </p>
      </div>
      {errorMessage ? <Alert variant="destructive">{errorMessage}</Alert> : null}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner label="Sending" className="size-4" /> : null}
        Send reset link
      </Button>
      <Button variant="link" onClick={onCancel} className="justify-self-center">
        Back to sign in
      </Button>
    </form>
  );
}
