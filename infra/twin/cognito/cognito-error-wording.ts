/**
 * Where cognito-local's answers differ from Cognito's for the web client, which
 * has `preventUserExistenceErrors: true`: the same error whether or not the user
 * exists, and Cognito's own messages (the web may show them).
 */
export type ErrorRewrite = { type: string; message: string } | { simulatedReply: unknown };

const INCORRECT_CREDENTIALS = { type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const INVALID_CODE = {
  type: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};
const PASSWORD_FLOWS = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);

/** A plausible masked address, as Cognito shows it for a user that may not exist: `j***@e***`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function rewriteCognitoError(
  target: string,
  input: Record<string, unknown>,
  type: string,
  message: string,
): ErrorRewrite | null {
  const username = typeof input.Username === 'string' ? input.Username : '';
  switch (`${target} ${type}`) {
    // cognito-local says InvalidPasswordException for a wrong password.
    case 'InitiateAuth NotAuthorizedException':
    case 'InitiateAuth UserNotFoundException':
    case 'InitiateAuth InvalidPasswordException':
    case 'AdminInitiateAuth NotAuthorizedException':
    case 'AdminInitiateAuth UserNotFoundException':
    case 'AdminInitiateAuth InvalidPasswordException':
      return PASSWORD_FLOWS.has(String(input.AuthFlow))
        ? INCORRECT_CREDENTIALS
        : { type: 'NotAuthorizedException', message: 'Invalid Refresh Token' };
    case 'GetTokensFromRefreshToken NotAuthorizedException':
      return { type, message: 'Invalid Refresh Token' };
    case 'SignUp UsernameExistsException':
      return { type, message: 'An account with the given email already exists.' };
    case 'ForgotPassword UserNotFoundException':
    case 'ResendConfirmationCode UserNotFoundException':
      return {
        simulatedReply: {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(username) },
        },
      };
    case 'ConfirmSignUp NotAuthorizedException':
    case 'ConfirmSignUp CodeMismatchException':
    case 'ConfirmForgotPassword UserNotFoundException':
    case 'ConfirmForgotPassword CodeMismatchException':
      return INVALID_CODE;
    case 'ConfirmSignUp ExpiredCodeException':
      return { type, message: 'Invalid code provided, please request a code again.' };
    default:
      return message ? null : { type, message: type };
  }
}
