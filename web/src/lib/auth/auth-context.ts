import { createContext } from 'react';
import type { AuthUser, ConfirmPasswordResetInput, SignInOutcome, SignUpInput } from './auth-user';

export interface AuthContextValue {
  currentUser: AuthUser | null;
  /** True until the first auth state arrives. */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<SignInOutcome>;
  /** Finishes a sign-in that asked for the authenticator app's code (or its setup). */
  confirmSignInCode: (email: string, code: string) => Promise<SignInOutcome>;
  signUp: (input: SignUpInput) => Promise<void>;
  confirmSignUp: (email: string, code: string) => Promise<void>;
  /** Re-sends the verification link to an address that has not been confirmed yet. */
  resendVerification: (email: string) => Promise<void>;
  /** Sends a verification email to the signed-in user; fails with "No user logged in." otherwise. */
  sendVerification: () => Promise<void>;
  requestPasswordReset: (email: string) => Promise<void>;
  confirmPasswordReset: (input: ConfirmPasswordResetInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** Re-reads the user's attributes, e.g. after the display name changed on the server. */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
