import { type GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUserPoolSettings, userTokenVerifier } from '@lambdas/lib/streaming/user-tokens';
import type { UserPoolSettings } from '@lambdas/lib/streaming/user-pool-settings';

// Counts the verifiers built (each fetches the pool's JWKS when first used), and answers with the settings it was
// built for, so a test sees which pool verified a token.
const built = vi.hoisted(() => [] as unknown[]);
vi.mock('@lambdas/lib/http/access-token', () => ({
  accessTokenVerifier: (settings: { issuer: string }) => {
    built.push(settings);
    return async (token: string) => ({ sub: `${token}@${settings.issuer}` });
  },
}));

afterEach(() => {
  built.length = 0;
});

/** An S3 client holding one object, recording what it was asked for. */
function s3Holding(body: string) {
  const asked: GetObjectCommand[] = [];
  const client = {
    send: async (command: GetObjectCommand) => {
      asked.push(command);
      return { Body: { transformToString: async () => body } };
    },
  } as unknown as S3Client;
  return { client, asked };
}

const siteConfig = JSON.stringify({
  stage: 'dev',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_AbC123',
  userPoolClientId: 'web-client-id',
  signUpClientId: 'sign-up-client-id',
  authFlowType: 'USER_SRP_AUTH',
  apiBaseUrl: '/api',
  offlineModel: false,
});

describe('loadUserPoolSettings', () => {
  it('takes the pool named in the environment without reading S3 (the twin)', async () => {
    const s3 = s3Holding(siteConfig);
    const settings = await loadUserPoolSettings(
      { issuer: 'http://localhost:9229/local_pool', clientId: 'local-client', webConfig: 's3://site/config.json' },
      s3.client,
    );
    expect(settings).toEqual({ issuer: 'http://localhost:9229/local_pool', clientId: 'local-client' });
    expect(s3.asked).toEqual([]);
  });

  it('otherwise reads the site’s config.json from S3 (the edge stack)', async () => {
    const s3 = s3Holding(siteConfig);
    const settings = await loadUserPoolSettings({ webConfig: 's3://adsmith-dev-site/config.json' }, s3.client);
    expect(settings).toEqual({
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123',
      clientId: 'web-client-id',
    });
    expect(s3.asked.map((command) => command.input)).toEqual([{ Bucket: 'adsmith-dev-site', Key: 'config.json' }]);
  });

  it('refuses to start with neither, naming the variables to set', async () => {
    await expect(loadUserPoolSettings({ issuer: 'only-an-issuer' }, s3Holding('').client)).rejects.toThrow(
      'Set USER_POOL_ISSUER and USER_POOL_CLIENT_ID, or USER_POOL_WEB_CONFIG',
    );
  });
});

describe('userTokenVerifier', () => {
  it('verifies with the current pool, building a verifier again only when the settings change', async () => {
    const first: UserPoolSettings = { issuer: 'https://pool-a', clientId: 'a' };
    const second: UserPoolSettings = { issuer: 'https://pool-b', clientId: 'b' };
    let current = first;
    const verify = userTokenVerifier(async () => current);

    expect(await verify('t1')).toEqual({ sub: 't1@https://pool-a' });
    expect(await verify('t2')).toEqual({ sub: 't2@https://pool-a' });
    expect(built).toEqual([first]);

    current = second;
    expect(await verify('t3')).toEqual({ sub: 't3@https://pool-b' });
    expect(built).toEqual([first, second]);
  });
});
