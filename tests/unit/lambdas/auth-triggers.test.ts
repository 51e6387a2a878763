import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeAuthEmail } from '@lambdas/auth-custom-message/verification-email';
import { announceSignup } from '@lambdas/auth-post-confirmation/signup-event';

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

describe('post confirmation trigger', () => {
  const bus = mockClient(EventBridgeClient);
  beforeEach(() => bus.reset());

  const confirmation = (triggerSource: PostConfirmationTriggerEvent['triggerSource']) =>
    ({
      triggerSource,
      userName: 'u-1',
      request: { userAttributes: { sub: 'sub-1', email: 'ana@example.com', name: 'Ana Lima' } },
      response: {},
    }) as unknown as PostConfirmationTriggerEvent;

  it('puts a signup event (Slack) and a user_signup event (automation webhook) on the bus in one call', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }, { EventId: 'e2' }] });
    const sent = await announceSignup(confirmation('PostConfirmation_ConfirmSignUp'), {
      eventBridge: new EventBridgeClient({ region: 'eu-west-1' }),
      busName: 'adsmith-dev',
    });
    expect(sent).toBe(true);
    const entry = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(entry).toMatchObject({ Source: 'adsmith.app', DetailType: 'signup', EventBusName: 'adsmith-dev' });
    expect(JSON.parse(entry.Detail!)).toEqual({ email: 'ana@example.com', name: 'Ana Lima', userId: 'sub-1' });
    const webhookEntry = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![1]!;
    expect(webhookEntry.DetailType).toBe('user_signup');
    expect(JSON.parse(webhookEntry.Detail!)).toEqual({ email: 'ana@example.com', userId: 'sub-1' });
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(1);
  });

  it('does not announce a password-reset confirmation', async () => {
    const sent = await announceSignup(confirmation('PostConfirmation_ConfirmForgotPassword'), {
      eventBridge: new EventBridgeClient({ region: 'eu-west-1' }),
      busName: 'adsmith-dev',
    });
    expect(sent).toBe(false);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('tries a rejected entry once more, then fails loudly', async () => {
    bus.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'ThrottlingException' }, { EventId: 'e2' }],
    });
    await expect(
      announceSignup(confirmation('PostConfirmation_ConfirmSignUp'), {
        eventBridge: new EventBridgeClient({ region: 'eu-west-1' }),
        busName: 'b',
      }),
    ).rejects.toThrow(/ThrottlingException/);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(2);
    expect(bus.commandCalls(PutEventsCommand)[1]!.args[0].input.Entries).toHaveLength(1);
  });
});
