import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { buildPlan } from '@lambdas/campaign-generator/build-plan';
import {
  approvalDetail,
  decideByLink,
  decideInApp,
  openLink,
  resendLink,
  revoke,
  saveApprovalSettings,
  sendForApproval,
  type ApprovalDeps,
} from '@lambdas/approvals/approvals';
import { assertPlanApproved } from '@lambdas/lib/approvals/publish-gate';
import { planHash } from '@lambdas/lib/approvals/approval-store';
import type { RequestUser } from '@lambdas/lib/http/request-user';
import { CampaignBriefSchema, type CampaignPlan } from '@shared/schemas/campaign-plan';
import { startLocalAws } from '@tests/support/local-aws';

/**
 * Client approvals on the real tables in local DynamoDB with a clock the test moves: a link opens until the instant
 * it expires and decides once (two answers racing land one), its token opens its own approval only, the client role
 * alone answers in the app, and the publish gate lets through only a plan approved as it stands.
 */
const WORKSPACE = '11111111-2222-4333-8444-555555555555';
const OTHER = '99999999-2222-4333-8444-555555555555';
const DRAFT_A = 'aaaaaaaa-0000-4000-8000-000000000001';
const DRAFT_B = 'bbbbbbbb-0000-4000-8000-000000000002';
const DAY = 86_400_000;

const brief = CampaignBriefSchema.parse({
  adAccountId: 'act_1',
  product: 'Trail shoes',
  goal: 'traffic',
  landingUrl: 'https://shop.example.com',
  budgetType: 'daily',
  budgetAmount: 19.99,
  startDate: '2030-12-01',
  countries: ['US'],
  audience: 'Hikers',
});
const ad = {
  headline: 'Go further',
  primaryText: 'Light shoes.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW' as const,
  angle: 'benefit' as const,
};
function plan(name: string): CampaignPlan {
  const built = buildPlan(
    brief,
    {
      campaignName: name,
      adSets: [
        { name: 'Hikers', audienceSummary: 'x', interestKeywords: ['Hiking'], ageMin: 25, ageMax: 50, ads: [ad, ad] },
      ],
    },
    { adAccountId: 'act_1', currency: 'USD', minDailyBudgetMinor: 100, pageId: '10', pixelId: '7' },
    [[{ id: '1', name: 'Hiking' }]],
  );
  return built;
}

const agency: RequestUser = { sub: WORKSPACE, username: 'agency', role: 'owner', email: 'agency@example.com' };
const client: RequestUser = { sub: WORKSPACE, actor: 'client-sub', username: 'client', role: 'client' };

