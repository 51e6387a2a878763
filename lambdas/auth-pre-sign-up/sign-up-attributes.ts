import { DisplayNameSchema } from '@shared/schemas/account';

/**
 * Why Cognito must refuse this sign-up, or null. The display name (`name`) is the one attribute
 * a person writes at sign-up that others see (emails, shared reports); it passes the same rule as
 * a change through PUT /api/me. The browser's form checks it too, but a direct SignUp call does not.
 */
export function signUpAttributesProblem(userAttributes: Record<string, string | undefined>): string | null {
  const name = userAttributes.name;
  if (name === undefined) return null;
  const parsed = DisplayNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Display name is not valid');
}
