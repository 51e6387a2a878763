import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cognitoErrorMessage, isPasswordPolicyError } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';
import { resetPasswordSchema, type ResetPasswordValues } from '../api/auth-form-schemas';
import { PasswordRulesList } from './password-rules-list';

export interface ResetPasswordFormProps {
  email: string;
  /** Pre-filled when the user arrived through the emailed link. */
  code?: string;
  /** True when we just sent the email (as opposed to arriving from the link). */
  justSent?: boolean;
  onDone: (email: string) => void;
  onCancel: () => void;
}

export function ResetPasswordForm({ email, code = '', justSent = false, onDone, onCancel }: ResetPasswordFormProps) {
  const { confirmPasswordReset } = useAuth();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [policyRejected, setPolicyRejected] = useState(false);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email, code, newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = form.handleSubmit(async (values) => {
    setErrorMessage(null);
    setPolicyRejected(false);
    try {
      await confirmPasswordReset({ email: values.email, code: values.code, newPassword: values.newPassword });
      onDone(values.email);
    } catch (error) {
      if (isPasswordPolicyError(error)) setPolicyRejected(true);
      setErrorMessage(cognitoErrorMessage(error, 'confirmResetPassword'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <div>
        <h2 className="text-xl font-semibold">Choose a new password</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {justSent
            ? `If an account exists for ${email}, we have emailed it a reset link. Open the link, or enter the code from the email here.`
            : 'Pick a new password for your account.'}
        </p>
      </div>
      {errorMessage ? <Alert variant="destructive">{errorMessage}</Alert> : null}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" readOnly={Boolean(email)} {...form.register('email')} />
        )}
      </FormField>
      <FormField label="Reset code" error={errors.code?.message}>
        {(field) => <Input {...field} inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />}
      </FormField>
      <FormField
        label="New password"
        error={errors.newPassword?.message}
        description={
          <PasswordRulesList password={newPassword} highlight={policyRejected || Boolean(errors.newPassword)} />
        }
      >
        {(field) => <Input {...field} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        {(field) => (
          <Input {...field} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner label="Saving" className="size-4" /> : null}
        Set new password
      </Button>
      <Button variant="link" onClick={onCancel} className="justify-self-center">
        Back to sign in
      </Button>
    </form>
  );
}
