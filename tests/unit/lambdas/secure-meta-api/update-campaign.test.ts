import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { updateCampaign } from '@lambdas/secure-meta-api/update-campaign';
import { adAccounts, campaign, fakeSession, type GraphCall } from '../lib/meta-session/fake-session';

const docMock = mockClient(DynamoDBDocumentClient);

/** A tiny Meta: one campaign whose fields change when POSTed to; `failReadsAfterWrite` breaks the read-back. */
function metaWith(
  initial: Record<string, unknown>,
  options: { failReadsAfterWrite?: boolean; failWrite?: boolean } = {},
) {
  let current = campaign(42, initial);
  let written = false;
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/42' && call.method === 'GET') {
      if (written && options.failReadsAfterWrite) throw new Error('Meta did not answer');
      return current;
    }
    if (call.path === '/42' && call.method === 'POST') {
      if (options.failWrite) throw new Error('Meta refused');
      current = { ...current, ...call.params };
      written = true;
      return { success: true };
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

/** Every DynamoDB write in order, by table. */
function writes() {
  return docMock.calls().map((call) => {
    const input = call.args[0].input as { TableName: string; Item?: Record<string, unknown> };
    return { command: call.args[0].constructor.name, table: input.TableName, item: input.Item };
  });
}

describe('updating a campaign', () => {
  beforeEach(() => {
    process.env.TABLE_CAMPAIGN_AUDIT = 'audit-table';
    process.env.TABLE_CAMPAIGN_LOCKS = 'locks-table';
    process.env.TABLE_EVENT_OUTBOX = 'outbox-table';
    docMock.reset();
    docMock.on(PutCommand).resolves({});
    docMock.on(DeleteCommand).resolves({});
  });

  it('locks, audits pending then completed around the Meta write, puts the event in the outbox, unlocks', async () => {
    const { session, calls, forgotten } = fakeSession(metaWith({}));
    const after = await updateCampaign(session, '42', { status: 'PAUSED' });

    expect(after.status).toBe('PAUSED');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/42',
      params: { status: 'PAUSED' },
    });
    const order = writes().map((w) => `${w.command}:${w.table}:${(w.item?.status as string) ?? ''}`);
    expect(order).toEqual([
      'PutCommand:locks-table:',
      'PutCommand:audit-table:pending',
      'PutCommand:audit-table:completed',
      'PutCommand:outbox-table:',
      'DeleteCommand:locks-table:',
    ]);
    const [, pending, completed, outbox] = writes();
    expect(pending!.item).toMatchObject({
      user_id: 'user-1',
      campaign_id: '42',
      action: 'pause',
      before: { status: 'ACTIVE', dailyBudget: 5000 },
      requested: { status: 'PAUSED' },
    });
    expect(completed!.item).toMatchObject({
      changed_at_id: `${pending!.item!.changed_at_id as string}#completed`,
      pending_key: pending!.item!.changed_at_id,
      before: { status: 'ACTIVE', dailyBudget: 5000 },
      after: { status: 'PAUSED', dailyBudget: 5000 },
      after_source: 'meta',
    });
    expect(outbox!.item).toMatchObject({ source: 'adsmith.app', detail_type: 'campaign' });
    expect(JSON.parse(outbox!.item!.detail as string)).toMatchObject({
      action: 'pause',
      campaignName: 'Campaign 42',
      budget: 5000,
    });
    expect(forgotten).toEqual(['user-1']);
  });

  it('answers success with the requested values when reading back and evicting the cache fail after Meta accepted', async () => {
    const { session } = fakeSession(metaWith({}, { failReadsAfterWrite: true }));
    session.deps.cache.forget = () => Promise.reject(new Error('cache table unavailable'));
    const after = await updateCampaign(session, '42', { dailyBudget: 7500 });

    expect(after).toMatchObject({ id: '42', dailyBudget: 7500, status: 'ACTIVE' });
    const completed = writes().find((w) => w.item?.status === 'completed');
    expect(completed!.item).toMatchObject({ after: { dailyBudget: 7500 }, after_source: 'requested' });
    expect(writes().some((w) => w.table === 'outbox-table')).toBe(true);
  });

  it('still answers success when the audit outcome and the outbox writes fail after Meta accepted', async () => {
    docMock
      .on(PutCommand, { TableName: 'audit-table' })
      .resolvesOnce({})
      .rejects(new Error('throttled'))
      .on(PutCommand, { TableName: 'outbox-table' })
      .rejects(new Error('throttled'));
    const { session } = fakeSession(metaWith({}));
    await expect(updateCampaign(session, '42', { status: 'PAUSED' })).resolves.toMatchObject({ status: 'PAUSED' });
    expect(writes().at(-1)!.command).toBe('DeleteCommand');
  });

  it('records a failed outcome when Meta refuses, answers the error, sends no event and unlocks', async () => {
    const { session } = fakeSession(metaWith({}, { failWrite: true }));
    await expect(updateCampaign(session, '42', { status: 'PAUSED' })).rejects.toThrow('Meta refused');
    const statuses = writes().map((w) => w.item?.status);
    expect(statuses).toContain('pending');
    expect(statuses).toContain('failed');
    expect(writes().some((w) => w.table === 'outbox-table')).toBe(false);
    expect(writes().at(-1)!.command).toBe('DeleteCommand');
  });

  it('does not touch Meta when the pending audit row cannot be written', async () => {
    docMock.on(PutCommand, { TableName: 'audit-table' }).rejects(new Error('table down'));
    const { session, calls } = fakeSession(metaWith({}));
    await expect(updateCampaign(session, '42', { status: 'PAUSED' })).rejects.toThrow('table down');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('waits for another change to the same campaign, then answers 409 if it never ends', async () => {
    docMock
      .on(PutCommand, { TableName: 'locks-table' })
      .rejects(new ConditionalCheckFailedException({ message: 'held', $metadata: {} }));
    const { session, calls } = fakeSession(metaWith({}));
    await expect(
      updateCampaign(session, '42', { status: 'PAUSED' }, { lock: { waitMs: 50, sleep: async () => undefined } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(calls).toHaveLength(0);
  });

  it('refuses a budget kind the campaign does not use, before calling Meta or auditing', async () => {
    const { session, calls } = fakeSession(metaWith({ daily_budget: undefined, lifetime_budget: '90000' }));
    await expect(updateCampaign(session, '42', { dailyBudget: 100 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(writes().some((w) => w.table === 'audit-table')).toBe(false);
  });

  it('refuses a campaign budget change when the budget lives on the ad sets', async () => {
    const { session } = fakeSession(metaWith({ daily_budget: undefined }));
    await expect(updateCampaign(session, '42', { dailyBudget: 100 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("refuses a campaign of an ad account outside the user's connection", async () => {
    const { session, calls } = fakeSession(metaWith({ account_id: '222' }));
    await expect(updateCampaign(session, '42', { status: 'PAUSED' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(writes().some((w) => w.table === 'audit-table')).toBe(false);
  });
});
