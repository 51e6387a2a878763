/**
 * Turns off someone's authenticator-app MFA after they lost the app: `npm run operators:reset-mfa -- <email>`.
 * Check who is asking first (docs/deploying.md, "Sign-in security": a reply from their verified address, and for
 * the owner of a paid workspace the billing details). Against a deployed stack set USER_POOL_ID and AWS_REGION (the
 * shell's credentials need cognito-idp:AdminGetUser and cognito-idp:AdminSetUserMFAPreference on the pool); without
 * it, the local twin's pool.
 */
import * as z from 'zod';
import { resetAuthenticatorApp } from './authenticator-reset';
import { userPoolTarget } from './user-pool-target';

const email = z.email({ message: 'Usage: npm run operators:reset-mfa -- <email of the user>' }).parse(process.argv[2]);

const { client, userPoolId, where } = await userPoolTarget();
try {
  const { hadAuthenticatorApp } = await resetAuthenticatorApp(client, userPoolId, email);
  console.log(
    hadAuthenticatorApp
      ? `${email} (${where}) signs in with the password alone now and sets up a new authenticator app in Settings → Security.`
      : `${email} (${where}) had no authenticator app turned on; nothing changed.`,
  );
} finally {
  client.destroy();
}
