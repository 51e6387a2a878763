import { messages } from '@shared/constants';
import { clientErrorCatalogue } from '@shared/errors';

/**
 * Cognito/Amplify exception names → what a person reads. Raw exception names never
 * reach the screen. The operation matters: "user not found" on sign-in must not
 * reveal whether an account exists, but on a verification link it simply means the link is bad.
 */
export type AuthOperation =
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'resetPassword'
  | 'confirmResetPassword'
  | 'signOut'
  /** The authenticator app's code at sign-in. */
  | 'confirmSignIn'
  /** Setting up, or turning off, the authenticator app in Settings. */
  | 'authenticatorSetup';

const WRONG_APP_CODE = 'That code is not right. Enter the code your authenticator app shows now.';

const INCORRECT_CREDENTIALS = 'Incorrect email or password.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export const cognitoErrorMessages: Record<string, string> = {
  NotAuthorizedException: INCORRECT_CREDENTIALS,
  UserNotFoundException: INCORRECT_CREDENTIALS,
  UserNotConfirmedException: messages.verifyEmailFirst,
  UsernameExistsException: 'An account with this email already exists. Sign in or reset your password.',
  AliasExistsException: 'An account with this email already exists. Sign in or reset your password.',
  CodeMismatchException: 'That code is not valid. Use the link from your latest email or request a new one.',
  ExpiredCodeException: 'That link has expired or was already used. Request a new one.',
  LimitExceededException: TOO_MANY_ATTEMPTS,
  TooManyRequestsException: TOO_MANY_ATTEMPTS,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS,
  InvalidPasswordException: 'Your password does not meet the requirements below.',
  // The pre sign-up trigger refused the display name (the form checks the same rule first).
  UserLambdaValidationException: 'Please use a display name without control or text-direction characters.',
  InvalidParameterException: 'Please check the details you entered and try again.',
  PasswordResetRequiredException: 'You need to reset your password before signing in. Use "Forgot password?".',
  CodeDeliveryFailureException: 'We could not send the email. Please try again in a moment.',
  UserAlreadyAuthenticatedException: 'You are already signed in.',
  EmptySignInUsername: 'Please enter your email.',
  EmptySignInPassword: 'Please enter your password.',
  EmptySignUpUsername: 'Please enter your email.',
  EmptySignUpPassword: 'Please enter a password.',
  NetworkError: clientErrorCatalogue.NETWORK_ERROR.message,
};

/** Per-operation overrides where the generic meaning would mislead. */
const operationOverrides: Partial<Record<AuthOperation, Record<string, string>>> = {
  confirmSignUp: {
    // Cognito says NotAuthorized when the user is already confirmed (the link was used).
    NotAuthorizedException: 'This email address is already verified. You can sign in.',
    UserNotFoundException: 'This verification link is not valid. Sign up again or request a new link.',
  },
  resendCode: {
    InvalidParameterException: 'This email address is already verified. You can sign in.',
    UserNotFoundException: 'We could not find an account waiting for verification with that email.',
  },
  confirmResetPassword: {
    UserNotFoundException: 'That reset link is not valid. Request a new one.',
  },
  confirmSignIn: {
    CodeMismatchException: WRONG_APP_CODE,
    // The challenge's session lasts 3 minutes and is used once (AuthSessionValidity): start again.
    NotAuthorizedException: 'This sign-in has expired. Go back and enter your password again.',
  },
  authenticatorSetup: {
    CodeMismatchException: WRONG_APP_CODE,
    EnableSoftwareTokenMFAException: WRONG_APP_CODE,
    NotAuthorizedException: 'Your session has ended. Please sign in again.',
  },
};

function isNetworkFailure(error: Error): boolean {
  return error.name === 'NetworkError' || (error.name === 'TypeError' && /fetch|network/i.test(error.message));
}

/** Whether Cognito rejected a new password for breaking the policy (the form then shows the policy again). */
export function isPasswordPolicyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'InvalidPasswordException' ||
    (error.name === 'InvalidParameterException' && /password/i.test(error.message)) ||
    /does not meet requirements|password-does-not-meet-requirements/i.test(error.message)
  );
}

export function cognitoErrorMessage(error: unknown, operation: AuthOperation): string {
  if (!(error instanceof Error)) return clientErrorCatalogue.UNKNOWN_ERROR.message;
  if (isPasswordPolicyError(error)) return cognitoErrorMessages.InvalidPasswordException!;
  if (isNetworkFailure(error)) return clientErrorCatalogue.NETWORK_ERROR.message;
  // "Password attempts exceeded" arrives as NotAuthorizedException.
  if (error.name === 'NotAuthorizedException' && /attempts exceeded/i.test(error.message)) return TOO_MANY_ATTEMPTS;
  return (
    operationOverrides[operation]?.[error.name] ??
    cognitoErrorMessages[error.name] ??
    clientErrorCatalogue.UNKNOWN_ERROR.message
  );
}
