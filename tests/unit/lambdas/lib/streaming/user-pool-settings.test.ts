import { describe, expect, it, vi } from 'vitest';
import {
  cachedUserPoolSettings,
  parseS3Location,
  userPoolSettingsFromWebConfig,
} from '@lambdas/lib/streaming/user-pool-settings';

const webConfig = {
  stage: 'dev',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_AbC123',
  userPoolClientId: 'web-client-id',
  signUpClientId: 'sign-up-client-id',
  authFlowType: 'USER_SRP_AUTH',
  apiBaseUrl: '/api',
  offlineModel: false,
};

describe('the user pool of an edge function, from the site’s config.json', () => {
  it('builds the issuer from the region and pool, and takes the web client (not the sign-up client)', () => {
    expect(userPoolSettingsFromWebConfig(JSON.stringify(webConfig))).toEqual({
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123',
      clientId: 'web-client-id',
    });
  });

  it('refuses a file that is not the SPA’s config, or names no pool of its region', () => {
    expect(() => userPoolSettingsFromWebConfig('<html>')).toThrow(/not JSON/);
    expect(() => userPoolSettingsFromWebConfig(JSON.stringify({ stage: 'dev' }))).toThrow(/invalid/);
    expect(() => userPoolSettingsFromWebConfig(JSON.stringify({ ...webConfig, userPoolId: 'us-east-1_X' }))).toThrow(
      /no user pool of eu-west-1/,
    );
  });

  it('reads the s3:// location the edge stack writes', () => {
    expect(parseS3Location('s3://adsmith-dev-site-123456789012-eu-west-1/config.json')).toEqual({
      Bucket: 'adsmith-dev-site-123456789012-eu-west-1',
      Key: 'config.json',
    });
    expect(() => parseS3Location('https://example.com/config.json')).toThrow(/s3:\/\//);
  });

  it('loads once, again after a failure, and again once older than its maximum age', async () => {
    let now = 0;
    const settings = { issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A', clientId: 'c' };
    const load = vi.fn().mockRejectedValueOnce(new Error('no config.json yet')).mockResolvedValue(settings);
    const get = cachedUserPoolSettings(load, { maxAgeMs: 1000, now: () => now });
    await expect(get()).rejects.toThrow('no config.json yet');
    await expect(get()).resolves.toBe(settings);
    await expect(get()).resolves.toBe(settings);
    expect(load).toHaveBeenCalledTimes(2);
    now = 1500;
    await get();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
