import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRequire } from 'node:module';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cognitoClient, signIn, twin } from './twin-client';

type SigningKey = Parameters<SignJWT['sign']>[0];

const client = cognitoClient();
let accessToken: string;
let idToken: string;
let claims: JWTPayload;

/** Signs claims as a token header Cognito would use (kid CognitoLocal, RS256). */
async function sign(payload: JWTPayload, key: SigningKey): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
}

/** cognito-local's published signing key: a token signed with it is one the pool could have issued. */
async function poolSigningKey(): Promise<SigningKey> {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

async function expectUnauthorized(token: string | undefined): Promise<void> {
  const reply = await api('/api/me', { token });
  expect(reply.status).toBe(401);
  expect(await reply.json()).toEqual({ message: 'Unauthorized' });
}

beforeAll(async () => {
  const { demoUser } = twin();
  const tokens = await signIn(client, demoUser.email, demoUser.password);
  accessToken = tokens.AccessToken as string;
  idToken = tokens.IdToken as string;
  claims = decodeJwt(accessToken);
});

afterAll(() => client.destroy());

describe('local gateway: JWT authorizer on user routes', () => {
  it("accepts the pool's access token", async () => {
    const reply = await api('/api/me', { token: accessToken });

    expect(reply.status).toBe(200);
  });

  it("accepts the pool's ID token (audience = the app client)", async () => {
    const reply = await api('/api/me', { token: idToken });

    expect(reply.status).toBe(200);
  });

  it('rejects a request without a token', async () => {
    await expectUnauthorized(undefined);
  });

  it('rejects a garbage token', async () => {
    await expectUnauthorized('not-a-jwt');
  });

  it('rejects a token signed by another key, even with the right claims', async () => {
    const { privateKey } = await generateKeyPair('RS256');

    await expectUnauthorized(await sign(claims, privateKey));
  });

  it("rejects an expired token signed by the pool's key", async () => {
    const now = Math.floor(Date.now() / 1000);

    await expectUnauthorized(await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, await poolSigningKey()));
  });

  it('rejects a pool-signed token without exp, or without iat, as API Gateway does', async () => {
    const { exp: _exp, ...noExp } = claims;
    const { iat: _iat, ...noIat } = claims;

    await expectUnauthorized(await sign(noExp, await poolSigningKey()));
    await expectUnauthorized(await sign(noIat, await poolSigningKey()));
  });

  it('rejects a pool-signed token issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);

    await expectUnauthorized(await sign({ ...claims, iat: now + 600, exp: now + 4200 }, await poolSigningKey()));
  });

  it('accepts a re-signed copy of a real token (the forgeries above fail only for the claim changed)', async () => {
    const reply = await api('/api/me', { token: await sign(claims, await poolSigningKey()) });

    expect(reply.status).toBe(200);
  });

  it('rejects a token from another issuer', async () => {
    await expectUnauthorized(
      await sign({ ...claims, iss: `${twin().cognito.endpoint}/local_other` }, await poolSigningKey()),
    );
  });

  it('rejects a token whose token_use is neither access nor id', async () => {
    await expectUnauthorized(await sign({ ...claims, token_use: 'refresh' }, await poolSigningKey()));
  });

  it('rejects a real token issued to another app client of the same pool', async () => {
    const { cognito, demoUser } = twin();
    const other = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: cognito.userPoolId,
        ClientName: `other-client-${Date.now()}`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const otherClientId = other.UserPoolClient?.ClientId as string;
    try {
      const tokens = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: otherClientId,
          AuthParameters: { USERNAME: demoUser.email, PASSWORD: demoUser.password },
        }),
      );
      expect(decodeJwt(tokens.AuthenticationResult?.AccessToken as string).client_id).toBe(otherClientId);

      await expectUnauthorized(tokens.AuthenticationResult?.AccessToken);
      await expectUnauthorized(tokens.AuthenticationResult?.IdToken);
    } finally {
      await client.send(new DeleteUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientId: otherClientId }));
    }
  });
});
