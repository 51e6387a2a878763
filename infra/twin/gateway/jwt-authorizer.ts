import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

/** What API Gateway's JWT authorizer is configured with for the user pool. */
export interface JwtAuthorizerConfig {
  issuer: string;
  /** The app client ids allowed: checked against `aud` (ID tokens) or `client_id` (access tokens). */
  audience: readonly string[];
  /** Milliseconds since the epoch; tests move the clock. */
  now?: () => number;
}

export type AuthorizerResult =
  { ok: true; claims: JWTPayload; scopes: string[] | null } | { ok: false; reason: string };

/** Takes the token from `Authorization`, with or without the `Bearer ` prefix (API Gateway accepts both). */
export function tokenFromAuthorizationHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 ? token : null;
}

/**
 * The checks API Gateway makes after the signature: the token is an access or ID
 * token of an allowed client. Issuer, expiry and signature are jose's part.
 */
export function checkCognitoClaims(claims: JWTPayload, audience: readonly string[]): string | null {
  const tokenUse = claims.token_use;
  if (tokenUse === 'access') {
    return typeof claims.client_id === 'string' && audience.includes(claims.client_id)
      ? null
      : 'client_id is not an allowed audience';
  }
  if (tokenUse === 'id') {
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    return aud.some((a) => typeof a === 'string' && audience.includes(a)) ? null : 'aud is not an allowed audience';
  }
  return 'token_use is neither access nor id';
}

/** An access token's `scope` claim as the event's `scopes` list; null when it carries none. */
export function scopesOf(claims: JWTPayload): string[] | null {
  return typeof claims.scope === 'string' && claims.scope.length > 0 ? claims.scope.split(' ') : null;
}

/**
 * API Gateway's time checks: `exp` must be present and after now, `iat` present
 * and not after now, `nbf` (if present) not after now. jose checks `exp` and `nbf`
 * when they exist; presence of both and `iat` in the past are ours.
 */
export function checkTimeClaims(claims: JWTPayload, nowSeconds: number): string | null {
  if (typeof claims.exp !== 'number') return 'exp claim is missing';
  if (typeof claims.iat !== 'number') return 'iat claim is missing';
  if (claims.iat > nowSeconds) return 'iat is in the future';
  return null;
}

/**
 * The HTTP API JWT authorizer: RS256 signature against the pool's JWKS, issuer,
 * expiry and not-before, `exp` and `iat` required, then audience/client and token use.
 */
export function createJwtAuthorizer(config: JwtAuthorizerConfig) {
  const jwks = createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`));
  return async (token: string): Promise<AuthorizerResult> => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat'],
      });
      const problem =
        checkTimeClaims(payload, Math.floor((config.now?.() ?? Date.now()) / 1000)) ??
        checkCognitoClaims(payload, config.audience);
      return problem ? { ok: false, reason: problem } : { ok: true, claims: payload, scopes: scopesOf(payload) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return { ok: false, reason: error.code };
      throw error;
    }
  };
}
