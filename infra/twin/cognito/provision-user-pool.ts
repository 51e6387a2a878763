import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  UserNotFoundException,
  type UpdateUserPoolClientCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicy } from '@shared/password-policy';
import { LOCAL_CREDENTIALS } from '../function-environment';

export const LOCAL_POOL_NAME = 'adsmith-local';
export const LOCAL_CLIENT_NAME = 'adsmith-web';
export const LOCAL_SIGN_UP_CLIENT_NAME = 'adsmith-web-sign-up';
const PROFILE_ATTRIBUTES = ['email', 'name'] as const;

type ClientSettings = Pick<
  UpdateUserPoolClientCommandInput,
  | 'ExplicitAuthFlows'
  | 'ReadAttributes'
  | 'WriteAttributes'
  | 'AccessTokenValidity'
  | 'IdTokenValidity'
  | 'RefreshTokenValidity'
  | 'TokenValidityUnits'
>;

/** The demo account seeded on every start; its password meets the shared policy. */
export const DEMO_USER = {
  email: 'demo@adsmith.local',
  password: 'Demo-Password-2026!',
  name: 'Demo Marketer',
} as const;

export interface ProvisionedUserPool {
  userPoolId: string;
  /** The web app's client: signs in, cannot write `name`. */
  userPoolClientId: string;
  /** The client sign-up goes through: may write `name`, cannot sign in. */
  signUpClientId: string;
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
  const ensureClient = async (name: string, settings: ClientSettings): Promise<string> => {
    const existing = clients.UserPoolClients?.find((c) => c.ClientName === name)?.ClientId;
    if (existing) {
      // A state dir from an older twin: bring the client to what the stack declares today.
      await client.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: existing, ...settings }));
      return existing;
    }
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: name, GenerateSecret: false, ...settings }),
    );
    if (!created.UserPoolClient?.ClientId) throw new Error('CreateUserPoolClient returned no client id');
    return created.UserPoolClient.ClientId;
  };
  const userPoolClientId = await ensureClient(LOCAL_CLIENT_NAME, {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    // As the stack's web client: the display name changes only through PUT /api/me.
    ReadAttributes: [...PROFILE_ATTRIBUTES, 'email_verified'],
    WriteAttributes: ['email'],
    // The stack's validities, so sessions refresh here when they would in AWS.
    AccessTokenValidity: 1,
    IdTokenValidity: 1,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
  });
  const signUpClientId = await ensureClient(LOCAL_SIGN_UP_CLIENT_NAME, {
    // As the stack's sign-up client: writes the name at sign-up, signs nobody in.
    ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
    ReadAttributes: [...PROFILE_ATTRIBUTES, 'email_verified'],
    WriteAttributes: [...PROFILE_ATTRIBUTES],
  });
  return { userPoolId, userPoolClientId, signUpClientId };
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
