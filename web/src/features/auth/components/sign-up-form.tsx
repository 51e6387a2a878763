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
import { signUpSchema, type SignUpValues } from '../api/auth-form-schemas';
import { PasswordRulesList } from './password-rules-list';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuth();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  /** When the server says the password breaks the policy, the policy is shown again, marked. */
  const [policyRejected, setPolicyRejected] = useState(false);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (values) => {
    setErrorMessage(null);
    setPolicyRejected(false);
    try {
      await signUp(values);
      onSignedUp(values.email);
    } catch (error) {
      if (isPasswordPolicyError(error)) {
        setPolicyRejected(true);
        form.setFocus('password');
      }
      setErrorMessage(cognitoErrorMessage(error, 'signUp'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      {errorMessage ? <Alert variant="destructive">{errorMessage}</Alert> : null}
      <FormField label="Full name" error={errors.displayName?.message}>
        {(field) => (
          <Input {...field} autoComplete="name" placeholder="Jane Marketer" {...form.register('displayName')} />
        )}
      </FormField>
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
        description={<PasswordRulesList password={password} highlight={policyRejected || Boolean(errors.password)} />}
      >
        {(field) => <Input {...field} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? <Spinner label="Creating your account" className="size-4" /> : null}
        Create account
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        We will email you a link to verify your address before you can sign in.
      </p>
    </form>
  );
}
