import { InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import type { CognitoEmulator } from './cognito-emulator';
import { newPasswordIn, passwordPolicyViolation } from './password-policy-check';

/** An error answered the way Cognito answers it: 4xx, `__type` + `message`. */
export class CognitoReplyError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type CognitoOperation = (target: string, input: Record<string, unknown>) => Promise<unknown>;

/**
 * Cognito operations as the twin answers them: cognito-local's, except where it
 * differs from Cognito in ways clients depend on:
 * - the password policy is enforced (cognito-local stores any password);
 * - `GetTokensFromRefreshToken` (Amplify's refresh) is answered via REFRESH_TOKEN_AUTH;
 * - `ResendConfirmationCode` (missing in cognito-local) sends a new code through the custom-message trigger;
 * - confirming a sign-up or a reset with an emailed code marks the email verified.
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

  return async function operate(target, input) {
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
