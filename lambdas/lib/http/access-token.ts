import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { authError } from '../errors';

/**
 * Verifies a Cognito access token where no API Gateway authorizer stands in front (a
 * function URL): RS256 against the pool's JWKS, issuer, expiry, `token_use` = access and
 * the web client's `client_id`, as the HTTP API's JWT authorizer checks them.
 */
export interface AccessTokenVerifierConfig {
  /** `https://cognito-idp.<region>.amazonaws.com/<pool id>` in AWS; the twin's Cognito front locally. */
  issuer: string;
  clientId: string;
  /** Tests pass a local key set. @default the issuer's /.well-known/jwks.json, cached */
  jwks?: JWTVerifyGetKey;
}

export interface VerifiedUser {
  sub: string;
}

export function accessTokenVerifier(config: AccessTokenVerifierConfig): (token: string) => Promise<VerifiedUser> {
  const jwks = config.jwks ?? createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (payload.token_use !== 'access' || payload.client_id !== config.clientId || typeof payload.sub !== 'string') {
        throw authError('This token was not issued to the Adsmith web app.');
      }
      return { sub: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw authError('Your session has expired. Please sign in again.');
      throw error;
    }
  };
}

/**
 * The bearer token of an `Authorization` header (or of `header`, lower case, as Lambda's events name
 * headers), or undefined when there is none.
 */
export function bearerToken(
  headers: Record<string, string | undefined> | undefined,
  header = 'authorization',
): string | undefined {
  const value = headers?.[header] ?? (header === 'authorization' ? headers?.Authorization : undefined);
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  if (!match) throw authError(`The ${header} header must be "Bearer <token>".`);
  return match[1];
}
