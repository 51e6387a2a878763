import { passwordRules, unmetPasswordRules, type PasswordPolicy, passwordPolicy } from '@shared/password-policy';

/**
 * Cognito's wording for each rule, keyed by the start of the shared rule's label.
 * A unit test pins every shared label to one of these, so a renamed rule is noticed.
 */
const COGNITO_RULE_MESSAGES: [labelStart: string, cognitoMessage: string][] = [
  ['At least', 'Password not long enough'],
  ['A lowercase', 'Password must have lowercase characters'],
  ['An uppercase', 'Password must have uppercase characters'],
  ['A number', 'Password must have numeric characters'],
  ['A symbol', 'Password must have symbol characters'],
];

export function cognitoMessageForRule(label: string): string {
  return COGNITO_RULE_MESSAGES.find(([start]) => label.startsWith(start))?.[1] ?? label;
}

/**
 * The message real Cognito answers with when a password breaks the pool's policy
 * (it names the first broken rule only); null when the password conforms.
 */
export function passwordPolicyViolation(password: string, policy: PasswordPolicy = passwordPolicy): string | null {
  const [firstUnmet] = unmetPasswordRules(password, policy);
  return firstUnmet === undefined ? null : `Password did not conform with policy: ${cognitoMessageForRule(firstUnmet)}`;
}

/** Labels of every rule in the policy; exported for the test that pins the mapping. */
export function policyRuleLabels(policy: PasswordPolicy = passwordPolicy): string[] {
  return passwordRules(policy).map((rule) => rule.label);
}

/** Where each Cognito operation carries a new password; the twin checks these before cognito-local sees them. */
export function newPasswordIn(target: string, body: Record<string, unknown>): string | undefined {
  const pick = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (target) {
    case 'SignUp':
    case 'ConfirmForgotPassword':
    case 'AdminSetUserPassword':
      return pick(body.Password);
    case 'ChangePassword':
      return pick(body.ProposedPassword);
    case 'AdminCreateUser':
      return pick(body.TemporaryPassword);
    case 'RespondToAuthChallenge': {
      const responses = body.ChallengeResponses;
      return responses && typeof responses === 'object'
        ? pick((responses as Record<string, unknown>).NEW_PASSWORD)
        : undefined;
    }
    default:
      return undefined;
  }
}
