import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { ApprovalDetailSchema, ApprovalListSchema, SentApprovalSchema } from '@shared/schemas/approvals';
import { CampaignDraftSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import { InvitationCreatedSchema } from '@shared/schemas/team';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { readyToPublish } from '../campaign-generator/ready-to-publish';
import { connectMeta, type FreshUser } from '../meta-api/meta-user';
import { busEvents, slackRequests } from '../notifications/sink-client';
import { api, cognitoClient, deleteUser, eventually } from '../twin-client';

/**
 * Client approvals (issue 28, req 3 and 6) on the twin through the gateway and the real functions: with the
 * workspace's "require approval" on, a plan publishes only once approved as it is; a signed link opens one plan and
 * decides once, and is refused after it expires; a link for plan A neither reads nor approves plan B; the client
 * role answers in the app, the agency cannot approve its own plan.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type Person = Awaited<ReturnType<typeof confirmedUser>> & FreshUser;
let agency: Person;
let client: Person;
let outsider: Person;
let usdAccount: string;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function person(label: string): Promise<Person> {
  const user = await confirmedUser(cognito, label);
  const call = (path: string, init: RequestInit = {}) =>
    api(path, {
      ...init,
      token: user.token,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
  return { ...user, call, remove: () => deleteUser(cognito, user.email) };
}

const send = (user: Person, path: string, method: string, body: unknown, workspace?: string) =>
  user.call(path, {
    method,
    body: JSON.stringify(body),
    ...(workspace ? { headers: { [WORKSPACE_HEADER]: workspace } } : {}),
  });
const inWorkspace = (user: Person, path: string, workspace: string) =>
  user.call(path, { headers: { [WORKSPACE_HEADER]: workspace } });
/** The public link routes: no token at all. */
const link = (token: string, body?: unknown) =>
  api(`/api/approval-links/${token}${body === undefined ? '' : '/decision'}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
const errorOf = async (reply: Response) =>
  ((await reply.json()) as { error: { code: string; message: string; details?: Record<string, string> } }).error;

async function draft(name: string): Promise<CampaignDraft> {
  const reply = await send(agency, '/api/campaign-generator/drafts', 'POST', {
    adAccountId: usdAccount,
    product: `${name}: trail running shoes`,
    goal: 'traffic',
    landingUrl: 'https://shop.example.com/trail',
    budgetType: 'daily',
    budgetAmount: 40,
    startDate: tomorrow(),
    countries: ['US'],
    audience: 'Trail runners',
  });
  expect(reply.status).toBe(201);
  const made = CampaignDraftSchema.parse(await reply.json());
  made.plan.campaign.name = `${name} ${made.id.slice(0, 8)}`;
  return readyToPublish(agency, usdAccount, made);
}

const publish = (plan: CampaignDraft, key: string) =>
  send(agency, `/api/campaign-generator/drafts/${plan.id}/publish`, 'POST', { publishKey: key });

async function sendByLink(plan: CampaignDraft): Promise<{ id: string; token: string }> {
  const reply = await send(agency, '/api/approvals', 'POST', {
    subject: { kind: 'campaign_plan', draftId: plan.id },
    via: 'link',
  });
  expect(reply.status).toBe(201);
  const sent = SentApprovalSchema.parse(await reply.json());
  expect(sent.approval).toMatchObject({ status: 'pending', via: 'link', subject: { draftId: plan.id } });
  return { id: sent.approval.id, token: sent.token! };
}

let planA: CampaignDraft;
let planB: CampaignDraft;

beforeAll(async () => {
  [agency, client, outsider] = await Promise.all([
    person('approvals-agency'),
    person('approvals-client'),
    person('approvals-outsider'),
  ]);
  // Seats for the client's membership.
  await doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: agency.sub,
        plan: 'agency',
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );
  const invited = await send(agency, '/api/team/invitations', 'POST', { email: client.email, role: 'client' });
  expect(invited.status).toBe(201);
  const token = new URL(InvitationCreatedSchema.parse(await invited.json()).link).searchParams.get('token');
  expect((await send(client, '/api/team/accept', 'POST', { token })).status).toBe(200);
  await connectMeta(agency);
  const accounts = (await (await agency.call('/api/meta/ad-accounts')).json()) as {
    data: Array<{ id: string; currency: string }>;
  };
  usdAccount = accounts.data.find((a) => a.currency === 'USD')!.id;
  [planA, planB] = [await draft('Plan A'), await draft('Plan B')];
}, 120_000);

afterAll(async () => {
  doc.destroy();
  for (const user of [agency, client, outsider]) if (user) await user.remove();
});

describe('client approvals', () => {
  it('the setting is the admins’ to change; the client reads it nowhere and cannot turn it off', async () => {
    expect((await agency.call('/api/approvals/settings')).status).toBe(200);
    const refused = await send(client, '/api/approvals/settings', 'PUT', { requireApproval: false }, agency.sub);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('CLIENT_READ_ONLY');
    const on = await send(agency, '/api/approvals/settings', 'PUT', { requireApproval: true });
    expect(await on.json()).toEqual({ requireApproval: true });
    const bad = await send(agency, '/api/approvals/settings', 'PUT', { requireApproval: 'yes' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).details).toHaveProperty(['body.requireApproval']);
  });

  it('with the setting on, an unapproved plan does not publish', async () => {
    const reply = await publish(planA, 'approval-a-none');
    expect(reply.status).toBe(409);
    expect(await errorOf(reply)).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approvalStatus: 'none' } });
  });

  it('a link opens its one plan without an account, decides once, and then the plan publishes', async () => {
    const a = await sendByLink(planA);
    const b = await sendByLink(planB);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token is stored as its hash only.
    const stored = JSON.stringify(await agency.call(`/api/approvals?draftId=${planA.id}`).then((r) => r.json()));
    expect(stored).not.toContain(a.token);

    const opened = ApprovalDetailSchema.parse(await (await link(a.token)).json());
    expect(opened.approval.subject).toMatchObject({ draftId: planA.id, name: planA.plan.campaign.name });
    expect(opened.plan?.campaign.budget).toEqual(planA.plan.campaign.budget);
    expect(JSON.stringify(opened)).not.toContain(planB.id);
    expect((await publish(planA, 'approval-a-pending')).status).toBe(409);

    // Asking for changes says which; the field is named.
    const noComment = await link(a.token, { decision: 'changes_requested', name: 'Dana', comment: '' });
    expect(noComment.status).toBe(400);
    expect((await errorOf(noComment)).details).toHaveProperty(['body.comment']);

    const approved = await link(a.token, { decision: 'approved', name: 'Dana at the client', comment: 'Go ahead' });
    expect(approved.status).toBe(200);
    expect(ApprovalDetailSchema.parse(await approved.json()).approval).toMatchObject({
      status: 'approved',
      decidedBy: 'link',
      decidedByName: 'Dana at the client',
      comment: 'Go ahead',
    });
    // Single use: the link's decision is spent.
    const again = await link(a.token, { decision: 'changes_requested', name: 'Mallory', comment: 'Undo it' });
    expect(again.status).toBe(410);
    expect((await errorOf(again)).code).toBe('APPROVAL_LINK_INVALID');

    // Scope: approving A through A's link left B pending, and B still does not publish.
    const bList = ApprovalListSchema.parse(await (await agency.call(`/api/approvals?draftId=${planB.id}`)).json());
    expect(bList.items.map((item) => [item.id, item.status])).toEqual([[b.id, 'pending']]);
    expect(await errorOf(await publish(planB, 'approval-b-pending'))).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      details: { approvalStatus: 'pending' },
    });

    // Sent and answered, through the existing fan-out: the bus, then Slack.
    const name = planA.plan.campaign.name;
    for (const action of ['approval_requested', 'approval_approved'])
      await eventually(
        async () =>
          (await busEvents<{ action: string; campaignName: string }>('campaign')).find(
            ({ event }) => event.detail.action === action && event.detail.campaignName === name,
          ),
        `the ${action} event of ${name}`,
        15_000,
      );
    await eventually(
      async () => (await slackRequests()).find((r) => r.status === 200 && JSON.stringify(r.body).includes(name)),
      `a Slack post naming ${name}`,
      15_000,
    );

    const published = await publish(planA, 'approval-a-approved');
    expect(published.status).toBe(200);
    expect(CampaignDraftSchema.parse(await published.json()).publish?.status).toBe('published');
  }, 60_000);

  it('an unknown, malformed or expired link is refused before anything is shown', async () => {
    expect((await link('A'.repeat(43))).status).toBe(410);
    expect((await link('not-a-token')).status).toBe(400);
    const c = await sendByLink(planB);
    expect((await link(c.token)).status).toBe(200);
    // Seven days on: the row's expiry moved into the past, as time would.
    await doc.send(
      new UpdateCommand({
        TableName: localTableName('approvals'),
        Key: { workspace_id: agency.sub, item_key: `approval#${c.id}` },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await link(c.token);
    expect(expired.status).toBe(410);
    expect((await errorOf(expired)).message).toMatch(/expired/);
    expect((await link(c.token, { decision: 'approved', name: 'Late', comment: '' })).status).toBe(410);
  });

  it('the client answers in the app; the agency cannot approve its own plan; an edit after approval needs a new one', async () => {
    const sent = await send(agency, '/api/approvals', 'POST', {
      subject: { kind: 'campaign_plan', draftId: planB.id },
      via: 'client',
    });
    expect(sent.status).toBe(201);
    const { approval, token } = SentApprovalSchema.parse(await sent.json());
    expect(token).toBeUndefined();

    const seen = ApprovalListSchema.parse(await (await inWorkspace(client, '/api/approvals', agency.sub)).json());
    expect(seen.items.map((item) => item.id)).toContain(approval.id);
    const detail = await inWorkspace(client, `/api/approvals/${approval.id}`, agency.sub);
    expect(ApprovalDetailSchema.parse(await detail.json()).plan?.campaign.name).toBe(planB.plan.campaign.name);
    // Outside the agency's workspace the approval does not exist.
    expect((await inWorkspace(client, `/api/approvals/${approval.id}`, client.sub)).status).toBe(404);
    expect((await outsider.call(`/api/approvals/${approval.id}`)).status).toBe(404);
    expect((await inWorkspace(outsider, '/api/approvals', agency.sub)).status).toBe(403);

    const self = await send(agency, `/api/approvals/${approval.id}/decision`, 'POST', { decision: 'approved' });
    expect(self.status).toBe(403);
    const answered = await send(
      client,
      `/api/approvals/${approval.id}/decision`,
      'POST',
      { decision: 'approved', comment: 'Looks right' },
      agency.sub,
    );
    expect(answered.status).toBe(200);
    expect(ApprovalDetailSchema.parse(await answered.json()).approval).toMatchObject({
      status: 'approved',
      decidedBy: client.sub,
      comment: 'Looks right',
    });
    const twice = await send(
      client,
      `/api/approvals/${approval.id}/decision`,
      'POST',
      { decision: 'approved' },
      agency.sub,
    );
    expect(twice.status).toBe(409);

    // The plan changed after the approval: it needs a new one.
    const edited = structuredClone(planB.plan);
    edited.campaign.name = `${planB.plan.campaign.name} v2`;
    const saved = await send(agency, `/api/campaign-generator/drafts/${planB.id}`, 'PUT', { plan: edited });
    expect(saved.status).toBe(200);
    expect(await errorOf(await publish(planB, 'approval-b-changed'))).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      details: { approvalStatus: 'changed' },
    });
  }, 60_000);
});
