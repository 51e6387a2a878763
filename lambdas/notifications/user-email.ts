import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoSdk } from '../lib/aws/cognito';
import { clientOf, type ClientAccess } from '../lib/aws/lazy-sdk';
import type { RequestUser } from '../lib/http/request-user';

/** How long a looked-up address is reused; a changed email shows up in notifications after this. */
const CACHE_MS = 10 * 60 * 1000;
const cache = new Map<string, { email: string | undefined; at: number }>();

/**
 * The signed-in user's email for notifications: from the verified token when it
 * carries one (ID tokens), else from the user pool (the web sends access tokens,
 * which carry none). Never from the request body.
 */
export async function userEmail(
  user: RequestUser,
  deps: { cognito: ClientAccess<CognitoIdentityProviderClient>; userPoolId: string },
  now = Date.now(),
): Promise<string | undefined> {
  if (user.email) return user.email;
  const cached = cache.get(user.sub);
  if (cached && now - cached.at < CACHE_MS) return cached.email;
  const [{ AdminGetUserCommand }, cognito] = await Promise.all([cognitoSdk(), clientOf(deps.cognito)]);
  const reply = await cognito.send(new AdminGetUserCommand({ UserPoolId: deps.userPoolId, Username: user.username }));
  const email = reply.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  cache.set(user.sub, { email, at: now });
  return email;
}
