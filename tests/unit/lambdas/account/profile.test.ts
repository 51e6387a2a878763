import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { readProfile, updateDisplayName } from '@lambdas/account/profile';
import { AppError } from '@lambdas/lib/errors';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const deps = { cognito: new CognitoIdentityProviderClient({ region: 'eu-west-1' }), userPoolId: 'pool-1' };
const user = { sub: 'sub-1', username: 'user-name-1' };

const attributes = [
  { Name: 'email', Value: 'ana@example.com' },
  { Name: 'email_verified', Value: 'true' },
  { Name: 'name', Value: 'Ana Lima' },
];

describe('account profile', () => {
  beforeEach(() => cognitoMock.reset());

  it('reads identity from the token and the rest from the pool attributes', async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({ Username: 'user-name-1', UserAttributes: attributes });
    const profile = await readProfile(user, deps);
    expect(profile).toEqual({ uid: 'sub-1', email: 'ana@example.com', emailVerified: true, displayName: 'Ana Lima' });
    expect(cognitoMock.commandCalls(AdminGetUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'pool-1',
      Username: 'user-name-1',
    });
  });

  it('reports an unverified email and a missing name plainly', async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({
      UserAttributes: [
        { Name: 'email', Value: 'bo@example.com' },
        { Name: 'email_verified', Value: 'false' },
      ],
    });
    expect(await readProfile(user, deps)).toMatchObject({ emailVerified: false, displayName: null });
  });

  it('updates the name and answers with the fresh profile', async () => {
    cognitoMock.on(AdminUpdateUserAttributesCommand).resolves({});
    cognitoMock.on(AdminGetUserCommand).resolves({ UserAttributes: attributes });
    await updateDisplayName(user, 'Ana Lima', deps);
    expect(cognitoMock.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input.UserAttributes).toEqual([
      { Name: 'name', Value: 'Ana Lima' },
    ]);
  });

  it('maps a vanished user to AUTH_ERROR', async () => {
    cognitoMock.on(AdminGetUserCommand).rejects(Object.assign(new Error('gone'), { name: 'UserNotFoundException' }));
    await expect(readProfile(user, deps)).rejects.toMatchObject({ code: 'AUTH_ERROR', statusCode: 401 });
  });

  it('maps other Cognito failures to UPSTREAM_ERROR', async () => {
    cognitoMock.on(AdminGetUserCommand).rejects(Object.assign(new Error('boom'), { name: 'InternalErrorException' }));
    const error = await readProfile(user, deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', statusCode: 502 });
  });
});
