import { s3Of, s3Sdk, type S3Access } from '../aws/s3';
import { NEED_ENV } from '@shared/need-env';
import { accessTokenVerifier } from '../http/access-token';
import { parseS3Location, userPoolSettingsFromWebConfig, type UserPoolSettings } from './user-pool-settings';

/** Where the chat finds the user pool: named directly (the twin), or in the site's config.json (the edge stack). */
export interface UserTokensConfig {
  issuer?: string;
  clientId?: string;
  /** `s3://<bucket>/<key>` of the site's config.json. */
  webConfig?: string;
}

/** The pool's issuer and web client, from the environment or, failing that, the site's config.json in S3. */
export async function loadUserPoolSettings(config: UserTokensConfig, access: S3Access): Promise<UserPoolSettings> {
  if (config.issuer && config.clientId) return { issuer: config.issuer, clientId: config.clientId };
  if (!config.webConfig)
    throw new Error(
      `Set ${NEED_ENV.userTokensIssuer} and ${NEED_ENV.userTokensClientId}, or ${NEED_ENV.userTokensWebConfig}`,
    );
  const [{ GetObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(access)]);
  const reply = await s3.send(new GetObjectCommand(parseS3Location(config.webConfig)));
  return userPoolSettingsFromWebConfig(await reply.Body!.transformToString());
}

/** Verifies access tokens against the current settings, building a new verifier only when the settings change. */
export function userTokenVerifier(settings: () => Promise<UserPoolSettings>) {
  let verifier: { for: UserPoolSettings; verify: ReturnType<typeof accessTokenVerifier> } | undefined;
  return async (token: string) => {
    const current = await settings();
    if (verifier?.for !== current) verifier = { for: current, verify: accessTokenVerifier(current) };
    return verifier.verify(token);
  };
}
