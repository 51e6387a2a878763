import { describe, expect, it } from 'vitest';
import { cognitoErrorMessage, isPasswordPolicyError } from '@web/lib/auth/cognito-error-message';
import { namedError } from '../../support/cognito-mock';

describe('cognitoErrorMessage', () => {
  it.each([
    ['NotAuthorizedException', 'signIn', 'Incorrect email or password.'],
    // Sign-in must not reveal whether an account exists.
    ['UserNotFoundException', 'signIn', 'Incorrect email or password.'],
    [
      'UserNotConfirmedException',
      'signIn',
      'Please verify your email first. Check your inbox for the verification link.',
    ],
    ['UsernameExistsException', 'signUp', 'An account with this email already exists. Sign in or reset your password.'],
    [
      'CodeMismatchException',
      'confirmSignUp',
      'That code is not valid. Use the link from your latest email or request a new one.',
    ],
    ['ExpiredCodeException', 'confirmSignUp', 'That link has expired or was already used. Request a new one.'],
    ['LimitExceededException', 'resetPassword', 'Too many attempts. Please wait a few minutes and try again.'],
    ['InvalidPasswordException', 'signUp', 'Your password does not meet the requirements below.'],
    ['InvalidParameterException', 'signUp', 'Please check the details you entered and try again.'],
    ['NetworkError', 'signIn', 'Network connection issue. Please check your internet connection.'],
    ['NotAuthorizedException', 'confirmSignUp', 'This email address is already verified. You can sign in.'],
  ] as const)('%s during %s → %s', (name, operation, expected) => {
    expect(cognitoErrorMessage(namedError(name), operation)).toBe(expected);
  });

  it('treats a failed fetch as a network problem', () => {
    expect(cognitoErrorMessage(new TypeError('Failed to fetch'), 'signIn')).toBe(
      'Network connection issue. Please check your internet connection.',
    );
  });

  it('never shows a raw exception name for something unknown', () => {
    const message = cognitoErrorMessage(namedError('SomeNewException', 'internal detail'), 'signIn');
    expect(message).toBe('Something went wrong. Please try again.');
    expect(message).not.toContain('Exception');
  });

  it('recognises "password does not meet requirements" however it arrives', () => {
    expect(isPasswordPolicyError(namedError('InvalidPasswordException'))).toBe(true);
    expect(isPasswordPolicyError(namedError('InvalidParameterException', 'Password does not meet requirements'))).toBe(
      true,
    );
    expect(isPasswordPolicyError(namedError('NotAuthorizedException'))).toBe(false);
  });
});
