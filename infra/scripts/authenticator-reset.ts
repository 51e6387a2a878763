import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * The recovery for a lost authenticator app (docs/deploying.md, "Sign-in security"): an operator who has checked
 * who is asking turns the person's TOTP factor off, so their next sign-in asks for the password only and they enrol
 * a new app from Settings → Security. Cognito keeps no backup codes of its own; AdminSetUserMFAPreference is its
 * administrator's way to change a user's factors (API reference, AdminSetUserMFAPreference). `Username` may be the
 * email, an alias of the pool.
 */
export async function resetAuthenticatorApp(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<{ hadAuthenticatorApp: boolean }> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const hadAuthenticatorApp = (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  await client.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId,
      Username: email,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  return { hadAuthenticatorApp };
}
