/**
 * The password policy, declared once: CDK sets it on the user pool, the local
 * twin enforces it (cognito-local does not), and the web shows it.
 */
export const passwordPolicy = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export type PasswordPolicy = typeof passwordPolicy;

interface PasswordRule {
  label: string;
  isMet: (password: string) => boolean;
}

/** Cognito's own symbol set for the "require symbols" rule. */
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/;

export function passwordRules(policy: PasswordPolicy = passwordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = [
    {
      label: `At least ${policy.minLength} characters`,
      isMet: (p) => p.length >= policy.minLength,
    },
  ];
  if (policy.requireLowercase) rules.push({ label: 'A lowercase letter', isMet: (p) => /[a-z]/.test(p) });
  if (policy.requireUppercase) rules.push({ label: 'An uppercase letter', isMet: (p) => /[A-Z]/.test(p) });
  if (policy.requireDigits) rules.push({ label: 'A number', isMet: (p) => /[0-9]/.test(p) });
  if (policy.requireSymbols) {
    rules.push({ label: 'A symbol such as ! @ # $ %', isMet: (p) => COGNITO_SYMBOLS.test(p) });
  }
  return rules;
}

/** The labels of the rules a password breaks; empty when it meets the policy. */
export function unmetPasswordRules(password: string, policy: PasswordPolicy = passwordPolicy): string[] {
  return passwordRules(policy)
    .filter((rule) => !rule.isMet(password))
    .map((rule) => rule.label);
}
