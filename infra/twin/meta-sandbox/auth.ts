import { GraphError, invalidToken } from './graph-error.js';
import { proofMatches, type AccessToken, type TokenStore } from './tokens.js';

/**
 * Who is calling: the user access token from `access_token` (query or body) or
 * an `Authorization: Bearer|OAuth` header, checked for expiry, revocation and
 * appsecret_proof with Meta's error codes and messages.
 */

export interface AppCredentials {
  appId: string;
  appSecret: string;
}

export function tokenFromRequest(
  params: Record<string, string | undefined>,
  authorization: string | undefined,
): string | undefined {
  if (params.access_token) return params.access_token;
  const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(authorization ?? '');
  return match?.[1]?.trim();
}

export function missingToken(): GraphError {
  return new GraphError(400, {
    message: 'An access token is required to request this resource.',
    type: 'OAuthException',
    code: 104,
  });
}

/** "Saturday, 21-Nov-26 12:00:00 PST": how Meta prints times in token errors (Pacific time). */
export function pacificTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      day: '2-digit',
      month: 'short',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

export function expiredTokenError(token: AccessToken, now: Date): GraphError {
  return invalidToken(
    `Error validating access token: Session has expired on ${pacificTime(token.expiresAt)}. The current time is ${pacificTime(now)}.`,
    463,
  );
}

const TOKEN_SHAPE = /^EAA[A-Za-z0-9]{100,}$/;

/** Problems of a token as debug_token reports them (null when it is fine). */
export function tokenProblem(
  store: TokenStore,
  app: AppCredentials,
  raw: string,
  now: Date,
): { error: GraphError; token?: AccessToken } | null {
  const token = store.find(raw);
  if (!token) {
    // A token of our shape we do not know was issued before a restart or reset:
    // Meta's answer for a session that no longer exists is 467.
    return {
      error: TOKEN_SHAPE.test(raw)
        ? invalidToken('Error validating access token: The session is invalid because the user logged out.', 467)
        : invalidToken('Invalid OAuth access token - Cannot parse access token'),
    };
  }
  if (token.appId !== app.appId)
    return { error: invalidToken('Error validating access token: The token does not belong to this app.'), token };
  if (token.revoked) {
    return {
      error: invalidToken(`Error validating access token: The user has not authorized application ${app.appId}.`, 458),
      token,
    };
  }
  if (store.isExpired(token)) return { error: expiredTokenError(token, now), token };
  return null;
}

/**
 * The user token of a Graph call, or a thrown Meta error. appsecret_proof is
 * checked whenever present, and demanded when the app requires it.
 */
export function authenticateUser(
  store: TokenStore,
  app: AppCredentials,
  params: Record<string, string | undefined>,
  authorization: string | undefined,
  requireProof: boolean,
  now: Date,
): AccessToken {
  const raw = tokenFromRequest(params, authorization);
  if (!raw) throw missingToken();
  if (raw.includes('|')) {
    throw new GraphError(400, {
      message: 'An active access token must be used to query information about the current user.',
      type: 'OAuthException',
      code: 2500,
    });
  }
  const problem = tokenProblem(store, app, raw, now);
  if (problem) throw problem.error;
  const proof = params.appsecret_proof;
  if (proof !== undefined && !proofMatches(raw, app.appSecret, proof)) {
    throw new GraphError(400, {
      message: 'Invalid appsecret_proof provided in the API argument',
      type: 'GraphMethodException',
      code: 100,
    });
  }
  if (proof === undefined && requireProof) {
    throw new GraphError(400, {
      message: 'API calls from the server require an appsecret_proof argument',
      type: 'GraphMethodException',
      code: 100,
    });
  }
  return store.find(raw)!;
}
