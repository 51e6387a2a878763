import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
  UserNotFoundException,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { apiOriginHeaders, type TwinEndpoints } from '@infra/twin/endpoints-file';

/**
 * This file's twin: global setup starts one per worker, vitest numbers its workers 1..maxWorkers and no two running
 * files share a number, so files running side by side never share a twin. Fails at once, with the reason, when
 * global setup did not start one.
 */
export function twin(): TwinEndpoints {
  const twins = inject('integrationTwins');
  if (!twins?.length)
    throw new Error('The local twin is not running: run these tests with `vitest --project integration`.');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const endpoints = twins[(worker - 1) % twins.length];
  if (!endpoints?.api) throw new Error(`No twin for integration worker ${worker}`);
  return endpoints;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  const { cognito } = twin();
  return new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: cognito.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export const GOOD_PASSWORD = 'Integration-Test-2026!';

export async function signUp(
  client: CognitoIdentityProviderClient,
  email: string,
  name = 'Test Marketer',
): Promise<string> {
  const reply = await client.send(
    new SignUpCommand({
      // The sign-up client: the web client may not write `name` (display names change through PUT /api/me).
      ClientId: twin().cognito.signUpClientId,
      Username: email,
      Password: GOOD_PASSWORD,
      UserAttributes: [{ Name: 'name', Value: name }],
    }),
  );
  if (!reply.UserSub) throw new Error('SignUp returned no UserSub');
  return reply.UserSub;
}

export async function signIn(
  client: CognitoIdentityProviderClient,
  email: string,
  password: string,
): Promise<AuthenticationResultType> {
  const reply = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: twin().cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!reply.AuthenticationResult?.AccessToken) throw new Error(`Sign-in of ${email} returned no tokens`);
  return reply.AuthenticationResult;
}

/** Removes a test user; a user already gone is fine. */
export async function deleteUser(client: CognitoIdentityProviderClient, email: string): Promise<void> {
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

export async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${twin().api}${path}`, {
    ...rest,
    // Tests stand where CloudFront does: without its origin header the functions answer 403.
    headers: {
      ...apiOriginHeaders(twin()),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string> | undefined),
    },
  });
}

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  kind: string;
  sentAt: string;
  /** SES emails: the From header as sent. */
  from?: string;
}

export async function mailboxMessages(to: string): Promise<MailboxMessage[]> {
  const reply = await fetch(`${twin().mailbox}/messages?to=${encodeURIComponent(to)}`);
  if (!reply.ok) throw new Error(`Mailbox answered ${reply.status}`);
  return (await reply.json()) as MailboxMessage[];
}

/** Polls until `probe` returns a value (async effects such as bus deliveries), failing after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code carried by an email's link, as the web reads it. */
export function codeFromLink(link: string): { username: string; code: string } {
  const url = new URL(link);
  const username = url.searchParams.get('username');
  const code = url.searchParams.get('code');
  if (!username || !code) throw new Error(`Not an auth link: ${link}`);
  return { username, code };
}
