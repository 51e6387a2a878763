import { InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import type { CognitoEmulator } from './cognito-emulator';
import { CognitoReplyError } from './cognito-reply-error';
import { newPasswordIn, passwordPolicyViolation } from './password-policy-check';
import { softwareTokenMfa } from './software-token-mfa';

/**
 * The app client an access token was issued to. Read without checking the signature: it only picks
 * which client's rules apply; cognito-local then verifies the token itself and refuses a forged one.
 */
function clientIdOfAccessToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      client_id?: unknown;
    };
    return typeof payload.client_id === 'string' ? payload.client_id : undefined;
  } catch {
    return undefined;
  }
}

export type CognitoOperation = (target: string, input: Record<string, unknown>) => Promise<unknown>;

/**
 * Cognito operations as the twin answers them: cognito-local's, except where it
 * differs from Cognito in ways clients depend on:
 * - the password policy is enforced (cognito-local stores any password);
 * - `GetTokensFromRefreshToken` (Amplify's refresh) is answered via REFRESH_TOKEN_AUTH;
 * - `ResendConfirmationCode` (missing in cognito-local) sends a new code through the custom-message trigger;
 * - confirming a sign-up or a reset with an emailed code marks the email verified;
 * - an app client's write attributes (SignUp, UpdateUserAttributes) and auth flows (InitiateAuth) are enforced;
 * - access tokens are verified, and authenticator-app MFA behaves as Cognito's, including the operator's
 *   AdminSetUserMFAPreference (software-token-mfa.ts);
 * - UpdateUserPool applies UserAttributeUpdateSettings (keep the old email until the new one is verified).
 */
export function cognitoTwinOperations(emulator: CognitoEmulator): CognitoOperation {
  const { services } = emulator;
  const ctx = { logger: emulator.logger };
  const text = (value: unknown, field: string): string => {
    if (typeof value !== 'string' || value.length === 0) throw new InvalidParameterError(`${field} is required.`);
    return value;
  };

  async function markEmailVerified(clientId: string, username: string): Promise<void> {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await userPool.getUserByUsername(ctx, username);
    const email = user && attributeValue('email', user.Attributes);
    if (!user || !email) return;
    // Both attributes together: setting email alone would mark it unverified and send a code.
    await emulator.call('AdminUpdateUserAttributes', {
      UserPoolId: userPool.options.Id,
      Username: user.Username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
  }

  async function resendConfirmationCode(input: Record<string, unknown>): Promise<unknown> {
    const clientId = text(input.ClientId, 'ClientId');
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await userPool.getUserByUsername(ctx, text(input.Username, 'Username'));
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const deliveryDetails = selectAppropriateDeliveryMethod(userPool.options.AutoVerifiedAttributes ?? [], user);
    if (!deliveryDetails)
      throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = services.otp();
    const clientMetadata = input.ClientMetadata as Record<string, string> | undefined;
    await services.messages.deliver(
      ctx,
      'ResendCode',
      clientId,
      userPool.options.Id,
      user,
      code,
      clientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  }

  async function appClientOf(clientId: unknown) {
    if (typeof clientId !== 'string' || clientId.length === 0) return null;
    return services.cognito.getAppClient(ctx, clientId);
  }

  /** Cognito refuses, before anything else, an attribute the calling app client may not write. */
  async function assertWritable(clientId: unknown, attributes: unknown): Promise<void> {
    const appClient = await appClientOf(clientId);
    const writable = appClient?.WriteAttributes;
    if (!writable || !Array.isArray(attributes)) return;
    const names = attributes.map((a) => (a as { Name?: unknown }).Name);
    if (names.some((name) => typeof name !== 'string' || !writable.includes(name))) {
      throw new CognitoReplyError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
  }

  /** Sign-in flows an app client does not allow are refused, in Cognito's words. */
  async function assertFlowAllowed(input: Record<string, unknown>): Promise<void> {
    const flow = input.AuthFlow;
    const appClient = await appClientOf(input.ClientId);
    const allowed = appClient?.ExplicitAuthFlows;
    if (typeof flow !== 'string' || !allowed) return;
    const needed = flow === 'REFRESH_TOKEN' ? 'ALLOW_REFRESH_TOKEN_AUTH' : `ALLOW_${flow}`;
    if (!allowed.includes(needed)) {
      throw new CognitoReplyError('InvalidParameterException', `${flow} flow not enabled for this client`);
    }
  }

  const mfa = softwareTokenMfa(emulator);

  return async function operate(target, input) {
    await mfa.checkAccessToken(input);
    const newPassword = newPasswordIn(target, input);
    if (newPassword !== undefined) {
      const violation = passwordPolicyViolation(newPassword);
      if (violation) throw new CognitoReplyError('InvalidPasswordException', violation);
    }
    switch (target) {
      case 'GetTokensFromRefreshToken': {
        const result = (await emulator.call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: text(input.ClientId, 'ClientId'),
          AuthParameters: { REFRESH_TOKEN: text(input.RefreshToken, 'RefreshToken') },
          ClientMetadata: input.ClientMetadata,
        })) as { AuthenticationResult?: unknown };
        return { AuthenticationResult: result.AuthenticationResult };
      }
      case 'ResendConfirmationCode':
        return resendConfirmationCode(input);
      case 'SignUp':
        await assertWritable(input.ClientId, input.UserAttributes);
        return emulator.call(target, input);
      case 'UpdateUserAttributes':
        await assertWritable(clientIdOfAccessToken(input.AccessToken), input.UserAttributes);
        return emulator.call(target, input);
      case 'InitiateAuth':
        await assertFlowAllowed(input);
        return mfa.initiateAuth(input);
      case 'RespondToAuthChallenge':
        return mfa.isMfaChallenge(input.ChallengeName)
          ? mfa.respondToMfaChallenge(input)
          : emulator.call(target, input);
      case 'VerifySoftwareToken':
        return mfa.verifySoftwareToken(input);
      case 'UpdateUserPool':
        return mfa.updateUserPool(input);
      case 'AdminSetUserMFAPreference':
        return mfa.adminSetUserMfaPreference(input);
      case 'ConfirmSignUp':
      case 'ConfirmForgotPassword': {
        const result = await emulator.call(target, input);
        await markEmailVerified(text(input.ClientId, 'ClientId'), text(input.Username, 'Username'));
        return result;
      }
      default:
        return emulator.call(target, input);
    }
  };
}
