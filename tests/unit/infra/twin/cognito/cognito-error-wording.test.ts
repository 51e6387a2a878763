import { describe, expect, it } from 'vitest';
import { maskEmail, rewriteCognitoError } from '@infra/twin/cognito/cognito-error-wording';

describe('rewriteCognitoError (preventUserExistenceErrors and Cognito wording)', () => {
  it('answers an unknown user and a wrong password alike on password sign-in', () => {
    const input = { AuthFlow: 'USER_PASSWORD_AUTH' };
    const expected = { type: 'NotAuthorizedException', message: 'Incorrect username or password.' };

    expect(rewriteCognitoError('InitiateAuth', input, 'UserNotFoundException', 'User not found.')).toEqual(expected);
    expect(rewriteCognitoError('InitiateAuth', input, 'NotAuthorizedException', 'User not authorized')).toEqual(
      expected,
    );
    expect(rewriteCognitoError('InitiateAuth', input, 'InvalidPasswordException', 'Invalid password')).toEqual(
      expected,
    );
  });

  it('says "Invalid Refresh Token" for a bad refresh', () => {
    expect(
      rewriteCognitoError('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH' }, 'NotAuthorizedException', ''),
    ).toEqual({
      type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('simulates success for a password reset of an unknown user, with a masked address', () => {
    expect(
      rewriteCognitoError('ForgotPassword', { Username: 'nobody@example.com' }, 'UserNotFoundException', ''),
    ).toEqual({
      simulatedReply: {
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' },
      },
    });
  });

  it("uses Cognito's messages for an existing account and a wrong code", () => {
    expect(rewriteCognitoError('SignUp', {}, 'UsernameExistsException', 'User already exists')?.valueOf()).toEqual({
      type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    expect(rewriteCognitoError('ConfirmSignUp', {}, 'CodeMismatchException', 'Incorrect confirmation code')).toEqual({
      type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('leaves other errors as cognito-local words them', () => {
    expect(
      rewriteCognitoError(
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH' },
        'UserNotConfirmedException',
        'User is not confirmed.',
      ),
    ).toBeNull();
  });

  it('masks an address like Cognito', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@e***');
  });
});
