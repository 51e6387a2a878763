import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  UserNotConfirmedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  codeFromLink,
  cognitoClient,
  deleteUser,
  eventually,
  GOOD_PASSWORD,
  mailboxMessages,
  signIn,
  signUp,
  twin,
  uniqueEmail,
} from './twin-client';

const client = cognitoClient();
const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((email) => deleteUser(client, email)));
});

async function newUser(label: string, name?: string): Promise<{ email: string; sub: string }> {
  const email = uniqueEmail(label);
  created.push(email);
  return { email, sub: await signUp(client, email, name) };
}

async function verificationLink(email: string, count = 1): Promise<string> {
  const messages = await eventually(async () => {
    const found = await mailboxMessages(email);
    return found.length >= count ? found : undefined;
  }, `${count} email(s) to ${email}`);
  const link = messages[count - 1]?.links.find((l) => l.includes('mode=verifyEmail'));
  if (!link) throw new Error(`No verification link in ${JSON.stringify(messages[count - 1])}`);
  return link;
}

describe('sign-up through the Cognito front', () => {
  it('mails a verification link rendered by the custom-message trigger', async () => {
    const { email } = await newUser('mail', 'Mail Tester');

    const [message] = await mailboxMessages(email);

    expect(message).toMatchObject({
      to: email,
      kind: 'CustomMessage_SignUp',
      subject: expect.stringContaining('Verify'),
    });
    expect(message?.text).toContain('Hi Mail Tester');
    const link = new URL(message?.links[0] as string);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('username')).toBe(email);
    expect(link.searchParams.get('code')).toMatch(/^\d{6}$/);
  });

  it('confirms with the code from the link, then the email is verified and /api/me says so', async () => {
    const { email } = await newUser('confirm');
    const { username, code } = codeFromLink(await verificationLink(email));

    await client.send(
      new ConfirmSignUpCommand({
        ClientId: twin().cognito.userPoolClientId,
        Username: username,
        ConfirmationCode: code,
      }),
    );

    const user = await client.send(new AdminGetUserCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    const tokens = await signIn(client, email, GOOD_PASSWORD);
    const me = await api('/api/me', { token: tokens.AccessToken });
    expect(await me.json()).toMatchObject({ email, emailVerified: true, displayName: 'Test Marketer' });
  });

  it('refuses sign-in before confirmation, as Cognito does', async () => {
    const { email } = await newUser('unconfirmed');

    await expect(
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: twin().cognito.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
        }),
      ),
    ).rejects.toBeInstanceOf(UserNotConfirmedException);
  });

  it('resends a fresh code on ResendConfirmationCode, and the new one confirms', async () => {
    const { email } = await newUser('resend');
    await verificationLink(email, 1);

    await client.send(
      new ResendConfirmationCodeCommand({ ClientId: twin().cognito.userPoolClientId, Username: email }),
    );

    const resent = await mailboxMessages(email);
    expect(resent[1]?.kind).toBe('CustomMessage_ResendCode');
    const { code } = codeFromLink(await verificationLink(email, 2));
    await client.send(
      new ConfirmSignUpCommand({ ClientId: twin().cognito.userPoolClientId, Username: email, ConfirmationCode: code }),
    );
  });

  it('announces the confirmed sign-up: Slack (signup) and the automation webhook (user_signup), each once', async () => {
    const { email, sub } = await newUser('announce', 'Announced Marketer');
    const { code } = codeFromLink(await verificationLink(email));

    await client.send(
      new ConfirmSignUpCommand({ ClientId: twin().cognito.userPoolClientId, Username: email, ConfirmationCode: code }),
    );

    const posts = await eventually(
      async () => {
        const all = (await (await fetch(twin().slackSink.requests)).json()) as { status: number; body: unknown }[];
        const mine = all.filter((r) => r.status === 200 && JSON.stringify(r.body).includes(email));
        return mine.length > 0 ? mine : undefined;
      },
      `the Slack post for ${email}`,
      15_000,
    );
    expect(JSON.stringify(posts[0]!.body)).toContain('New signup');
    expect(JSON.stringify(posts[0]!.body)).toContain('Announced Marketer');
    const hooks = await eventually(
      async () => {
        const all = (await (await fetch(twin().webhookSink.requests)).json()) as {
          status: number;
          body: Record<string, unknown>;
        }[];
        const mine = all.filter((r) => r.status === 200 && r.body.email === email);
        return mine.length > 0 ? mine : undefined;
      },
      `the webhook post for ${email}`,
      15_000,
    );
    expect(hooks[0]!.body).toMatchObject({ event: 'user_signup', email, userId: sub });
    expect(typeof hooks[0]!.body.timestamp).toBe('string');
    expect(hooks[0]!.body.source).toMatch(/^http:\/\//);
    // Exactly once: a late duplicate would show up within this second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const slackAgain = (await (await fetch(twin().slackSink.requests)).json()) as { status: number; body: unknown }[];
    expect(slackAgain.filter((r) => r.status === 200 && JSON.stringify(r.body).includes(email))).toHaveLength(1);
  });
});
