import { describe, expect, it } from 'vitest';
import {
  cognitoMessageForRule,
  newPasswordIn,
  passwordPolicyViolation,
  policyRuleLabels,
} from '@infra/twin/cognito/password-policy-check';

describe('passwordPolicyViolation', () => {
  it('accepts a password that meets the shared policy', () => {
    expect(passwordPolicyViolation('Demo-Password-2026!')).toBeNull();
  });

  it.each([
    ['Sh0rt!', 'Password not long enough'],
    ['UPPERCASE-ONLY-123', 'Password must have lowercase characters'],
    ['lowercase-only-123', 'Password must have uppercase characters'],
    ['No-Digits-Here!', 'Password must have numeric characters'],
    ['NoSymbols12345', 'Password must have symbol characters'],
  ])('names the first broken rule of %s the way Cognito does', (password, rule) => {
    expect(passwordPolicyViolation(password)).toBe(`Password did not conform with policy: ${rule}`);
  });

  it('has a Cognito message for every rule of the shared policy', () => {
    for (const label of policyRuleLabels())
      expect(cognitoMessageForRule(label)).toMatch(/^Password (not long enough|must have)/);
  });
});

describe('newPasswordIn', () => {
  it('finds the new password in each operation that sets one', () => {
    expect(newPasswordIn('SignUp', { Password: 'a' })).toBe('a');
    expect(newPasswordIn('ConfirmForgotPassword', { Password: 'b' })).toBe('b');
    expect(newPasswordIn('ChangePassword', { PreviousPassword: 'old', ProposedPassword: 'c' })).toBe('c');
    expect(newPasswordIn('AdminSetUserPassword', { Password: 'd' })).toBe('d');
    expect(newPasswordIn('RespondToAuthChallenge', { ChallengeResponses: { NEW_PASSWORD: 'e' } })).toBe('e');
  });

  it('ignores operations that only check a password', () => {
    expect(newPasswordIn('InitiateAuth', { AuthParameters: { PASSWORD: 'x' } })).toBeUndefined();
  });
});
