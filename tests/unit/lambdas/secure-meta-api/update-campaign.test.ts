import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { updateCampaign } from '@lambdas/secure-meta-api/update-campaign';
import { adAccounts, campaign, fakeSession, type GraphCall } from './fake-session';

const docMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
const eventBridge = new EventBridgeClient({ region: 'eu-west-1' });

/** A tiny Meta: one campaign whose fields change when POSTed to. */
function metaWith(initial: Record<string, unknown>) {
  let current = campaign(42, initial);
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/42' && call.method === 'GET') return current;
    if (call.path === '/42' && call.method === 'POST') {
      current = { ...current, ...call.params };
      return { success: true };
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

describe('updating a campaign', () => {
  beforeEach(() => {
    process.env.TABLE_CAMPAIGN_AUDIT = 'audit-table';
    docMock.reset();
    busMock.reset();
    docMock.on(PutCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: '1' }] });
  });

  it('pauses at Meta, audits before and after, announces it and drops the cache', async () => {
    const { session, calls, forgotten } = fakeSession(metaWith({}));
    const after = await updateCampaign(
      session,
      '42',
      { status: 'PAUSED' },
      { eventBridge, eventBusName: 'adsmith-test' },
    );

    expect(after.status).toBe('PAUSED');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/42',
      params: { status: 'PAUSED' },
    });
    const audit = docMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(audit.TableName).toBe('audit-table');
    expect(audit.Item).toMatchObject({
      user_id: 'user-1',
      campaign_id: '42',
      action: 'pause',
      before: { status: 'ACTIVE', dailyBudget: 5000 },
      after: { status: 'PAUSED', dailyBudget: 5000 },
    });
    const event = busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(event.DetailType).toBe('campaign');
    expect(JSON.parse(event.Detail!)).toMatchObject({ action: 'pause', campaignName: 'Campaign 42', budget: 5000 });
    expect(forgotten).toEqual(['user-1']);
  });

  it('re-budgets a daily budget in minor units', async () => {
    const { session, calls } = fakeSession(metaWith({}));
    const after = await updateCampaign(
      session,
      '42',
      { dailyBudget: 7500 },
      { eventBridge, eventBusName: 'adsmith-test' },
    );
    expect(after.dailyBudget).toBe(7500);
    expect(calls.find((c) => c.method === 'POST')!.params).toEqual({ daily_budget: 7500 });
  });

  it('refuses a budget kind the campaign does not use, before calling Meta', async () => {
    const { session, calls } = fakeSession(metaWith({ daily_budget: undefined, lifetime_budget: '90000' }));
    await expect(
      updateCampaign(session, '42', { dailyBudget: 100 }, { eventBridge, eventBusName: 'adsmith-test' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a campaign budget change when the budget lives on the ad sets', async () => {
    const { session } = fakeSession(metaWith({ daily_budget: undefined }));
    await expect(
      updateCampaign(session, '42', { dailyBudget: 100 }, { eventBridge, eventBusName: 'adsmith-test' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it("refuses a campaign of an ad account outside the user's connection", async () => {
    const { session, calls } = fakeSession(metaWith({ account_id: '222' }));
    await expect(
      updateCampaign(session, '42', { status: 'PAUSED' }, { eventBridge, eventBusName: 'adsmith-test' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(docMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('still reports success when only the notification fails', async () => {
    busMock.on(PutEventsCommand).rejects(new Error('bus down'));
    const { session } = fakeSession(metaWith({}));
    await expect(
      updateCampaign(session, '42', { status: 'PAUSED' }, { eventBridge, eventBusName: 'adsmith-test' }),
    ).resolves.toMatchObject({
      status: 'PAUSED',
    });
  });
});
