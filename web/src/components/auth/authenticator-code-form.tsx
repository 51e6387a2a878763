import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';

const SIX_DIGITS = /^\d{6}$/;

export interface AuthenticatorCodeFormProps {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  /** Called with a well-formed code; a thrown error's message is shown above the field. */
  onCode: (code: string) => Promise<void>;
  /** Turns an error into a sentence for people (Cognito's names never reach the screen). */
  describeError: (error: unknown) => string;
  children?: ReactNode;
}

/** One 6-digit code from an authenticator app: at sign-in, and to prove a newly set-up app works. */
export function AuthenticatorCodeForm({
  name,
  submitLabel,
  onCode,
  describeError,
  children,
}: AuthenticatorCodeFormProps) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(trimmed)) {
      setInvalid('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setInvalid(undefined);
    setProblem(null);
    setBusy(true);
    try {
      await onCode(trimmed);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-label={name}>
      {children}
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      <FormField label="Authentication code" error={invalid}>
        {(field) => (
          <Input
            {...field}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner label="Checking the code" className="size-4" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
