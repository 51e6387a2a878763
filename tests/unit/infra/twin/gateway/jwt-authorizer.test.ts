import { describe, expect, it } from 'vitest';
import {
  checkCognitoClaims,
  checkTimeClaims,
  scopesOf,
  tokenFromAuthorizationHeader,
} from '@infra/twin/gateway/jwt-authorizer';

const CLIENT = 'client-1';

describe('checkCognitoClaims', () => {
  it('accepts an access token of an allowed client', () => {
    expect(checkCognitoClaims({ token_use: 'access', client_id: CLIENT }, [CLIENT])).toBeNull();
  });

  it('rejects an access token of another client, even with a matching aud', () => {
    expect(checkCognitoClaims({ token_use: 'access', client_id: 'other', aud: CLIENT }, [CLIENT])).toMatch(/client_id/);
  });

  it('accepts an ID token whose aud is an allowed client (string or list)', () => {
    expect(checkCognitoClaims({ token_use: 'id', aud: CLIENT }, [CLIENT])).toBeNull();
    expect(checkCognitoClaims({ token_use: 'id', aud: ['x', CLIENT] }, [CLIENT])).toBeNull();
  });

  it('rejects an ID token for another audience', () => {
    expect(checkCognitoClaims({ token_use: 'id', aud: 'other', client_id: CLIENT }, [CLIENT])).toMatch(/aud/);
  });

  it('rejects any other token_use', () => {
    expect(checkCognitoClaims({ token_use: 'refresh', client_id: CLIENT, aud: CLIENT }, [CLIENT])).toMatch(/token_use/);
    expect(checkCognitoClaims({ client_id: CLIENT }, [CLIENT])).toMatch(/token_use/);
  });
});

describe('checkTimeClaims', () => {
  const now = 1_800_000_000;

  it('accepts exp and iat present with iat not after now', () => {
    expect(checkTimeClaims({ exp: now + 60, iat: now }, now)).toBeNull();
    expect(checkTimeClaims({ exp: now + 60, iat: now - 60 }, now)).toBeNull();
  });

  it('requires exp and iat as API Gateway does', () => {
    expect(checkTimeClaims({ iat: now }, now)).toBe('exp claim is missing');
    expect(checkTimeClaims({ exp: now + 60 }, now)).toBe('iat claim is missing');
  });

  it('refuses a token issued in the future', () => {
    expect(checkTimeClaims({ exp: now + 3600, iat: now + 1 }, now)).toBe('iat is in the future');
  });
});

describe('tokenFromAuthorizationHeader', () => {
  it('takes the token with or without the Bearer prefix', () => {
    expect(tokenFromAuthorizationHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromAuthorizationHeader('bearer   abc')).toBe('abc');
    expect(tokenFromAuthorizationHeader('abc.def.ghi')).toBe('abc.def.ghi');
  });

  it('finds none in an empty or missing header', () => {
    expect(tokenFromAuthorizationHeader(undefined)).toBeNull();
    expect(tokenFromAuthorizationHeader('Bearer ')).toBeNull();
  });
});

describe('scopesOf', () => {
  it('splits the scope claim', () => {
    expect(scopesOf({ scope: 'aws.cognito.signin.user.admin openid' })).toEqual([
      'aws.cognito.signin.user.admin',
      'openid',
    ]);
  });

  it('is null without scopes (ID tokens)', () => {
    expect(scopesOf({})).toBeNull();
  });
});
