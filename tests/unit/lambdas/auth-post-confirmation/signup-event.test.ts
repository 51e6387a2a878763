import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceSignup } from '@lambdas/auth-post-confirmation/signup-event';

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
