import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { composeAuthEmail } from '@lambdas/auth-custom-message/verification-email';

function customMessageEvent(triggerSource: CustomMessageTriggerEvent['triggerSource']): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'pool',
    userName: 'f3b1-uuid',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'ana+ads@example.com', name: 'Ana <Lima>' },
      codeParameter: '{####}',
      usernameParameter: null,
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('custom message trigger', () => {
  it('turns the sign-up code into one link back to the site root, keeping the placeholder intact', () => {
    const out = composeAuthEmail(customMessageEvent('CustomMessage_SignUp'), 'https://ads.example.com');
    expect(out.response.emailSubject).toBe('Verify your Adsmith email');
    const message = out.response.emailMessage!;
    expect(message).toContain('https://ads.example.com/?mode=verifyEmail&username=ana%2Bads%40example.com&code={####}');
    // Cognito substitutes the placeholder once: it must appear exactly once.
    expect(message.split('{####}')).toHaveLength(2);
    expect(message).toContain('Ana &#60;Lima&#62;');
  });

  it('sends a resend the same link', () => {
    const out = composeAuthEmail(customMessageEvent('CustomMessage_ResendCode'), 'https://ads.example.com/');
    expect(out.response.emailMessage).toContain('https://ads.example.com/?mode=verifyEmail&');
  });

  it('links a password reset to /auth', () => {
    const out = composeAuthEmail(customMessageEvent('CustomMessage_ForgotPassword'), 'http://localhost:5173');
    expect(out.response.emailSubject).toBe('Reset your Adsmith password');
    expect(out.response.emailMessage).toContain(
      'http://localhost:5173/auth?mode=resetPassword&username=ana%2Bads%40example.com&code={####}',
    );
  });

  it('leaves other messages to Cognito', () => {
    const out = composeAuthEmail(customMessageEvent('CustomMessage_AdminCreateUser'), 'https://ads.example.com');
    expect(out.response.emailMessage).toBeNull();
  });
});
