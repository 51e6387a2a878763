/** The signed-in user as the app knows it. */
export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  /** Full name, held in the user's `name` attribute. */
  displayName: string | null;
  photoURL: string | null;
  /**
   * In the deployment's operators group (shared/operators.ts), as the ID token says: shows the operators' pages.
   * Only a courtesy to the eye: the API refuses their routes to anyone else (403).
   */
  operator?: boolean;
}

/** What an authenticator app needs to be set up: the otpauth:// URI (shown as a QR code) and its secret as text. */
export interface AuthenticatorSetup {
  secret: string;
  uri: string;
}

export type SignInOutcome =
  | { status: 'signedIn' }
  /** The password was right and the account has an authenticator app: its 6-digit code comes next. */
  | { status: 'totpCode' }
  /** The pool requires MFA and the account has none yet: set up an app, then its code finishes the sign-in. */
  | { status: 'totpSetup'; setup: AuthenticatorSetup }
  /** Cognito knows the user but the email was never confirmed. */
  | { status: 'unconfirmed' }
  /** A step we do not offer (MFA, forced new password...): shown as an explanation, never a dead end. */
  | { status: 'unsupported'; step: string };

export interface SignUpInput {
  email: string;
  password: string;
  displayName: string;
}

export interface ConfirmPasswordResetInput {
  email: string;
  code: string;
  newPassword: string;
}
