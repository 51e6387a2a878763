import { importJWK, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { CognitoEmulator } from './cognito-emulator';
import { CognitoReplyError } from './cognito-reply-error';

/**
 * How long the Session of an MFA challenge stays valid: the app client's AuthSessionValidity, 3 minutes by default
 * (Cognito API reference, CreateUserPoolClient `AuthSessionValidity`: "the session token ... for an
 * authentication flow that requires ... MFA ... expires" after 3 to 15 minutes, default 3).
 */
const CHALLENGE_SESSION_MS = 3 * 60_000;
const MFA_CHALLENGES: ReadonlySet<string> = new Set(['SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE']);

interface ChallengeSession {
  clientId: string;
  username: string;
  expiresAt: number;
}

/**
 * What Cognito does around authenticator-app MFA that cognito-local does not:
 * - an access token is checked against the pool's signing key and expiry (cognito-local only decodes it, so any
 *   forged token would enrol, change or read any user);
 * - VerifySoftwareToken only marks the token verified; MFA is on once SetUserMFAPreference enables it (Cognito's
 *   GetUser reports an empty UserMFASettingList until then: aws-amplify/amplify-js#1226);
 * - the Session of an MFA challenge is the one InitiateAuth issued after the password, for that client and user,
 *   valid for AuthSessionValidity and used once (cognito-local accepts any Session with a right code, which would
 *   skip the password).
 */
export function softwareTokenMfa(emulator: CognitoEmulator) {
  const sessions = new Map<string, ChallengeSession>();
  const ctx = { logger: emulator.logger };
  let signingKey: Promise<CryptoKey | Uint8Array> | undefined;

  async function verifiedAccessToken(token: string): Promise<JWTPayload & { sub: string; client_id: string }> {
    signingKey ??= importJWK(emulator.publicJwk as Parameters<typeof importJWK>[0], 'RS256');
    try {
      const { payload } = await jwtVerify(token, await signingKey, { algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || typeof payload.sub !== 'string' || typeof payload.client_id !== 'string') {
        throw new CognitoReplyError('NotAuthorizedException', 'Invalid Access Token');
      }
      return payload as JWTPayload & { sub: string; client_id: string };
    } catch (error) {
      if (error instanceof CognitoReplyError) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw new CognitoReplyError('NotAuthorizedException', 'Access Token has expired');
      throw new CognitoReplyError('NotAuthorizedException', 'Invalid Access Token');
    }
  }

  async function userOf(clientId: string, username: string) {
    const userPool = await emulator.services.cognito.getUserPoolForClientId(ctx, clientId);
    return { userPool, user: await userPool.getUserByUsername(ctx, username) };
  }

  function remember(result: unknown, clientId: string, username: string): void {
    const { ChallengeName, Session } = (result ?? {}) as { ChallengeName?: string; Session?: string };
    if (ChallengeName && MFA_CHALLENGES.has(ChallengeName) && Session) {
      sessions.set(Session, { clientId, username, expiresAt: Date.now() + CHALLENGE_SESSION_MS });
    }
  }

  return {
    /** Refuses a call whose AccessToken is not one the pool signed (before cognito-local reads it). */
    async checkAccessToken(input: Record<string, unknown>): Promise<void> {
      if (input.AccessToken !== undefined) await verifiedAccessToken(String(input.AccessToken));
    },

    /** VerifySoftwareToken, leaving the user's MFA settings as they were (only the preference turns MFA on). */
    async verifySoftwareToken(input: Record<string, unknown>): Promise<unknown> {
      const token = await verifiedAccessToken(String(input.AccessToken));
      const before = (await userOf(token.client_id, token.sub)).user;
      const result = await emulator.call('VerifySoftwareToken', input);
      const { userPool, user } = await userOf(token.client_id, token.sub);
      if (user) {
        await userPool.saveUser(ctx, {
          ...user,
          UserMFASettingList: before?.UserMFASettingList,
          PreferredMfaSetting: before?.PreferredMfaSetting,
        });
      }
      return result;
    },

    /** InitiateAuth, remembering the Session of an MFA challenge for the user who gave the right password. */
    async initiateAuth(input: Record<string, unknown>): Promise<unknown> {
      const result = await emulator.call('InitiateAuth', input);
      const username = (result as { ChallengeParameters?: Record<string, string> }).ChallengeParameters
        ?.USER_ID_FOR_SRP;
      if (username) remember(result, String(input.ClientId), username);
      return result;
    },

    /** RespondToAuthChallenge for an MFA challenge: only with the Session issued for this client and user, once. */
    async respondToMfaChallenge(input: Record<string, unknown>): Promise<unknown> {
      const sessionId = typeof input.Session === 'string' ? input.Session : '';
      const session = sessions.get(sessionId);
      const responses = (input.ChallengeResponses ?? {}) as Record<string, unknown>;
      const { user } = await userOf(String(input.ClientId), String(responses.USERNAME ?? ''));
      if (!session || session.clientId !== input.ClientId || !user || user.Username !== session.username) {
        throw new CognitoReplyError('NotAuthorizedException', 'Invalid session for the user.');
      }
      if (session.expiresAt < Date.now()) {
        sessions.delete(sessionId);
        throw new CognitoReplyError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      }
      const result = await emulator.call('RespondToAuthChallenge', input);
      sessions.delete(sessionId);
      remember(result, session.clientId, session.username);
      return result;
    },

    /**
     * AdminSetUserMFAPreference (missing in cognito-local): the operator's side of SetUserMFAPreference, by pool and
     * user name, with the same rule that a factor is turned on only once the user verified it (API reference,
     * AdminSetUserMFAPreference and SoftwareTokenMfaSettingsType). The operator's recovery for a lost authenticator
     * app turns TOTP off with it (docs/deploying.md).
     */
    async adminSetUserMfaPreference(input: Record<string, unknown>): Promise<unknown> {
      const userPoolId = typeof input.UserPoolId === 'string' ? input.UserPoolId : '';
      const username = typeof input.Username === 'string' ? input.Username : '';
      if (!userPoolId || !username) {
        throw new CognitoReplyError('InvalidParameterException', 'UserPoolId and Username are required.');
      }
      const userPool = await emulator.services.cognito.getUserPool(ctx, userPoolId);
      const user = await userPool.getUserByUsername(ctx, username);
      if (!user) throw new CognitoReplyError('UserNotFoundException', 'User does not exist.');
      const software = input.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
      const verified = (user as { SoftwareTokenMfaConfiguration?: { Verified?: boolean } })
        .SoftwareTokenMfaConfiguration?.Verified;
      if (software?.Enabled && !verified) {
        throw new CognitoReplyError(
          'InvalidParameterException',
          'User does not have delivery config set to turn on SOFTWARE_TOKEN_MFA',
        );
      }
      const methods = new Set(user.UserMFASettingList ?? []);
      if (software?.Enabled === true) methods.add('SOFTWARE_TOKEN_MFA');
      if (software?.Enabled === false) methods.delete('SOFTWARE_TOKEN_MFA');
      const preferred = software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined;
      await userPool.saveUser(ctx, {
        ...user,
        UserMFASettingList: [...methods],
        PreferredMfaSetting: software ? preferred : user.PreferredMfaSetting,
      });
      return {};
    },

    isMfaChallenge: (name: unknown) => typeof name === 'string' && MFA_CHALLENGES.has(name),

    /** UpdateUserPool, also applying UserAttributeUpdateSettings (Cognito takes it; cognito-local drops it). */
    async updateUserPool(input: Record<string, unknown>): Promise<unknown> {
      const result = await emulator.call('UpdateUserPool', input);
      if (input.UserAttributeUpdateSettings) {
        const userPool = await emulator.services.cognito.getUserPool(ctx, String(input.UserPoolId));
        await userPool.updateOptions(ctx, {
          ...userPool.options,
          UserAttributeUpdateSettings: input.UserAttributeUpdateSettings as never,
        });
      }
      return result;
    },
  };
}
