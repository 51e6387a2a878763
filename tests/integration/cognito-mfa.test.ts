import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  GetUserCommand,
  InitiateAuthCommand,
  InvalidParameterException,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  UserNotFoundException,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { authenticatorAppCheck } from '@lambdas/lib/http/strong-sign-in';
import { resetAuthenticatorApp } from '@infra/scripts/authenticator-reset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

/**
 * The twin's user pool does what Cognito does for authenticator-app (TOTP) MFA and for email changes (issue 23
 * finding 7). Cognito's behaviour, as its API reference and users' reports describe it:
 * - AssociateSoftwareToken returns a base32 SecretCode; VerifySoftwareToken checks an RFC 6238 code (SHA-1, 30 s,
 *   6 digits) and marks the token verified, but MFA is on only after SetUserMFAPreference enables it (a preference
 *   before verification is refused: "User does not have delivery config set to turn on SOFTWARE_TOKEN_MFA",
 *   aws/aws-sdk-js-v3#4645; the list stays empty until enabled, aws-amplify/amplify-js#1226);
 * - InitiateAuth then answers the SOFTWARE_TOKEN_MFA challenge with a Session, and RespondToAuthChallenge takes
 *   SOFTWARE_TOKEN_MFA_CODE with that Session only: a made-up session is refused, and a session is used once;
 * - every call with an AccessToken checks the token's signature;
 * - with AttributesRequireVerificationBeforeUpdate = [email] (CDK `keepOriginal: { email: true }`), a changed email
 *   stays the old one until the code sent to the new address is verified.
 */
const client = cognitoClient();
const clientId = () => twin().cognito.userPoolClientId;
const email = uniqueEmail('mfa');
let accessToken: string;

const totpFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

const passwordStep = () =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId(),
      AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
    }),
  );

beforeAll(async () => {
  await signUp(client, email);
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
  accessToken = (await signIn(client, email, GOOD_PASSWORD)).AccessToken!;
});

afterAll(async () => {
  await deleteUser(client, email);
  client.destroy();
});

describe('TOTP MFA on the twin’s user pool, as Cognito does it', () => {
  let secret: string;

  it('refuses an access token whose signature is not the pool’s', async () => {
    const [header, payload] = accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the pool signature').toString('base64url')}`;
    await expect(client.send(new AssociateSoftwareTokenCommand({ AccessToken: forged }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );
    await expect(client.send(new GetUserCommand({ AccessToken: forged }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );
  });

  it('associates a base32 secret, and refuses to turn MFA on before a code proves the app holds it', async () => {
    const reply = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    secret = reply.SecretCode!;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expect(
      client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: accessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterException);
  });

  it('verifies a real code, but MFA stays off until the preference enables it', async () => {
    await expect(
      client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: '000000' })),
    ).rejects.toBeInstanceOf(CodeMismatchException);
    const verified = await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: accessToken,
        UserCode: totpFor(secret).generate(),
        FriendlyDeviceName: 'phone',
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.UserMFASettingList ?? []).toEqual([]);
    const signedIn = await passwordStep();
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('once enabled, asks for the code after the password, with a session bound to that sign-in', async () => {
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const admin = await client.send(
      new AdminGetUserCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }),
    );
    expect(admin.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(admin.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    const challenge = await passwordStep();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP!;

    // Without the password step there is no session: a made-up one is refused even with a right code.
    await expect(
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: 'a-session-nobody-was-given',
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpFor(secret).generate() },
        }),
      ),
    ).rejects.toBeInstanceOf(NotAuthorizedException);

    const answer = (code: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    await expect(answer('123456' === totpFor(secret).generate() ? '654321' : '123456')).rejects.toBeInstanceOf(
      CodeMismatchException,
    );
    const tokens = await answer(totpFor(secret).generate());
    expect(tokens.AuthenticationResult?.AccessToken).toBeTruthy();
    // A session is used once.
    await expect(answer(totpFor(secret).generate())).rejects.toBeInstanceOf(NotAuthorizedException);
  });

  it('tells the API whether MFA is on from GetUser with the user’s own access token (the money routes’ check)', async () => {
    const hasApp = authenticatorAppCheck({ AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: twin().cognito.endpoint });
    await expect(hasApp(accessToken)).resolves.toBe(true);
    const [header, payload] = accessToken.split('.');
    await expect(hasApp(`${header}.${payload}.${Buffer.from('forged').toString('base64url')}`)).rejects.toMatchObject({
      code: 'AUTH_ERROR',
    });
  });

  it('lets an operator turn the factor off for a user who lost the app (AdminSetUserMFAPreference)', async () => {
    const poolId = twin().cognito.userPoolId;
    await expect(
      client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: poolId,
          Username: uniqueEmail('nobody'),
          SoftwareTokenMfaSettings: { Enabled: false },
        }),
      ),
    ).rejects.toBeInstanceOf(UserNotFoundException);
    expect((await passwordStep()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await expect(resetAuthenticatorApp(client, poolId, email)).resolves.toEqual({ hadAuthenticatorApp: true });
    const signedIn = await passwordStep();
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    const admin = await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    expect(admin.UserMFASettingList ?? []).toEqual([]);
    await expect(resetAuthenticatorApp(client, poolId, email)).resolves.toEqual({ hadAuthenticatorApp: false });
    // The user enrols again from Settings: the verified token lets the preference turn MFA back on.
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect((await passwordStep()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('turns MFA off again through the preference', async () => {
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect((await passwordStep()).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('an email change on the twin’s user pool, as Cognito does it with keepOriginal', () => {
  it('keeps the old email (and sign-in) until the code sent to the new address is verified', async () => {
    const newEmail = uniqueEmail('mfa-new');
    const reply = await client.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: newEmail }],
      }),
    );
    expect(reply.CodeDeliveryDetailsList?.[0]?.AttributeName).toBe('email');

    const attributes = async () =>
      Object.fromEntries(
        ((await client.send(new GetUserCommand({ AccessToken: accessToken }))).UserAttributes ?? []).map((a) => [
          a.Name,
          a.Value,
        ]),
      );
    expect((await attributes()).email).toBe(email);
    expect((await passwordStep()).AuthenticationResult).toBeTruthy();

    const message = await eventually(async () => (await mailboxMessages(newEmail))[0], 'the code to the new address');
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    expect(code).toBeDefined();
    await client.send(
      new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code! }),
    );
    expect((await attributes()).email).toBe(newEmail);
    await deleteUser(client, newEmail);
  });
});
