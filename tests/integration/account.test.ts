import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '@shared/errors';
import { api, cognitoClient, deleteUser, GOOD_PASSWORD, signIn, signUp, twin, uniqueEmail } from './twin-client';

const client = cognitoClient();
const email = uniqueEmail('account');
let token: string;

beforeAll(async () => {
  // A user of this file's own, so renaming does not disturb the demo user or other tests.
  await signUp(client, email, 'Account Tester');
  const { userPoolId } = twin().cognito;
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  token = (await signIn(client, email, GOOD_PASSWORD)).AccessToken as string;
});

afterAll(async () => {
  await deleteUser(client, email);
  client.destroy();
});

const patchMe = (body: string, contentType = 'application/json') =>
  api('/api/me', { method: 'PATCH', token, body, headers: { 'content-type': contentType } });

describe('GET /api/me through the gateway', () => {
  it('returns the demo user as the API knows them', async () => {
    const { demoUser } = twin();
    const tokens = await signIn(client, demoUser.email, demoUser.password);

    const reply = await api('/api/me', { token: tokens.AccessToken });

    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: demoUser.email,
      emailVerified: true,
      displayName: demoUser.name,
    });
  });
});

describe('PATCH /api/me through the gateway', () => {
  it('updates the display name', async () => {
    const reply = await patchMe(JSON.stringify({ displayName: 'Renamed Tester' }));

    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ email, displayName: 'Renamed Tester', emailVerified: true });
  });

  it('answers 400 VALIDATION_ERROR for an empty display name', async () => {
    const reply = await patchMe(JSON.stringify({ displayName: '   ' }));

    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('answers 400 VALIDATION_ERROR for unknown fields', async () => {
    const reply = await patchMe(JSON.stringify({ displayName: 'Ok', isAdmin: true }));

    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('passes a body over the product limit on to the function, which answers 413 PAYLOAD_TOO_LARGE', async () => {
    const reply = await patchMe(JSON.stringify({ displayName: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1) }));

    expect(reply.status).toBe(413);
    expect(await reply.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('still requires a token', async () => {
    const reply = await api('/api/me', { method: 'PATCH', body: JSON.stringify({ displayName: 'Nobody' }) });

    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('the display name (Cognito `name`) is written only past our validation', () => {
  it('refuses UpdateUserAttributes of name with the signed-in user’s own token (the web client may not write it)', async () => {
    const attempt = client.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'name', Value: 'gnp\u202Eexe.png' }],
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    const me = await (await api('/api/me', { token })).json();
    expect(me.displayName).not.toContain('\u202E');
  });

  it('changes it through PATCH /api/me, which validates it (bidi override → 400, a plain name → 200)', async () => {
    const refused = await patchMe(JSON.stringify({ displayName: 'gnp\u202Eexe.png' }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    const renamed = await patchMe(JSON.stringify({ displayName: 'Validated Name' }));
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ displayName: 'Validated Name' });
  });

  it('refuses a sign-up with a name through the web client, and a bad name through the sign-up client (pre sign-up trigger)', async () => {
    const { userPoolClientId, signUpClientId } = twin().cognito;
    const signUpWith = (clientId: string, name: string) =>
      client.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: uniqueEmail('name-check'),
          Password: GOOD_PASSWORD,
          UserAttributes: [{ Name: 'name', Value: name }],
        }),
      );
    await expect(signUpWith(userPoolClientId, 'Plain Name')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(signUpWith(signUpClientId, 'Ada\u202ELovelace')).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Display name cannot contain control or text-direction characters.',
    });
    await expect(signUpWith(signUpClientId, 'Ada\u0000')).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
    });
  });

  it('signs nobody in through the sign-up client', async () => {
    const attempt = client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin().cognito.signUpClientId,
        AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
  });
});
