import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cognitoTrigger } from '@lambdas/lib/http/cognito-trigger';
import { logger, metrics } from '@lambdas/lib/observability';
import { lambdaContext } from '@tests/support/http-event';

function confirmation(): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'pool',
    userName: 'ana@example.com',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    request: { userAttributes: { sub: 'sub-1', email: 'ana@example.com' } },
    response: {},
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cognitoTrigger', () => {
  it('returns the event the logic returns, with the user’s sub (never the email) on the log lines', async () => {
    // Prepare
    const appended = vi.spyOn(logger, 'appendKeys');
    const correlation = vi.spyOn(logger, 'setCorrelationId');
    const handler = cognitoTrigger<PostConfirmationTriggerEvent>(async (event) => event);
    const event = confirmation();

    // Act
    const result = await handler(event, lambdaContext);

    // Assess
    expect(result).toBe(event);
    expect(appended).toHaveBeenCalledWith({ userId: 'sub-1' });
    expect(correlation).not.toHaveBeenCalled();
  });

  it('sets up the instrumentation once per invocation and counts it', async () => {
    const addContext = vi.spyOn(logger, 'addContext');
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    const added = vi.spyOn(metrics, 'addMetric');
    const handler = cognitoTrigger<PostConfirmationTriggerEvent>(async (event) => event);

    await handler(confirmation(), lambdaContext);

    expect(addContext).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith('CognitoTriggers', 'Count', 1);
  });

  it('passes a thrown error on as Cognito’s answer (a refused sign-up) and resets the log keys', async () => {
    const reset = vi.spyOn(logger, 'resetKeys');
    const handler = cognitoTrigger<PreSignUpTriggerEvent>(async () => {
      throw new Error('Enter your name.');
    });
    const event = {
      ...confirmation(),
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'ana@example.com' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    } as PreSignUpTriggerEvent;

    await expect(handler(event, lambdaContext)).rejects.toThrow('Enter your name.');
    expect(reset).toHaveBeenCalled();
  });
});
