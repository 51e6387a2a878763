import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { EventDetail } from '@shared/events';
import type { PlanKey } from '@shared/plans';
import { AppError } from '@lambdas/lib/errors';
import type { RequestUser } from '@lambdas/lib/http/request-user';
import {
  attachClientWorkspace,
  leaveAgencyPlan,
  listClientWorkspaces,
  ownSubscriptionRenews,
} from '@lambdas/team/client-workspaces';
import { readTeam, type TeamDeps } from '@lambdas/team/team';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';
import { localTeamDeps } from '@tests/support/local-team-deps';

/**
 * Client workspaces on an Agency plan, on the real tables in local DynamoDB: a workspace whose own subscription still
 * renews is refused (409) until it is set to cancel, and a client workspace's owner takes it off the agency's plan
 * with the agency's detach's effects (own plan back, link gone, audited in both trails) and the agency told.
 */
let aws: LocalAws;
let clock = new Date('2026-11-23T10:00:00.000Z');
let n = 0;
const emails = new Map<string, { email: string; verified: boolean }>();
const announced: EventDetail<'clientDetached'>[] = [];

function person(email: string): RequestUser {
  const sub = `cw-user-${++n}-${Date.now()}`;
  emails.set(sub, { email, verified: true });
  return { sub, username: sub, role: 'owner' };
}

const deps = (): TeamDeps =>
  localTeamDeps({
    doc: aws.doc,
    now: () => clock,
    emails,
    sendInvitation: null,
    announceDetached: async (detail) => {
      announced.push(detail);
    },
  });

async function onPlan(user: RequestUser, plan: PlanKey, extra: Record<string, unknown> = {}) {
  await aws.doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: user.sub,
        plan,
        subscription_status: 'active',
        current_period_end: Math.floor(clock.getTime() / 1000) + 30 * 86400,
        ...extra,
      },
    }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const planRecord = async (user: RequestUser) =>
  (await aws.doc.send(new GetCommand({ TableName: localTableName('userPlans'), Key: { user_id: user.sub } }))).Item;

const auditActions = async (workspace: string) =>
  (
    await aws.doc.send(
      new QueryCommand({
        TableName: localTableName('campaignAudit'),
        KeyConditionExpression: 'user_id = :w AND begins_with(changed_at_id, :p)',
        ExpressionAttributeValues: { ':w': workspace, ':p': 'workspace-plan#' },
      }),
    )
  ).Items?.map((row) => `${row.action} by ${row.actor_id}`) ?? [];

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

describe('attaching a workspace whose own subscription still renews', () => {
  it('says which subscriptions Stripe would still charge', () => {
    const base = { user_id: 'w', plan: 'pro' as const, stripe_subscription_id: 'sub_1' };
    expect(ownSubscriptionRenews({ ...base, subscription_status: 'active' })).toBe(true);
    expect(ownSubscriptionRenews({ ...base, subscription_status: 'past_due' })).toBe(true);
    expect(ownSubscriptionRenews({ ...base, subscription_status: 'active', cancel_at_period_end: true })).toBe(false);
    expect(ownSubscriptionRenews({ ...base, subscription_status: 'canceled' })).toBe(false);
    expect(ownSubscriptionRenews({ user_id: 'w', plan: 'free' })).toBe(false);
  });

  it('is refused with 409 naming the plan, and nothing is written; once set to cancel, it attaches', async () => {
    const agency = person('agency@example.com');
    await onPlan(agency, 'agency');
    const staffer = person('staffer@example.com');
    await onPlan(staffer, 'pro', { stripe_subscription_id: 'sub_staffer', stripe_customer_id: 'cus_staffer' });
    // The staffer works in the agency's workspace as its admin and attaches their own.
    const asAdmin: RequestUser = { ...staffer, sub: agency.sub, actor: staffer.sub, role: 'admin' };

    const refused = await refusal(attachClientWorkspace(asAdmin, staffer.sub, deps()));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toMatch(/own Pro subscription still renews/);
    expect((await planRecord(staffer))?.billed_to).toBeUndefined();
    expect((await listClientWorkspaces(asAdmin, deps())).clients).toEqual([]);
    expect(await auditActions(agency.sub)).toEqual([]);

    await onPlan(staffer, 'pro', { stripe_subscription_id: 'sub_staffer', cancel_at_period_end: true });
    const attached = await attachClientWorkspace(asAdmin, staffer.sub, deps());
    expect(attached.clients.map((c) => c.id)).toEqual([staffer.sub]);
  });
});

describe('a client workspace’s owner leaves the agency’s plan', () => {
  it('gets its own plan back, leaves the agency’s list, is audited in both trails, and the agency is told', async () => {
    const agency = person('northwind@example.com');
    await onPlan(agency, 'agency');
    const client = person('bea@bakery.example.com');
    await onPlan(client, 'pro', { stripe_subscription_id: 'sub_bea', cancel_at_period_end: true });
    // Attached by its owner, working in the agency's workspace as its admin (one's own workspace only).
    await attachClientWorkspace({ ...client, sub: agency.sub, actor: client.sub, role: 'admin' }, client.sub, deps());
    expect((await planRecord(client))?.billed_to).toBe(agency.sub);
    clock = new Date(clock.getTime() + 60_000);
    expect((await readTeam(client, deps())).paidByAgency).toBe(true);

    const left = await leaveAgencyPlan(client, deps());
    expect(left.plan).toBe('pro');
    expect((await planRecord(client))?.billed_to).toBeUndefined();
    expect((await readTeam(client, deps())).paidByAgency).toBeUndefined();
    expect((await listClientWorkspaces(agency, deps())).clients).toEqual([]);
    for (const trail of [agency.sub, client.sub]) {
      expect(await auditActions(trail)).toEqual([
        `client_workspace_attach by ${client.sub}`,
        `client_workspace_detach by ${client.sub}`,
      ]);
    }
    expect(announced.at(-1)).toEqual({
      agencyId: agency.sub,
      clientId: client.sub,
      workspaceName: 'bea@bakery.example.com',
      detachedBy: 'bea@bakery.example.com',
      url: 'http://site.test/settings/team',
    });

    // Twice is nothing to leave; and only the owner leaves (a member working in it is refused).
    expect((await refusal(leaveAgencyPlan(client, deps()))).code).toBe('CONFLICT');
    const member: RequestUser = { ...agency, sub: client.sub, actor: agency.sub, role: 'admin' };
    expect((await refusal(leaveAgencyPlan(member, deps()))).code).toBe('OWNER_ONLY');
  });
});
