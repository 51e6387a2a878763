import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicy } from '@shared/password-policy';
import { LOCAL_CREDENTIALS } from '../function-environment';

export const LOCAL_POOL_NAME = 'adsmith-local';
export const LOCAL_CLIENT_NAME = 'adsmith-web';

/** The demo account seeded on every start; its password meets the shared policy. */
export const DEMO_USER = {
  email: 'demo@adsmith.local',
  password: 'Demo-Password-2026!',
  name: 'Demo Marketer',
} as const;

export interface ProvisionedUserPool {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClientFor(endpoint: string, region: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
}

/**
 * The user pool and app client as the stack declares them (email as username,
 * email auto-verified, the shared password policy, password sign-in + refresh).
 * Found by name when the state dir already has them, so restarts keep users.
 */
export async function provisionUserPool(client: CognitoIdentityProviderClient): Promise<ProvisionedUserPool> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === LOCAL_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: passwordPolicy.minLength,
            RequireLowercase: passwordPolicy.requireLowercase,
            RequireUppercase: passwordPolicy.requireUppercase,
            RequireNumbers: passwordPolicy.requireDigits,
            RequireSymbols: passwordPolicy.requireSymbols,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('CreateUserPool returned no pool id');
  }

  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // The stack's validities, so sessions refresh here when they would in AWS.
        AccessTokenValidity: 1,
        IdTokenValidity: 1,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('CreateUserPoolClient returned no client id');
  }
  return { userPoolId, userPoolClientId };
}

/**
 * A confirmed, verified demo user, created without an invitation email. Its
 * password is set again on every start, so the credentials printed always work.
 */
export async function seedDemoUser(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  let exists = true;
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: DEMO_USER.email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
    exists = false;
  }
  if (!exists) {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: DEMO_USER.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: DEMO_USER.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: DEMO_USER.name },
        ],
      }),
    );
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: DEMO_USER.email,
      Password: DEMO_USER.password,
      Permanent: true,
    }),
  );
}
