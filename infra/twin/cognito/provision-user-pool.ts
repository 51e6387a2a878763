import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  AdminAddUserToGroupCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  GroupExistsException,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  type UpdateUserPoolCommandInput,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  UserNotFoundException,
  type UpdateUserPoolClientCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { OPERATORS_GROUP } from '@shared/operators';
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

/**
 * The twin's operator (shared/operators.ts): a second seeded account in the operators group, so the operators' page
 * can be tried locally while the demo marketer stays a customer, as a real customer would be.
 */
export const DEMO_OPERATOR = {
  email: 'operator@adsmith.local',
  password: 'Operator-Password-2026!',
  name: 'Deployment Operator',
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
  // What the stack's user pool declares (infra/cdk/lib/constructs/user-auth.ts).
  const poolSettings = {
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
    // keepOriginal: { email: true }: a changed email takes effect only once the new address is verified.
    UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
  } satisfies Omit<UpdateUserPoolCommandInput, 'UserPoolId'>;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({ PoolName: LOCAL_POOL_NAME, UsernameAttributes: ['email'], ...poolSettings }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('CreateUserPool returned no pool id');
  } else {
    // A state dir from an older twin: bring the pool to what the stack declares today.
    await client.send(new UpdateUserPoolCommand({ UserPoolId: userPoolId, ...poolSettings }));
  }
  // Mfa.OPTIONAL with TOTP only (no SMS), as the stack: a user who enabled an authenticator app is asked for its code.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );

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
  await ensureOperatorsGroup(client, userPoolId);
  return { userPoolId, userPoolClientId, signUpClientId };
}

/** The operators group, as the stack declares it (infra/cdk/lib/constructs/user-auth.ts). */
async function ensureOperatorsGroup(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  try {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: OPERATORS_GROUP }));
  } catch (error) {
    if (!(error instanceof GroupExistsException) && (error as { name?: string }).name !== 'GroupExistsException') {
      throw error;
    }
  }
}

/**
 * Makes someone an operator of the deployment (the twin's pool or a deployed one): adds them to the operators
 * group. They get the role with their next sign-in, as tokens carry the groups they were issued with.
 */
export async function addOperator(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<void> {
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: OPERATORS_GROUP }),
  );
}

/**
 * A confirmed, verified demo user (the demo marketer unless told), created without an invitation email. Its
 * password is set again on every start, so the credentials printed always work.
 */
export async function seedDemoUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  seeded: { email: string; password: string; name: string } = DEMO_USER,
): Promise<void> {
  let exists = true;
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: seeded.email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
    exists = false;
  }
  if (!exists) {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: seeded.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: seeded.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: seeded.name },
        ],
      }),
    );
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: seeded.email,
      Password: seeded.password,
      Permanent: true,
    }),
  );
}

/** The twin's operator: a confirmed user, in the operators group (adding again is a no-op in Cognito). */
export async function seedDemoOperator(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await seedDemoUser(client, userPoolId, DEMO_OPERATOR);
  await addOperator(client, userPoolId, DEMO_OPERATOR.email);
}
