import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { UsageSchema } from '@shared/schemas/billing';
import { InvitationCreatedSchema, TeamSchema } from '@shared/schemas/team';
import { localTableName } from '@infra/twin/function-environment';
import { chat, confirmedUser, postJson, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser, eventually, mailboxMessages } from '../twin-client';

/**
 * Teams on the twin, through the gateway and the real functions: seats counted against the plan (pending
 * invitations included), the invitation email through the SES stand-in (the dev mailbox), acceptance only by the
 * invited address and only once, the member working in the owner's workspace (its plan and quotas), and a
 * removed member back in their own.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let owner: User;
let first: User;
let second: User;
let third: User;
let stranger: User;

beforeAll(async () => {
  [owner, first, second, third, stranger] = await Promise.all([
    confirmedUser(cognito, 'team-owner'),
    confirmedUser(cognito, 'team-first'),
    confirmedUser(cognito, 'team-second'),
    confirmedUser(cognito, 'team-third'),
    confirmedUser(cognito, 'team-stranger'),
  ]);
}, 60_000);

afterAll(async () => {
  doc.destroy();
  for (const user of [owner, first, second, third, stranger]) if (user) await deleteUser(cognito, user.email);
});

const brief = { product: 'Ceramic mugs', audience: 'remote workers', tone: 'friendly', variants: 1 };
const team = async (user: User) => TeamSchema.parse(await (await api('/api/team', { token: user.token })).json());
const invite = (email: string) => postJson('/api/team/invitations', owner.token, { email });
const accept = (user: User, token: string) => postJson('/api/team/accept', user.token, { token });
const usage = async (user: User) =>
  UsageSchema.parse(await (await api('/api/billing/usage', { token: user.token })).json());
const generationsUsed = async (user: User) =>
  (await usage(user)).limits.find((l) => l.key === 'aiGenerationsPerDay')!.used;

/** The owner on Pro, as billing's webhook records a paid subscription. */
const ownerOnPro = () =>
  doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: owner.sub,
        plan: 'pro',
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );

/** The token of the newest invitation link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await eventually(
    async () => (await mailboxMessages(email)).find((m) => m.kind === 'SES_SendEmail'),
    `the invitation email to ${email}`,
    10_000,
  );
  expect(mail.subject).toBe(`${owner.email} invited you to their Adsmith workspace`);
  const link = mail.links.find((l) => l.includes('/team/join?token='));
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

describe('teams and seats', () => {
  it('a Free owner cannot invite: 429 QUOTA_EXCEEDED with the seat limit and the plan allowing more', async () => {
    const reply = await invite(first.email);
    expect(reply.status).toBe(429);
    const body = (await reply.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    expect(body.error.details).toMatchObject({ quota: 'seats', limit: '1', plan: 'free', upgradeTo: 'pro' });
  });

  it('a Pro owner invites two; the third is refused (owner + 2 pending = 3 seats)', async () => {
    await ownerOnPro();
    for (const user of [first, second]) {
      const reply = await invite(user.email);
      expect(reply.status).toBe(201);
      const created = InvitationCreatedSchema.parse(await reply.json());
      expect(created.emailed).toBe(true);
    }
    const over = await invite(third.email);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { details: Record<string, string> } }).error.details).toMatchObject({
      quota: 'seats',
      limit: String(plans.pro.limits.seats),
      plan: 'pro',
      upgradeTo: 'agency',
    });
    const seats = (await usage(owner)).limits.find((l) => l.key === 'seats');
    expect(seats).toMatchObject({ used: 3, limit: 3, enforced: true });
  });

  it('only the invited address accepts, once; the member then works on the owner’s plan', async () => {
    const token = await mailedToken(first.email);
    const wrong = await accept(stranger, token);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('sign');

    const joined = await accept(first, token);
    expect(joined.status).toBe(200);
    const view = TeamSchema.parse(await joined.json());
    expect(view).toMatchObject({ role: 'member', plan: 'pro', ownerEmail: owner.email.toLowerCase() });

    // A retry by the same person (their reply was lost) answers the same team and holds no second seat.
    const replay = await accept(first, token);
    expect(replay.status).toBe(200);
    const again = TeamSchema.parse(await replay.json());
    expect(again.seats).toEqual(view.seats);
    expect(again.members.map((m) => m.email)).toEqual(view.members.map((m) => m.email));

    expect((await usage(first)).plan).toBe('pro');
    // Billing stays the owner's.
    const checkout = await postJson('/api/billing/checkout', first.token, { plan: 'agency', interval: 'monthly' });
    expect(checkout.status).toBe(403);
    expect(((await checkout.json()) as { error: { code: string } }).error.code).toBe('OWNER_ONLY');
  });

  it('a member’s AI generation counts against the workspace’s daily quota', async () => {
    const before = await generationsUsed(owner);
    expect((await postJson('/api/ai/ad-copy', first.token, brief)).status).toBe(200);
    expect(await generationsUsed(owner)).toBe(before + 1);
    // The chat widget's answers too: its function reads the token itself, and resolves the workspace as well.
    const answer = await chat(
      { messages: [{ role: 'user', content: 'What does the Pro plan include?' }] },
      first.token,
    );
    expect(answer.status).toBe(200);
    await answer.text();
    expect(await generationsUsed(owner)).toBe(before + 2);
    // At the workspace's limit, the member is refused too.
    const today = new Date().toISOString().slice(0, 10);
    await doc.send(
      new PutCommand({
        TableName: localTableName('quotaUsage'),
        Item: {
          user_id: owner.sub,
          counter: `aiGenerationsPerDay#${today}`,
          used: plans.pro.limits.aiGenerationsPerDay,
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
        },
      }),
    );
    const over = await postJson('/api/ai/ad-copy', first.token, brief);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { details: Record<string, string> } }).error.details).toMatchObject({
      quota: 'aiGenerationsPerDay',
      plan: 'pro',
    });
  });

  it('a removed member loses the workspace: back on their own (Free) with nothing of the owner’s', async () => {
    const removed = await api(`/api/team/members/${encodeURIComponent(first.sub)}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const after = TeamSchema.parse(await removed.json());
    expect(after.members.map((m) => m.email)).toEqual([owner.email.toLowerCase()]);
    // Workspace lookups are cached for a few seconds in a warm function.
    await eventually(
      async () => ((await usage(first)).plan === 'free' ? true : undefined),
      'the removed member back on their own plan',
      15_000,
    );
    expect((await team(first)).role).toBe('owner');
    expect(await generationsUsed(first)).toBe(0);
  });

  it('the freed seat takes a new invitation; a revoked link no longer works', async () => {
    const reply = await invite(third.email);
    expect(reply.status).toBe(201);
    const created = InvitationCreatedSchema.parse(await reply.json());
    const revoked = await api(`/api/team/invitations/${created.invitation.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    const token = new URL(created.link).searchParams.get('token')!;
    expect((await accept(third, token)).status).toBe(410);
  });
});
