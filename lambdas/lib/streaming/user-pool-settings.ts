import { WebConfigSchema } from '@shared/schemas/web-config';

/** What verifying the web app's access tokens needs: the pool's issuer URL and the web client's id. */
export interface UserPoolSettings {
  issuer: string;
  clientId: string;
}

/** `s3://<bucket>/<key>`, as the edge stack writes it in USER_POOL_WEB_CONFIG. */
export function parseS3Location(location: string): { Bucket: string; Key: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/.exec(location);
  if (!match) throw new Error(`Not an s3://bucket/key location: ${location}`);
  return { Bucket: match[1]!, Key: match[2]! };
}

/**
 * The pool and client of the site's own config.json, the file the browser signs in with: a function in the
 * edge stack is deployed before the user pool exists, so it cannot be given the ids at deploy time. Tokens
 * are then checked against exactly the client the SPA uses. `urlSuffix` is the partition's domain.
 */
export function userPoolSettingsFromWebConfig(body: string, urlSuffix = 'amazonaws.com'): UserPoolSettings {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('The site’s config.json is not JSON');
  }
  const parsed = WebConfigSchema.safeParse(json);
  if (!parsed.success) throw new Error(`The site’s config.json is invalid: ${parsed.error.issues[0]?.message}`);
  const { region, userPoolId, userPoolClientId } = parsed.data;
  // A pool id is `<region>_<id>`; one from another region or a placeholder would verify nothing.
  if (!userPoolId.startsWith(`${region}_`) || !userPoolClientId) {
    throw new Error(`The site’s config.json names no user pool of ${region} (userPoolId ${userPoolId})`);
  }
  return { issuer: `https://cognito-idp.${region}.${urlSuffix}/${userPoolId}`, clientId: userPoolClientId };
}

/**
 * Reads the settings once, on the first request that carries a token (anonymous visitors never need them),
 * and again after a failure or after `maxAgeMs`, so a redeployed pool is picked up without a cold start.
 */
export function cachedUserPoolSettings(
  load: () => Promise<UserPoolSettings>,
  options: { maxAgeMs: number; now?: () => number },
): () => Promise<UserPoolSettings> {
  const now = options.now ?? Date.now;
  let cached: { value: Promise<UserPoolSettings>; at: number } | undefined;
  return () => {
    if (!cached || now() - cached.at > options.maxAgeMs) {
      const value = load();
      const entry = { value, at: now() };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}
