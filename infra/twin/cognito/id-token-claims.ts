/** A user pool attribute as cognito-local stores it. */
export interface PoolAttribute {
  Name: string;
  Value?: string;
}

/** Attributes the web client may read (CDK: email, name, email_verified) that Cognito puts in the ID token. */
const READABLE_STRING_ATTRIBUTES = ['email', 'name'] as const;

/**
 * The ID token claims real Cognito derives from a user's attributes, where
 * cognito-local gets them wrong: it leaves out `name`, and reports
 * `email_verified` true for any stored value, "false" included.
 */
export function idTokenAttributeClaims(attributes: readonly PoolAttribute[]): Record<string, string | boolean> {
  const value = (name: string) => attributes.find((a) => a.Name === name)?.Value;
  const claims: Record<string, string | boolean> = { email_verified: value('email_verified') === 'true' };
  for (const name of READABLE_STRING_ATTRIBUTES) {
    const attribute = value(name);
    if (attribute !== undefined) claims[name] = attribute;
  }
  return claims;
}
