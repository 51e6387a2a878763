import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import {
  approvalDetail,
  decideByLink,
  saveApprovalSettings,
  sendForApproval,
  type ApprovalDeps,
} from '@lambdas/approvals/approvals';
import { assertChangesApproved } from '@lambdas/lib/approvals/change-gate';
import type { RequestUser } from '@lambdas/lib/http/request-user';
import { recordAttribute } from '@lambdas/lib/optimizer/recommendation-rows';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { startLocalAws } from '@tests/support/local-aws';

/**
 * Approvals of recommendations and agent proposals on the real tables in local DynamoDB: the client reads each
 * object's before → after as sent; with "require approval" on, applying is refused until an approval carrying
 * exactly that recommendation is approved, and again once it changes or its values are edited; set A's approval
 * never lets set B apply.
 */
const WORKSPACE = '22222222-2222-4333-8444-555555555555';
const agency: RequestUser = { sub: WORKSPACE, username: 'agency', role: 'owner', email: 'agency@example.com' };

function rec(id: string, kind: StoredRecommendation['kind'], dailyBudget: number): StoredRecommendation {
  return {
    id,
    kind,
    level: 'adset',
    objectId: `9${id.length}1`,
    objectName: `Ad set ${id}`,
    campaignId: '700',
    title: `Raise ${id}'s budget`,
    why: 'It reaches its budget every day at a low cost per result.',
    evidence: { costPerResult: 2 },
    expectedEffect: { metric: 'results_per_week', low: 1, expected: 2, high: 3 },
    valuePerWeek: 10,
    confidence: 0.8,
    changes: [
      {
        level: 'adset',
        objectId: `9${id.length}1`,
        objectName: `Ad set ${id}`,
        change: { dailyBudget },
        before: { status: 'ACTIVE', dailyBudget: 2000, lifetimeBudget: null },
      },
    ],
    adAccountId: 'act_5',
    currency: 'USD',
    status: 'proposed',
    generatedAt: '2026-11-28T10:00:00.000Z',
  };
}

describe('approvals of recommendations and agent proposals', () => {
  let local: Awaited<ReturnType<typeof startLocalAws>>;
  let deps: ApprovalDeps;
  const clock = Date.parse('2026-11-28T12:00:00Z');
  const put = (row: StoredRecommendation) =>
    local.doc.send(
      new PutCommand({
        TableName: localTableName('optimizerRecommendations'),
        Item: { user_id: WORKSPACE, recommendation_id: row.id, status: row.status, record: recordAttribute(row) },
      }),
    );
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );
  const gate = (row: StoredRecommendation, change = row.changes[0]!.change) =>
    assertChangesApproved(deps.approvals, WORKSPACE, row, [{ objectId: row.objectId, change }]);

  const a = rec('5.budget_limited_winner.a', 'budget_limited_winner', 2600);
  const b = rec('5.budget_limited_winner.bb', 'budget_limited_winner', 3000);
  const agent = rec('5.agent-proposal.ccc', 'agent_proposal', 2400);

  beforeAll(async () => {
    local = await startLocalAws();
    deps = {
      approvals: { doc: local.doc, table: localTableName('approvals') },
      drafts: { doc: local.doc, table: localTableName('campaignDrafts') },
      recommendations: { doc: local.doc, table: localTableName('optimizerRecommendations') },
      now: () => new Date(clock),
      announce: async () => undefined,
      siteUrl: 'https://app.example.com',
      sendEmail: null,
      defaultSenderName: async () => 'Northwind Media',
      warn: () => undefined,
    };
    await Promise.all([a, b, agent].map(put));
  });
  afterAll(() => local?.stop());

  it('applies freely while the setting is off', async () => {
    expect(await gate(a)).toBeUndefined();
  });

  it('the client reads each object before → after; set A’s approval applies A only, unedited', async () => {
    await saveApprovalSettings(deps, agency, { requireApproval: true });
    expect(await failure(gate(a))).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approvalStatus: 'none' } });

    const sent = await sendForApproval(deps, agency, {
      subject: { kind: 'recommendations', recommendationIds: [a.id] },
      via: 'link',
    });
    expect(sent.approval.subject).toMatchObject({ kind: 'recommendations', recommendationIds: [a.id] });
    const detail = await approvalDetail(deps, WORKSPACE, sent.approval.id);
    expect(detail.plan).toBeUndefined();
    expect(detail.changes?.[0]?.changes[0]).toMatchObject({
      before: { status: 'ACTIVE', dailyBudget: 2000 },
      after: { status: 'ACTIVE', dailyBudget: 2600 },
    });
    expect(await failure(gate(a))).toMatchObject({ details: { approvalStatus: 'pending' } });

    await decideByLink(deps, sent.token!, { decision: 'approved', comment: '', name: 'Client' });
    expect(await gate(a)).toBe(sent.approval.id);
    expect(await failure(gate(b))).toMatchObject({ details: { approvalStatus: 'none' } });
    expect(await failure(gate(a, { dailyBudget: 9000 }))).toMatchObject({ details: { approvalStatus: 'edited' } });
  });

  it('a recommendation changed after its approval needs a new one', async () => {
    const changed = { ...a, changes: [{ ...a.changes[0]!, change: { dailyBudget: 2800 } }] };
    expect(await failure(gate(changed))).toMatchObject({ details: { approvalStatus: 'changed' } });
  });

  it('an agent proposal is sent as one; a detector’s recommendation is not an agent proposal', async () => {
    expect(
      await failure(
        sendForApproval(deps, agency, { subject: { kind: 'agent_proposal', recommendationId: b.id }, via: 'link' }),
      ),
    ).toMatchObject({ code: 'VALIDATION_ERROR' });
    const sent = await sendForApproval(deps, agency, {
      subject: { kind: 'agent_proposal', recommendationId: agent.id },
      via: 'link',
    });
    expect(sent.approval.subject).toMatchObject({ kind: 'agent_proposal', name: agent.title });
    await decideByLink(deps, sent.token!, { decision: 'changes_requested', comment: 'Less', name: 'Client' });
    expect(await failure(gate(agent))).toMatchObject({ details: { approvalStatus: 'changes_requested' } });
  });

  it('refuses a recommendation that does not exist or is no longer open', async () => {
    const missing = sendForApproval(deps, agency, {
      subject: { kind: 'recommendations', recommendationIds: ['5.nothing'] },
      via: 'client',
    });
    expect(await failure(missing)).toMatchObject({ code: 'NOT_FOUND' });
    await put({ ...b, status: 'applied' });
    const applied = sendForApproval(deps, agency, {
      subject: { kind: 'recommendations', recommendationIds: [b.id] },
      via: 'client',
    });
    expect(await failure(applied)).toMatchObject({ code: 'CONFLICT' });
  });
});
