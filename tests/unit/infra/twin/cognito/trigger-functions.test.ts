import { describe, expect, it } from 'vitest';
import { buildTriggerEvent } from '@infra/twin/cognito/trigger-functions';

const common = {
  userPoolId: 'local_x',
  username: 'sub-1',
  clientId: 'client-1',
  userAttributes: { sub: 'sub-1', email: 'a@b.c', email_verified: 'false' },
};

describe('buildTriggerEvent (Cognito trigger events, version 1)', () => {
  it('builds a custom-message event with the code placeholder and empty response', () => {
    const event = buildTriggerEvent('us-east-1', {
      ...common,
      triggerSource: 'CustomMessage_SignUp',
      codeParameter: '{####}',
      usernameParameter: '{username}',
    });

    expect(event).toEqual({
      version: '1',
      region: 'us-east-1',
      userPoolId: 'local_x',
      userName: 'sub-1',
      callerContext: { awsSdkVersion: expect.any(String), clientId: 'client-1' },
      triggerSource: 'CustomMessage_SignUp',
      request: {
        userAttributes: common.userAttributes,
        codeParameter: '{####}',
        linkParameter: '{##Click Here##}',
        usernameParameter: null,
        clientMetadata: {},
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    });
  });

  it('reports the email verified in a post-confirmation event, as Cognito does after a code confirmation', () => {
    const event = buildTriggerEvent('us-east-1', { ...common, triggerSource: 'PostConfirmation_ConfirmSignUp' });

    expect(event).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: { userAttributes: { email_verified: 'true' } },
      response: {},
    });
  });

  it('builds a pre sign-up event with the attributes, validation data and a response that confirms nothing', () => {
    const event = buildTriggerEvent('us-east-1', {
      ...common,
      triggerSource: 'PreSignUp_SignUp',
      userAttributes: { email: 'a@b.c', name: 'Ada' },
    });

    expect(event).toMatchObject({
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'a@b.c', name: 'Ada' }, validationData: null, clientMetadata: {} },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });
  });

  it('refuses triggers the twin does not send', () => {
    expect(() =>
      buildTriggerEvent('us-east-1', { ...common, triggerSource: 'PostAuthentication_Authentication' }),
    ).toThrow(/PostAuthentication_Authentication/);
  });
});
