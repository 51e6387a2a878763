import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { ApprovalDetailSchema, SentApprovalSchema } from '@shared/schemas/approvals';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { twinDocumentClient } from '../ai/ai-user';
import { sandbox } from '../meta-api/meta-user';
import { api } from '../twin-client';
import { readRecommendations } from '../optimizer/optimizer-setup';
import { agencyWithClient, send, type Person } from './agency-with-client';

/**
 * Client approvals of the optimizer's recommendations and the agent's proposals (issue 28, req 3 and 6) on the twin,
 * through the gateway and the real functions, against the sandbox's seeded demo account: with "require approval"
 * on, a recommendation applies only once an approval carrying it is approved; an approval of set A never applies
 * set B; a recommendation changed after its approval needs a new one; the client reads each change before → after.
 */
const doc = twinDocumentClient();
let agency: Person;
let client: Person;
let usdAccount: string;
let open: StoredRecommendation[];

const errorOf = async (reply: Response) =>
  ((await reply.json()) as { error: { code: string; details?: Record<string, string> } }).error;

/** Applies the recommendation's changes as proposed (or as `edit` makes them). */
const apply = (rec: StoredRecommendation, edit = (change: StoredRecommendation['changes'][0]['change']) => change) =>
  send(agency, `/api/optimizer/recommendations/${rec.id}/approve`, 'POST', {
    changes: rec.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: edit(c.change) })),
  });
const undo = (rec: StoredRecommendation) => send(agency, `/api/optimizer/recommendations/${rec.id}/undo`, 'POST', {});

/**
 * Proposals of the seeded account, each test its own so none depends on another's: the budget shift, and the A/B
 * losers (each pauses an ad).
 */
const budgetShift = () => open.find((r) => r.kind === 'budget_shift' && r.changes.length > 0)!;
const abLoser = (nth: number) => open.filter((r) => r.kind === 'ab_loser' && r.changes.length > 0)[nth]!;

async function sentFor(subject: unknown, via: 'link' | 'client') {
  const reply = await send(agency, '/api/approvals', 'POST', { subject, via });
  expect(reply.status).toBe(201);
  return SentApprovalSchema.parse(await reply.json());
}

