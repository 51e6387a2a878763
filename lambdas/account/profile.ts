import type { AttributeType, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Me } from '@shared/schemas/account';
import { cognitoSdk } from '../lib/aws/cognito';
import { clientOf, type ClientAccess } from '../lib/aws/lazy-sdk';
import { authError, upstreamError } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';

export interface ProfileDeps {
  /** The client or its factory (the SDK loads with the first call: lib/aws/lazy-sdk). */
  cognito: ClientAccess<CognitoIdentityProviderClient>;
  userPoolId: string;
}

function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

async function callCognito<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // A token for a user who no longer exists is a sign-in problem, not a server fault.
    if ((error as { name?: string }).name === 'UserNotFoundException') throw authError();
    throw upstreamError(undefined, error);
  }
}

/** The user's profile: identity from the verified token, the rest from their pool attributes. */
export async function readProfile(user: RequestUser, deps: ProfileDeps): Promise<Me> {
  const [{ AdminGetUserCommand }, cognito] = await Promise.all([cognitoSdk(), clientOf(deps.cognito)]);
  const reply = await callCognito(() =>
    cognito.send(new AdminGetUserCommand({ UserPoolId: deps.userPoolId, Username: user.username })),
  );
  const attributes = reply.UserAttributes;
  return {
    uid: user.sub,
    email: attribute(attributes, 'email') ?? user.email ?? '',
    emailVerified: attribute(attributes, 'email_verified') === 'true',
    displayName: attribute(attributes, 'name') ?? null,
  };
}

/** Sets the full name shown across the app (the display name held in the user's attributes). */
export async function updateDisplayName(user: RequestUser, displayName: string, deps: ProfileDeps): Promise<Me> {
  const [{ AdminUpdateUserAttributesCommand }, cognito] = await Promise.all([cognitoSdk(), clientOf(deps.cognito)]);
  await callCognito(() =>
    cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: deps.userPoolId,
        Username: user.username,
        UserAttributes: [{ Name: 'name', Value: displayName }],
      }),
    ),
  );
  return readProfile(user, deps);
}