describe('client approvals', () => {
  let local: Awaited<ReturnType<typeof startLocalAws>>;
  let deps: ApprovalDeps;
  let clock = Date.parse('2026-11-28T12:00:00Z');
  const news: string[] = [];
  const emails: Array<{ to: string; link: string; senderName: string; expiresAt: string; name: string }> = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    local = await startLocalAws();
    deps = {
      approvals: { doc: local.doc, table: localTableName('approvals') },
      drafts: { doc: local.doc, table: localTableName('campaignDrafts') },
      recommendations: { doc: local.doc, table: localTableName('optimizerRecommendations') },
      now: () => new Date(clock),
      announce: async (item) => {
        news.push(`${item.action} ${item.name} ${item.workspaceId}`);
      },
      siteUrl: 'https://app.example.com',
      sendEmail: async (to, email) => {
        if (to.endsWith('@bounce.example.com')) throw new Error('MessageRejected: address is on the suppression list');
        emails.push({ to, ...email });
      },
      defaultSenderName: async (workspaceId) => `Reports name of ${workspaceId.slice(0, 8)}`,
      warn: (message, detail) => warnings.push(`${message} ${JSON.stringify(detail)}`),
    };
    for (const [id, name] of [
      [DRAFT_A, 'Plan A'],
      [DRAFT_B, 'Plan B'],
    ] as const) {
      const at = new Date(clock).toISOString();
      await local.doc.send(
        new PutCommand({
          TableName: localTableName('campaignDrafts'),
          Item: {
            user_id: WORKSPACE,
            draft_id: id,
            createdAt: at,
            updatedAt: at,
            brief,
            plan: plan(name),
            minDailyBudgetMinor: 100,
            issues: [],
            model: 'offline',
            offline: true,
          },
        }),
      );
    }
  });
  afterAll(() => local?.stop());

  const sendLink = (draftId: string, expiresInDays?: number) =>
    sendForApproval(deps, agency, {
      subject: { kind: 'campaign_plan', draftId },
      via: 'link',
      ...(expiresInDays ? { expiresInDays } : {}),
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => 'succeeded',
      (error: unknown) => error,
    );

  it('hashes a plan by its content, whatever the order of its keys', () => {
    const a = plan('Plan A');
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as CampaignPlan;
    expect(planHash(reordered)).toBe(planHash(a));
    expect(planHash({ ...a, campaign: { ...a.campaign, name: 'Plan A v2' } })).not.toBe(planHash(a));
  });

  it('reads a draft for its plan and publish status only: a brief of an older shape is sent, a published or broken plan is not', async () => {
    const putDraft = (id: string, fields: Record<string, unknown>) =>
      local.doc.send(
        new PutCommand({
          TableName: localTableName('campaignDrafts'),
          Item: { user_id: WORKSPACE, draft_id: id, createdAt: 'x', updatedAt: 'x', model: 'offline', ...fields },
        }),
      );
    const older = 'dddddddd-0000-4000-8000-000000000001';
    // A brief and fields this function never reads, in a shape today's brief schema refuses.
    await putDraft(older, { brief: { product: 'x' }, plan: plan('Plan C') });
    const sent = await sendLink(older);
    expect(sent.approval.subject).toMatchObject({ draftId: older, name: 'Plan C' });
    expect((await approvalDetail(deps, WORKSPACE, sent.approval.id)).plan).toEqual(plan('Plan C'));

    const published = 'dddddddd-0000-4000-8000-000000000002';
    const publish = { key: 'k', status: 'published', startedAt: 'x', steps: [] };
    await putDraft(published, { brief, plan: plan('Plan D'), publish });
    const sendDraft = (draftId: string) => failure(sendLink(draftId));
    expect(await sendDraft(published)).toMatchObject({ code: 'CONFLICT' });

    const broken = 'dddddddd-0000-4000-8000-000000000003';
    await putDraft(broken, { brief, plan: { ...plan('Plan E'), adSets: [] } });
    expect(await sendDraft(broken)).toBeInstanceOf(Error);
    expect(await sendDraft(broken)).not.toMatchObject({ code: 'CONFLICT' });
  });

  it('a link opens until the instant it expires, and not after', async () => {
    const sent = await sendLink(DRAFT_A, 7);
    expect(sent.approval.expiresAt).toBe(new Date(clock + 7 * DAY).toISOString());
    const start = clock;
    clock = start + 7 * DAY - 1;
    expect((await openLink(deps, sent.token!)).approval.id).toBe(sent.approval.id);
    clock = start + 7 * DAY;
    expect(await failure(openLink(deps, sent.token!))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    expect(
      await failure(decideByLink(deps, sent.token!, { decision: 'approved', comment: '', name: 'Late' })),
    ).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    clock = start;
  });

  it('a link decides once: of two answers racing, exactly one lands', async () => {
    const sent = await sendLink(DRAFT_A);
    const outcomes = await Promise.all([
      failure(decideByLink(deps, sent.token!, { decision: 'approved', comment: '', name: 'One' })),
      failure(decideByLink(deps, sent.token!, { decision: 'changes_requested', comment: 'No', name: 'Two' })),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome !== 'succeeded')).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    const stored = await approvalDetail(deps, WORKSPACE, sent.approval.id);
    expect(stored.approval.decidedBy).toBe('link');
    expect(['One', 'Two']).toContain(stored.approval.decidedByName);
  });

  it('a link opens its own approval only: deciding A leaves B pending, and a made-up token opens nothing', async () => {
    const a = await sendLink(DRAFT_A);
    const b = await sendLink(DRAFT_B);
    expect((await openLink(deps, a.token!)).plan?.campaign.name).toBe('Plan A');
    await decideByLink(deps, a.token!, { decision: 'approved', comment: '', name: 'Dana' });
    expect((await openLink(deps, b.token!)).approval.status).toBe('pending');
    expect(await failure(openLink(deps, 'x'.repeat(43)))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    // Another workspace's id names nothing here.
    expect(await failure(approvalDetail(deps, OTHER, a.approval.id))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a revoked link is refused like an expired one, and a revoked approval can no longer be answered', async () => {
    const sent = await sendLink(DRAFT_B);
    const revoked = await revoke(deps, agency, sent.approval.id);
    expect(revoked.approval).toMatchObject({ status: 'revoked', revokedBy: WORKSPACE });
    expect(await failure(openLink(deps, sent.token!))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    const answer = { decision: 'approved' as const, comment: '', name: 'Dana' };
    expect(await failure(decideByLink(deps, sent.token!, answer))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
    expect(await failure(revoke(deps, agency, sent.approval.id))).toMatchObject({ code: 'CONFLICT' });
    expect(news).toContain(`approval_revoked Plan B ${WORKSPACE}`);
  });

  it('in the app only the client answers, and only what was sent to the client', async () => {
    const sent = await sendForApproval(deps, agency, {
      subject: { kind: 'campaign_plan', draftId: DRAFT_B },
      via: 'client',
    });
    expect(sent.token).toBeUndefined();
    const answer = { decision: 'approved' as const, comment: '' };
    expect(await failure(decideInApp(deps, agency, sent.approval.id, answer))).toMatchObject({ code: 'FORBIDDEN' });
    const byLink = await sendLink(DRAFT_B);
    expect(await failure(decideInApp(deps, client, byLink.approval.id, answer))).toMatchObject({ code: 'NOT_FOUND' });
    const decided = await decideInApp(deps, client, sent.approval.id, {
      decision: 'changes_requested',
      comment: 'Cut',
    });
    expect(decided.approval).toMatchObject({ status: 'changes_requested', decidedBy: 'client-sub', comment: 'Cut' });
    expect(await failure(decideInApp(deps, client, sent.approval.id, answer))).toMatchObject({ code: 'CONFLICT' });
    expect(news).toContain(`approval_changes_requested Plan B ${WORKSPACE}`);
  });

  it('the publish gate: off lets all through; on, only a plan approved exactly as it stands', async () => {
    const fresh = 'cccccccc-0000-4000-8000-000000000003';
    const planC = plan('Plan C');
    const gate = (p: CampaignPlan) => failure(assertPlanApproved(deps.approvals, WORKSPACE, fresh, p));
    expect(await gate(planC)).toBe('succeeded');
    await saveApprovalSettings(deps, agency, { requireApproval: true });
    expect(await gate(planC)).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approvalStatus: 'none' } });
    // Drafts A and B: A was approved by link above, B's latest answer asked for changes.
    expect(await failure(assertPlanApproved(deps.approvals, WORKSPACE, DRAFT_A, plan('Plan A')))).toBe('succeeded');
    expect(await failure(assertPlanApproved(deps.approvals, WORKSPACE, DRAFT_A, plan('Plan A v2')))).toMatchObject({
      details: { approvalStatus: 'changed' },
    });
    expect(await failure(assertPlanApproved(deps.approvals, WORKSPACE, DRAFT_B, plan('Plan B')))).toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    // Another workspace's setting is its own.
    expect(await failure(assertPlanApproved(deps.approvals, OTHER, DRAFT_A, plan('Plan A')))).toBe('succeeded');
  });

  it('emails a link to the client from the agency’s name, records it, and reports a refused email without the token', async () => {
    const email = { to: 'bea@bakery.example.com', senderName: 'Northwind Media' };
    const sent = await sendForApproval(deps, agency, {
      subject: { kind: 'campaign_plan', draftId: DRAFT_A },
      via: 'link',
      expiresInDays: 3,
      email,
    });
    expect(sent.email).toEqual({ to: email.to, sent: true });
    expect(emails.at(-1)).toMatchObject({
      to: email.to,
      senderName: 'Northwind Media',
      name: 'Plan A',
      link: `https://app.example.com/approve/${sent.token}`,
      expiresAt: new Date(clock + 3 * DAY).toISOString(),
    });
    expect((await approvalDetail(deps, WORKSPACE, sent.approval.id)).approval.emailedTo).toBe(email.to);

    const refused = await sendForApproval(deps, agency, {
      subject: { kind: 'campaign_plan', draftId: DRAFT_A },
      via: 'link',
      email: { ...email, to: 'nobody@bounce.example.com' },
    });
    expect(refused.email).toEqual({ to: 'nobody@bounce.example.com', sent: false });
    expect(refused.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await approvalDetail(deps, WORKSPACE, refused.approval.id)).approval.emailedTo).toBeUndefined();
    expect(warnings.at(-1)).toContain('Approval link not emailed');
    expect(warnings.join('\n')).not.toContain(refused.token!);
  });

  it('an email with no From name comes from the workspace’s default name', async () => {
    const sent = await sendForApproval(deps, agency, {
      subject: { kind: 'campaign_plan', draftId: DRAFT_B },
      via: 'link',
      email: { to: 'bea@bakery.example.com' },
    });
    expect(sent.email).toEqual({ to: 'bea@bakery.example.com', sent: true });
    expect(emails.at(-1)).toMatchObject({ to: 'bea@bakery.example.com', senderName: 'Reports name of 11111111' });
  });

  describe('resending a link’s email', () => {
    const member: RequestUser = { sub: WORKSPACE, actor: 'member-sub', username: 'member', role: 'member' };
    const emailed = async () => {
      const sent = await sendForApproval(deps, agency, {
        subject: { kind: 'campaign_plan', draftId: DRAFT_A },
        via: 'link',
        expiresInDays: 3,
        email: { to: 'bea@bakery.example.com', senderName: 'Northwind Media' },
      });
      return { id: sent.approval.id, token: sent.token! };
    };

    it('sends a fresh link from the same name, revokes the old one, keeps the lifetime, and audits who resent it', async () => {
      const start = clock;
      const first = await emailed();
      clock = start + DAY;
      const resent = await resendLink(deps, member, first.id, {});
      expect(resent.email).toEqual({ to: 'bea@bakery.example.com', sent: true });
      expect(resent.token).not.toBe(first.token);
      expect(emails.at(-1)).toMatchObject({
        to: 'bea@bakery.example.com',
        senderName: 'Northwind Media',
        link: `https://app.example.com/approve/${resent.token}`,
        expiresAt: new Date(clock + 3 * DAY).toISOString(),
      });
      expect(resent.approval).toMatchObject({
        status: 'pending',
        expiresAt: new Date(clock + 3 * DAY).toISOString(),
        resends: [{ at: new Date(clock).toISOString(), by: 'member-sub', to: 'bea@bakery.example.com' }],
      });
      // The old link answers as a withdrawn one; the new one opens the plan and takes the answer.
      const old = await failure(openLink(deps, first.token));
      expect(old).toMatchObject({ code: 'APPROVAL_LINK_INVALID', message: expect.stringMatching(/withdrew/) });
      const answer = { decision: 'approved' as const, comment: '', name: 'Bea' };
      expect(await failure(decideByLink(deps, first.token, answer))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
      expect(news).toContain(`approval_resent Plan A ${WORKSPACE}`);
      expect((await decideByLink(deps, resent.token, answer)).approval.status).toBe('approved');
      // Answered: nothing left to resend.
      expect(await failure(resendLink(deps, agency, first.id, {}))).toMatchObject({ code: 'CONFLICT' });
      expect(warnings.join('\n')).not.toContain(resent.token);
      clock = start;
    });

    it('at most 3 resends, 10 minutes apart: 429 with the wait, then 409 once all are used', async () => {
      const start = clock;
      const first = await emailed();
      await resendLink(deps, agency, first.id, { to: 'bea@bakery-fixed.example.com' });
      clock = start + 9 * 60_000;
      const tooSoon = await failure(resendLink(deps, agency, first.id, {}));
      expect(tooSoon).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
      clock = start + 10 * 60_000;
      const second = await resendLink(deps, agency, first.id, {});
      // The corrected address is kept for the next resend.
      expect(second.email.to).toBe('bea@bakery-fixed.example.com');
      clock = start + 20 * 60_000;
      await resendLink(deps, agency, first.id, {});
      clock = start + 40 * 60_000;
      expect(await failure(resendLink(deps, agency, first.id, {}))).toMatchObject({ code: 'CONFLICT' });
      expect((await approvalDetail(deps, WORKSPACE, first.id)).approval.resends).toHaveLength(3);
      clock = start;
    });

    it('two resends racing rotate the link once', async () => {
      const first = await emailed();
      const outcomes = await Promise.all([
        failure(resendLink(deps, agency, first.id, {})),
        failure(resendLink(deps, agency, first.id, {})),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
      expect((await approvalDetail(deps, WORKSPACE, first.id)).approval.resends).toHaveLength(1);
    });

    it('refuses what has no link to email: a client approval, a link never emailed without an address', async () => {
      const toClient = await sendForApproval(deps, agency, {
        subject: { kind: 'campaign_plan', draftId: DRAFT_B },
        via: 'client',
      });
      expect(await failure(resendLink(deps, agency, toClient.approval.id, {}))).toMatchObject({ code: 'CONFLICT' });
      const bare = await sendLink(DRAFT_B);
      expect(await failure(resendLink(deps, agency, bare.approval.id, {}))).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { 'body.to': expect.any(String) },
      });
      // Given an address, a link that was only copied can be emailed (the copied one stops working).
      const now = await resendLink(deps, agency, bare.approval.id, { to: 'bea@bakery.example.com' });
      expect(now.email.sent).toBe(true);
      expect(await failure(openLink(deps, bare.token!))).toMatchObject({ code: 'APPROVAL_LINK_INVALID' });
      expect(await failure(resendLink(deps, agency, 'changes_0000000000000000', {}))).toMatchObject({
        code: 'NOT_FOUND',
      });
    });
  });
});
