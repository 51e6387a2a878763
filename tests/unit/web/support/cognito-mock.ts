import { vi } from 'vitest';
import type { AuthUser, SignInOutcome } from '@web/lib/auth/auth-user';

/**
 * A stand-in for web/src/lib/auth/cognito.ts, the app's only door to Amplify.
 * Tests `vi.mock` that module with this, so nothing patches Amplify or globals.
 */
export function createCognitoMock() {
  return {
    configureCognito: vi.fn(),
    getSignedInUser: vi.fn<() => Promise<AuthUser | null>>(async () => null),
    signInWithPassword: vi.fn(async (_email: string, _password: string): Promise<SignInOutcome> => ({
      status: 'signedIn',
    })),
    confirmSignInWithCode: vi.fn(async (_email: string, _code: string): Promise<SignInOutcome> => ({
      status: 'signedIn',
    })),
    readAuthenticatorEnabled: vi.fn(async () => false),
    startAuthenticatorSetup: vi.fn(async (_email: string) => ({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Adsmith:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Adsmith',
    })),
    finishAuthenticatorSetup: vi.fn(async (_code: string) => undefined),
    turnOffAuthenticator: vi.fn(async () => undefined),
    signUpWithEmail: vi.fn(async (_input: unknown) => undefined),
    confirmEmail: vi.fn(async (_email: string, _code: string) => undefined),
    resendVerificationLink: vi.fn(async (_email: string) => undefined),
    requestPasswordReset: vi.fn(async (_email: string) => undefined),
    confirmPasswordReset: vi.fn(async (_input: unknown) => undefined),
    signOutUser: vi.fn(async () => undefined),
    getAccessToken: vi.fn(async () => 'access-token'),
    getSessionExpiry: vi.fn(async () => null as number | null),
    refreshSession: vi.fn(async () => undefined),
    onAuthEvent: vi.fn((_listener: unknown) => () => undefined),
  };
}

export function namedError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export const testUser: AuthUser = {
  uid: 'user-1',
  email: 'jane@example.com',
  emailVerified: true,
  displayName: 'Jane Marketer',
  photoURL: null,
};
