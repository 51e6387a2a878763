import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { isOperator } from '@shared/operators';
import type { WebConfig } from '@shared/schemas/web-config';
import type { AuthenticatorSetup, AuthUser, ConfirmPasswordResetInput, SignInOutcome, SignUpInput } from './auth-user';
import { signUpTarget, signUpThroughClient, type SignUpTarget } from './cognito-sign-up';

/**
 * The one module that talks to Amplify. Everything else (provider, forms, API client)
 * goes through these functions, so tests replace this module instead of patching
 * Amplify's globals, and a future auth provider swap touches one file.
 */

let authFlowType: WebConfig['authFlowType'] = 'USER_SRP_AUTH';
let signUpAt: SignUpTarget | null = null;

export function configureCognito(config: WebConfig): void {
  authFlowType = config.authFlowType;
  signUpAt = signUpTarget(config);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** The current user, or null when nobody is signed in (not an error). */
export async function getSignedInUser(): Promise<AuthUser | null> {
  let userId: string;
  try {
    ({ userId } = await getCurrentUser());
  } catch (error) {
    if (errorName(error) === 'UserUnAuthenticatedException') return null;
    throw error;
  }
  // The ID token may lack `name` (cognito-local never puts it there): read the attributes.
  const [attributes, session] = await Promise.all([fetchUserAttributes(), fetchAuthSession()]);
  return {
    ...(isOperator(session.tokens?.idToken?.payload['cognito:groups']) ? { operator: true } : {}),
    uid: attributes.sub ?? userId,
    email: attributes.email ?? '',
    emailVerified: attributes.email_verified === 'true',
    displayName: attributes.name?.trim() ? attributes.name : null,
    photoURL: attributes.picture ?? null,
  };
}

export async function signInWithPassword(email: string, password: string, isRetry = false): Promise<SignInOutcome> {
  let result;
  try {
    result = await signIn({ username: email, password, options: { authFlowType } });
  } catch (error) {
    // Amplify usually turns this into a CONFIRM_SIGN_UP step, but not on every path.
    if (errorName(error) === 'UserNotConfirmedException') return { status: 'unconfirmed' };
    // A leftover session (e.g. another tab) would block the new sign-in: end it and retry once.
    if (errorName(error) === 'UserAlreadyAuthenticatedException' && !isRetry) {
      await signOut();
      return signInWithPassword(email, password, true);
    }
    throw error;
  }
  return outcomeOf(result, email);
}

/** The name authenticator apps show beside the account. */
const AUTHENTICATOR_ISSUER = 'Adsmith';

function outcomeOf(result: SignInOutput, email: string): SignInOutcome {
  if (result.isSignedIn) return { status: 'signedIn' };
  const { nextStep } = result;
  switch (nextStep.signInStep) {
    case 'DONE':
      return { status: 'signedIn' };
    case 'CONFIRM_SIGN_UP':
      return { status: 'unconfirmed' };
    // Cognito's SOFTWARE_TOKEN_MFA challenge, as Amplify v6 names it.
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { status: 'totpCode' };
    // MFA_SETUP: only when the pool requires MFA (ours is optional, but a deployment may turn it on).
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return {
        status: 'totpSetup',
        setup: {
          secret: nextStep.totpSetupDetails.sharedSecret,
          uri: nextStep.totpSetupDetails.getSetupUri(AUTHENTICATOR_ISSUER, email).toString(),
        },
      };
    default:
      return { status: 'unsupported', step: nextStep.signInStep };
  }
}

/** The 6-digit code of the authenticator app, for the step signInWithPassword left open (code or setup). */
export async function confirmSignInWithCode(email: string, code: string): Promise<SignInOutcome> {
  return outcomeOf(await confirmSignIn({ challengeResponse: code }), email);
}

/** Whether the signed-in user has authenticator-app MFA turned on. */
export async function readAuthenticatorEnabled(): Promise<boolean> {
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

/** Starts setting up an authenticator app for the signed-in user: a new secret, not yet in force. */
export async function startAuthenticatorSetup(email: string): Promise<AuthenticatorSetup> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(AUTHENTICATOR_ISSUER, email).toString() };
}

/**
 * Proves the app holds the secret with one of its codes, then turns MFA on: Cognito only marks the token verified,
 * MFA is on once the preference says so (VerifySoftwareToken and SetUserMFAPreference, API reference).
 */
export async function finishAuthenticatorSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function turnOffAuthenticator(): Promise<void> {
  await updateMFAPreference({ totp: 'DISABLED' });
}

export async function signUpWithEmail({ email, password, displayName }: SignUpInput): Promise<void> {
  if (!signUpAt) throw new Error('Cognito is not configured yet');
  await signUpThroughClient(signUpAt, { email, password, displayName });
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendVerificationLink(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email });
}

export async function confirmPasswordReset({ email, code, newPassword }: ConfirmPasswordResetInput): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutUser(): Promise<void> {
  await signOut();
}

/** The access token for `Authorization: Bearer`, or null when signed out. Amplify refreshes it if due. */
export async function getAccessToken(): Promise<string | null> {
  const session = await fetchAuthSession();
  return session.tokens?.accessToken.toString() ?? null;
}

/** When the access token expires, in epoch seconds; null when signed out. */
export async function getSessionExpiry(): Promise<number | null> {
  const session = await fetchAuthSession();
  return session.tokens?.accessToken.payload.exp ?? null;
}

export async function refreshSession(): Promise<void> {
  const session = await fetchAuthSession({ forceRefresh: true });
  if (!session.tokens) throw Object.assign(new Error('Session could not be refreshed.'), { name: 'SessionExpired' });
}

export type AuthEvent = 'signedOut' | 'sessionExpired';

/** Auth events raised by Amplify itself (another tab signing out, a refresh that failed). */
export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') listener('signedOut');
    if (payload.event === 'tokenRefresh_failure') listener('sessionExpired');
  });
}