beforeAll(async () => {
  // Applying changes the sandbox's world: start from the seeded one (integration files run one at a time).
  expect(
    (await fetch(`${sandbox()}/__admin/reset`, { method: 'POST', body: JSON.stringify({ world: true }) })).status,
  ).toBe(200);
  ({ agency, client, usdAccount } = await agencyWithClient('change-approvals'));
  const list = await readRecommendations(agency, usdAccount);
  open = list.data.filter((r) => r.status === 'proposed');
  expect((await send(agency, '/api/approvals/settings', 'PUT', { requireApproval: true })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  doc.destroy();
  for (const user of [agency, client]) if (user) await user.remove();
  await fetch(`${sandbox()}/__admin/reset`, { method: 'POST', body: JSON.stringify({ world: true }) });
});

describe('client approvals of recommendations and agent proposals', () => {
  it('set A approved by link applies A, as proposed; set B, unsent, does not apply', async () => {
    const [a, b] = [budgetShift(), abLoser(0)];
    expect(a && b).toBeTruthy();

    const unsent = await apply(a);
    expect(unsent.status).toBe(409);
    expect(await errorOf(unsent)).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approvalStatus: 'none' } });

    const sent = await sentFor({ kind: 'recommendations', recommendationIds: [a.id] }, 'link');
    // The client, with no account, reads each object's values now → after.
    const opened = ApprovalDetailSchema.parse(await (await api(`/api/approval-links/${sent.token}`)).json());
    expect(opened.changes).toHaveLength(1);
    expect(opened.changes![0]!.changes.map((c) => [c.objectId, c.before.dailyBudget, c.after.dailyBudget])).toEqual(
      a.changes.map((c) => [c.objectId, c.before.dailyBudget, c.change.dailyBudget]),
    );
    expect(await errorOf(await apply(a))).toMatchObject({ details: { approvalStatus: 'pending' } });

    const decided = await api(`/api/approval-links/${sent.token}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approved', name: 'Carla Client' }),
    });
    expect(decided.status).toBe(200);

    // A's approval says nothing of B, nor of values the client did not see.
    expect(await errorOf(await apply(b))).toMatchObject({ details: { approvalStatus: 'none' } });
    const edited = await apply(a, (change) => ({ dailyBudget: change.dailyBudget! + 100 }));
    expect(await errorOf(edited)).toMatchObject({ details: { approvalStatus: 'edited' } });

    const applied = await apply(a);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ status: 'applied', approvalId: sent.approval.id });
    expect((await undo(a)).status).toBe(200);
  });

  it('a recommendation changed after the client approved it needs a new approval', async () => {
    const rec = abLoser(1);
    const sent = await sentFor({ kind: 'recommendations', recommendationIds: [rec.id] }, 'client');
    const answer = await send(
      client,
      `/api/approvals/${sent.approval.id}/decision`,
      'POST',
      { decision: 'approved' },
      agency.sub,
    );
    expect(answer.status).toBe(200);

    // A new run finds the ad no longer running as it was (Meta changed it): the same recommendation, other values.
    const key = { user_id: agency.sub, recommendation_id: rec.id };
    const row = (await doc.send(new GetCommand({ TableName: localTableName('optimizerRecommendations'), Key: key })))
      .Item!;
    const changed: StoredRecommendation = {
      ...rec,
      changes: rec.changes.map((c) => ({ ...c, before: { ...c.before, status: 'PAUSED' } })),
    };
    await doc.send(
      new PutCommand({
        TableName: localTableName('optimizerRecommendations'),
        Item: { ...row, record: JSON.stringify(changed) },
      }),
    );
    expect(await errorOf(await apply(changed))).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      details: { approvalStatus: 'changed' },
    });
  });

  it('an agent’s proposal goes to the client in the app, who reads it and approves; then it applies', async () => {
    const base = abLoser(2);
    const proposal: StoredRecommendation = {
      ...base,
      id: `${base.id.split('.')[0]}.agent-proposal-${Date.now()}`,
      kind: 'agent_proposal',
      title: 'Pause the ad that lost its A/B test',
      status: 'proposed',
      proposedBy: { conversationId: 'conversation-1' },
    };
    await doc.send(
      new PutCommand({
        TableName: localTableName('optimizerRecommendations'),
        Item: {
          user_id: agency.sub,
          recommendation_id: proposal.id,
          status: 'proposed',
          record: JSON.stringify(proposal),
        },
      }),
    );
    const notAgent = await send(agency, '/api/approvals', 'POST', {
      subject: { kind: 'agent_proposal', recommendationId: base.id },
      via: 'client',
    });
    expect(notAgent.status).toBe(400);
    const bad = await send(agency, '/api/approvals', 'POST', { subject: { kind: 'recommendations' }, via: 'client' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).details).toHaveProperty(['body.subject.recommendationIds']);

    const sent = await sentFor({ kind: 'agent_proposal', recommendationId: proposal.id }, 'client');
    const read = await client.call(`/api/approvals/${sent.approval.id}`, {
      headers: { [WORKSPACE_HEADER]: agency.sub },
    });
    expect(read.status).toBe(200);
    const detail = ApprovalDetailSchema.parse(await read.json());
    expect(detail.approval.subject).toMatchObject({ kind: 'agent_proposal', name: proposal.title });
    expect(detail.changes![0]!.title).toBe(proposal.title);
    // The agency cannot approve its own proposal.
    expect(
      (await send(agency, `/api/approvals/${sent.approval.id}/decision`, 'POST', { decision: 'approved' })).status,
    ).toBe(403);
    const answer = await send(
      client,
      `/api/approvals/${sent.approval.id}/decision`,
      'POST',
      { decision: 'approved' },
      agency.sub,
    );
    expect(answer.status).toBe(200);
    const applied = await apply(proposal);
    expect(applied.status).toBe(200);
    expect((await applied.json()).approvalId).toBe(sent.approval.id);
    expect((await undo(proposal)).status).toBe(200);
  });

  it('the owner revokes a link, which then answers 410 like an expired one; a client cannot revoke', async () => {
    const sent = await sentFor({ kind: 'recommendations', recommendationIds: [abLoser(3).id] }, 'link');
    expect((await api(`/api/approval-links/${sent.token}`)).status).toBe(200);
    const byClient = await send(client, `/api/approvals/${sent.approval.id}/revoke`, 'POST', {}, agency.sub);
    expect(byClient.status).toBe(403);

    const revoked = await send(agency, `/api/approvals/${sent.approval.id}/revoke`, 'POST', {});
    expect(revoked.status).toBe(200);
    expect(ApprovalDetailSchema.parse(await revoked.json()).approval.status).toBe('revoked');
    const opened = await api(`/api/approval-links/${sent.token}`);
    expect(opened.status).toBe(410);
    expect((await errorOf(opened)).code).toBe('APPROVAL_LINK_INVALID');
    const decided = await api(`/api/approval-links/${sent.token}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approved', name: 'Carla Client' }),
    });
    expect(decided.status).toBe(410);
    expect((await send(agency, `/api/approvals/${sent.approval.id}/revoke`, 'POST', {})).status).toBe(409);
  });
});
