import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyOverviewSchema } from '@shared/schemas/agency-overview';
import { InvitationCreatedSchema } from '@shared/schemas/team';
import type { InvitedRole } from '@shared/workspace-roles';
import { localTableName } from '@infra/twin/function-environment';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';

/**
 * The agency overview on the twin, through the gateway and the real function with its grants: a person in
 * workspaces A and B sees A, B and their own, never C; a client of A sees A and their own; only an owner or admin
 * sets a workspace's targets; a workspace with targets but no Meta connection says so in its row.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let agency: User;
let ownerA: User;
let ownerB: User;
let ownerC: User;
let viewer: User;

function call(user: User, path: string, init: { method?: string; body?: unknown } = {}) {
  return api(path, {
    method: init.method ?? 'GET',
    token: user.token,
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function onAgencyPlan(user: User) {
  await doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: user.sub,
        plan: 'agency',
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );
}

async function join(owner: User, person: User, role: InvitedRole) {
  const invited = await call(owner, '/api/team/invitations', { method: 'POST', body: { email: person.email, role } });
  expect(invited.status).toBe(201);
  const token = new URL(InvitationCreatedSchema.parse(await invited.json()).link).searchParams.get('token');
  expect((await call(person, '/api/team/accept', { method: 'POST', body: { token } })).status).toBe(200);
}

const overviewOf = async (user: User) => {
  const reply = await call(user, '/api/agency/overview');
  expect(reply.status).toBe(200);
  return AgencyOverviewSchema.parse(await reply.json());
};
const errorOf = async (reply: Response) =>
  ((await reply.json()) as { error: { code: string; message: string; details?: Record<string, string> } }).error;
const targets = { adAccountId: 'act_1001', monthlyBudget: 3000, targetCostPerResult: 12 };

beforeAll(async () => {
  [agency, ownerA, ownerB, ownerC, viewer] = await Promise.all([
    confirmedUser(cognito, 'ov-agency'),
    confirmedUser(cognito, 'ov-a'),
    confirmedUser(cognito, 'ov-b'),
    confirmedUser(cognito, 'ov-c'),
    confirmedUser(cognito, 'ov-viewer'),
  ]);
  await Promise.all([ownerA, ownerB, ownerC].map(onAgencyPlan));
  await join(ownerA, agency, 'admin');
  await join(ownerB, agency, 'member');
  await join(ownerA, viewer, 'client');
}, 90_000);

afterAll(async () => {
  doc.destroy();
  for (const user of [agency, ownerA, ownerB, ownerC, viewer]) if (user) await deleteUser(cognito, user.email);
});

describe('agency overview', () => {
  it('lists the workspaces the person is in and no other', async () => {
    const ids = (await overviewOf(agency)).rows.map((r) => r.workspaceId).sort();
    expect(ids).toEqual([agency.sub, ownerA.sub, ownerB.sub].sort());
    const seenByViewer = (await overviewOf(viewer)).rows;
    expect(seenByViewer.map((r) => r.workspaceId).sort()).toEqual([viewer.sub, ownerA.sub].sort());
    expect(seenByViewer.find((r) => r.workspaceId === ownerA.sub)?.role).toBe('client');
    // C's owner sees their own only.
    expect((await overviewOf(ownerC)).rows.map((r) => r.workspaceId)).toEqual([ownerC.sub]);
  });

  it('lets an owner or admin set targets, and refuses a member, a client and a stranger', async () => {
    const put = (user: User, workspaceId: string, body: unknown = targets) =>
      call(user, `/api/agency/targets/${workspaceId}`, { method: 'PUT', body });
    const set = await put(agency, ownerA.sub);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual(targets);
    expect((await errorOf(await put(agency, ownerB.sub))).code).toBe('ADMINS_ONLY');
    expect((await errorOf(await put(viewer, ownerA.sub))).code).toBe('CLIENT_READ_ONLY');
    expect((await errorOf(await put(agency, ownerC.sub))).code).toBe('WORKSPACE_FORBIDDEN');
    const both = await put(ownerC, ownerC.sub, { ...targets, targetRoas: 3 });
    expect(both.status).toBe(400);
    expect(JSON.stringify(await errorOf(both))).toContain('targetRoas');
    const badAccount = await put(ownerC, ownerC.sub, { ...targets, adAccountId: '1001' });
    expect(badAccount.status).toBe(400);
    expect(JSON.stringify(await errorOf(badAccount))).toContain('adAccountId');

    // A has targets and no Meta connection: its row says so and comes before the rows without targets.
    const rows = (await overviewOf(agency)).rows;
    expect(rows[0]).toMatchObject({
      workspaceId: ownerA.sub,
      targets,
      attention: 'error',
      error: 'Not connected to Meta.',
    });
    expect(rows.slice(1).every((r) => r.attention === 'no_targets')).toBe(true);
  });
});
