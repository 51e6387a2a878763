import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { CampaignDraftSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import { localTableName } from '@infra/twin/function-environment';
import { twinDocumentClient } from '../ai/ai-user';
import { readyToPublish } from './ready-to-publish';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * Issue 15 on the campaign generator: after a downgrade leaves a user holding more ad accounts than
 * their plan allows, publishing a new campaign waits (QUOTA_EXCEEDED, nothing created at Meta) until
 * they keep what the plan allows; then the same draft publishes.
 */

let user: FreshUser;
let usdAccount: string;
let draft: CampaignDraft;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json(reply: Response) {
  return { status: reply.status, headers: reply.headers, body: await reply.json() };
}

async function campaignsNamed(name: string) {
  const reply = await json(await user.call(`/api/meta/ad-accounts/${usdAccount}/campaigns`));
  expect(reply.status).toBe(200);
  return (reply.body.data as Array<{ id: string; name: string }>).filter((c) => c.name === name);
}

const publish = (key: string) =>
  user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
    method: 'POST',
    body: JSON.stringify({ publishKey: key }),
  });

beforeAll(async () => {
  user = await freshUser('cg-limit');
  await connectMeta(user);
  const accounts = await json(await user.call('/api/meta/ad-accounts'));
  usdAccount = (accounts.body.data as Array<{ id: string; currency: string }>).find((a) => a.currency === 'USD')!.id;
  const made = await json(
    await user.call('/api/campaign-generator/drafts', {
      method: 'POST',
      body: JSON.stringify({
        adAccountId: usdAccount,
        product: 'Handmade ceramic mugs',
        goal: 'traffic',
        landingUrl: 'https://shop.example.com/mugs',
        budgetType: 'daily',
        budgetAmount: 30,
        startDate: day(1),
        endDate: day(20),
        countries: ['US'],
        audience: 'Coffee lovers who buy handmade kitchenware',
      }),
    }),
  );
  expect(made.status).toBe(201);
  draft = await readyToPublish(user, usdAccount, CampaignDraftSchema.parse(made.body));
});

afterAll(async () => {
  await user.remove();
});

describe('campaign generator publish after a downgrade', () => {
  it('answers QUOTA_EXCEEDED above the plan’s ad-account limit, creating nothing, and publishes once the user keeps what the plan allows', async () => {
    const me = await json(await user.call('/api/me'));
    const held = [usdAccount, 'act_990000001', 'act_990000002'];
    expect(held.length).toBeGreaterThan(plans.free.limits.connectedAdAccounts);
    // Places held from a bigger plan, as a downgrade leaves them.
    await twinDocumentClient().send(
      new PutCommand({
        TableName: localTableName('quotaUsage'),
        Item: { user_id: me.body.uid, counter: 'connectedAdAccounts', members: new Set(held) },
      }),
    );

    const refused = await json(await publish('limit-try-0001'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { quota: 'connectedAdAccounts', plan: 'free', held: '3' },
    });
    expect(refused.body.error.message).toMatch(/Choose which to keep/);
    expect(await campaignsNamed(draft.plan.campaign.name)).toEqual([]);
    // Nothing was claimed: the draft is still a draft.
    const still = CampaignDraftSchema.parse(
      (await json(await user.call(`/api/campaign-generator/drafts/${draft.id}`))).body,
    );
    expect(still.publish).toBeUndefined();

    const kept = await user.call('/api/billing/ad-accounts', {
      method: 'PUT',
      body: JSON.stringify({ keep: [usdAccount] }),
    });
    expect(kept.status).toBe(200);

    const published = await json(await publish('limit-try-0002'));
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const campaignId = CampaignDraftSchema.parse(published.body).publish?.campaignId;
    expect(campaignId).toEqual(expect.any(String));
    expect(await campaignsNamed(draft.plan.campaign.name)).toEqual([expect.objectContaining({ id: campaignId })]);
  });
});
