import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { ApprovalDetailSchema, ApprovalListSchema, SentApprovalSchema } from '@shared/schemas/approvals';
import { CampaignDraftSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { readyToPublish } from '../campaign-generator/ready-to-publish';
import { agencyWithClient, person, send, type Person } from './agency-with-client';
import { busEvents, slackRequests } from '../notifications/sink-client';
import { twinDocumentClient } from '../ai/ai-user';
import { api, eventually, mailboxMessages, uniqueEmail } from '../twin-client';

/**
 * Client approvals (issue 28, req 3 and 6) on the twin through the gateway and the real functions: with the
 * workspace's "require approval" on, a plan publishes only once approved as it is; a signed link opens one plan and
 * decides once, and is refused after it expires; a link for plan A neither reads nor approves plan B; the client
 * role answers in the app, the agency cannot approve its own plan.
 */
const doc = twinDocumentClient();
let agency: Person;
let client: Person;
let outsider: Person;
let usdAccount: string;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

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
  [{ agency, client, usdAccount }, outsider] = await Promise.all([
    agencyWithClient('approvals'),
    person('approvals-outsider'),
  ]);
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

  it('emails the link to the client from the agency’s name; the client follows it from the mailbox', async () => {
    const plan = await draft('Plan C');
    const to = uniqueEmail('approvals-client-inbox');
    const reply = await send(agency, '/api/approvals', 'POST', {
      subject: { kind: 'campaign_plan', draftId: plan.id },
      via: 'link',
      expiresInDays: 3,
      email: { to, senderName: 'Northwind Media' },
    });
    expect(reply.status).toBe(201);
    const sent = SentApprovalSchema.parse(await reply.json());
    expect(sent.email).toEqual({ to, sent: true });
    expect(sent.approval.emailedTo).toBe(to);

    const message = await eventually(async () => (await mailboxMessages(to))[0], 'the approval email');
    expect(message.kind).toBe('SES_SendEmail');
    expect(message.from).toMatch(/^"Northwind Media" </);
    expect(message.subject).toBe(`Northwind Media asks for your approval: ${plan.plan.campaign.name}`);
    expect(message.text).toContain('sent you a campaign plan (budget, schedule, audiences and ads)');
    const expiry = new Date(sent.approval.expiresAt!);
    expect(message.text).toContain(
      `expires on ${expiry.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    );
    // The link in the email opens this plan, without an account.
    const emailed = message.links.find((url) => url.includes('/approve/'))!;
    expect(emailed.endsWith(`/approve/${sent.token}`)).toBe(true);
    const opened = await link(emailed.split('/approve/')[1]!);
    expect(opened.status).toBe(200);
    expect(ApprovalDetailSchema.parse(await opened.json()).plan?.campaign.name).toBe(plan.plan.campaign.name);

    // Resend: the mailbox gets a fresh link from the same name; the first link answers as a withdrawn one.
    const resend = () => send(agency, `/api/approvals/${sent.approval.id}/resend`, 'POST', {});
    const resent = await resend();
    expect(resent.status).toBe(200);
    const fresh = SentApprovalSchema.parse(await resent.json());
    expect(fresh.email).toEqual({ to, sent: true });
    expect(fresh.approval.resends).toHaveLength(1);
    const second = await eventually(async () => (await mailboxMessages(to))[1], 'the resent approval email');
    expect(second.from).toMatch(/^"Northwind Media" </);
    expect(second.links.find((url) => url.includes('/approve/'))!.endsWith(`/approve/${fresh.token}`)).toBe(true);
    const old = await link(sent.token!);
    expect(old.status).toBe(410);
    expect((await errorOf(old)).message).toMatch(/withdrew this approval link and sent a new one/);
    expect((await link(fresh.token!)).status).toBe(200);
    // One resend per 10 minutes: the next one is told when to come back; the client may not resend at all.
    const again = await resend();
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await send(client, `/api/approvals/${sent.approval.id}/resend`, 'POST', {}, agency.sub)).status).toBe(403);
  }, 60_000);

  it('an email is validated: a bad address or sender name is refused naming the field, a client approval has no email', async () => {
    const subject = { kind: 'campaign_plan', draftId: planA.id };
    const badAddress = await send(agency, '/api/approvals', 'POST', {
      subject,
      via: 'link',
      email: { to: 'not-an-address', senderName: 'Northwind Media' },
    });
    expect(badAddress.status).toBe(400);
    expect((await errorOf(badAddress)).details).toHaveProperty(['body.email.to']);
    const badName = await send(agency, '/api/approvals', 'POST', {
      subject,
      via: 'link',
      email: { to: 'bea@example.com', senderName: 'Evil <spoof@example.com>' },
    });
    expect(badName.status).toBe(400);
    expect((await errorOf(badName)).details).toHaveProperty(['body.email.senderName']);
    const toClient = await send(agency, '/api/approvals', 'POST', {
      subject,
      via: 'client',
      email: { to: 'bea@example.com', senderName: 'Northwind Media' },
    });
    expect(toClient.status).toBe(400);
    expect((await errorOf(toClient)).details).toHaveProperty(['body.email']);
  });
});
