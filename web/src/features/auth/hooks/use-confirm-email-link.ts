import { useEffect, useState } from 'react';
import type { AuthLinkParams } from '@shared/auth-links';
import { cognitoErrorMessage } from '@web/lib/auth/cognito-error-message';
import { useAuth } from '@web/lib/auth/use-auth';

export type ConfirmEmailState =
  | { status: 'verifying' }
  | { status: 'verified' }
  | { status: 'already-verified' }
  | { status: 'failed'; message: string; canResend: boolean };

/**
 * A code can be used once, and React may run effects twice (StrictMode, remounts),
 * so each link is confirmed by exactly one shared promise.
 */
const attempts = new Map<string, Promise<ConfirmEmailState>>();

export function useConfirmEmailLink(link: AuthLinkParams): ConfirmEmailState {
  const { confirmSignUp } = useAuth();
  const [state, setState] = useState<ConfirmEmailState>({ status: 'verifying' });
  const key = `${link.username}\n${link.code}`;

  useEffect(() => {
    let active = true;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = confirmSignUp(link.username, link.code).then(
        (): ConfirmEmailState => ({ status: 'verified' }),
        (error: unknown): ConfirmEmailState => {
          const name = error instanceof Error ? error.name : '';
          if (name === 'NotAuthorizedException' && /confirmed/i.test((error as Error).message)) {
            return { status: 'already-verified' };
          }
          return {
            status: 'failed',
            message: cognitoErrorMessage(error, 'confirmSignUp'),
            canResend: name !== 'NotAuthorizedException',
          };
        },
      );
      attempts.set(key, attempt);
    }
    void attempt.then((result) => {
      if (active) setState(result);
    });
    return () => {
      active = false;
    };
  }, [key, link.username, link.code, confirmSignUp]);

  return state;
}
