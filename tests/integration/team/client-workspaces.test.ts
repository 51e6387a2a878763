import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { plans, type PlanKey } from '@shared/plans';
import { UsageSchema } from '@shared/schemas/billing';
import { ClientWorkspacesSchema, WorkspaceChoiceSchema } from '@shared/schemas/team';
import { WORKSPACE_HEADER, type InvitedRole } from '@shared/workspace-roles';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { busEvents } from '../notifications/sink-client';
import { api, cognitoClient, deleteUser, eventually } from '../twin-client';

/**
 * Attaching workspaces to an Agency plan (issue 28, req 1), through the gateway and the real functions: the agency's
 * owner or admin attaches a workspace they own (a staffer's own) or a client workspace they administer; both then
 * draw on the agency's one pool and hit its limit together; a member cannot attach, nobody attaches another
 * person's workspace, a workspace whose own subscription still renews is refused, detaching gives the client its own
 * plan back (also when the client's owner leaves, the agency told), and a client never reads another client through
 * the pool.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let owner: User; // owns the agency workspace
let staffer: User; // admin of the agency, owns their own workspace
let member: User; // member of the agency
let outsider: User; // owns a workspace nobody else is in
let clientViewer: User; // member of one client workspace only
let made: string; // a client workspace the agency made

const LIMIT = plans.agency.limits.aiGenerationsPerDay;
const counter = () => `aiGenerationsPerDay#${new Date().toISOString().slice(0, 10)}`;

const call = (user: User, path: string, init: { method?: string; workspace?: string; body?: unknown } = {}) =>
  api(path, {
    method: init.method ?? 'GET',
    token: user.token,
    headers: { 'content-type': 'application/json', [WORKSPACE_HEADER]: init.workspace ?? user.sub },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const onPlan = (sub: string, plan: PlanKey, extra: Record<string, unknown> = {}) =>
  doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: sub,
        plan,
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
        ...extra,
      },
    }),
  );
/** A membership row as an accepted invitation writes it (the invitation flow has its own tests). */
const join = (person: User, workspace: string, role: InvitedRole, name?: string) =>
  doc.send(
    new PutCommand({
      TableName: localTableName('workspaceMemberships'),
      Item: {
        user_id: person.sub,
        workspace_id: workspace,
        role,
        email: person.email,
        owner_email: owner.email,
        ...(name ? { workspace_name: name } : {}),
        joined_at: new Date().toISOString(),
      },
    }),
  );
const attach = (user: User, workspaceId: string) =>
  call(user, '/api/workspaces/clients', { method: 'POST', workspace: owner.sub, body: { workspaceId } });
const detach = (user: User, workspaceId: string) =>
  call(user, `/api/workspaces/clients/${workspaceId}`, { method: 'DELETE', workspace: owner.sub });
const usage = async (user: User, workspace: string) => {
  const reply = await call(user, '/api/billing/usage', { workspace });
  expect(reply.status).toBe(200);
  return UsageSchema.parse(await reply.json());
};
const generate = (user: User, workspace: string) =>
  call(user, '/api/ai/ad-copy', {
    method: 'POST',
    workspace,
    body: { product: 'Trail running shoes', audience: 'weekend hikers', tone: 'friendly', variants: 1 },
  });
const setCounter = (holder: string, key: string, values: Record<string, unknown>) =>
  doc.send(
    new UpdateCommand({
      TableName: localTableName('quotaUsage'),
      Key: { user_id: holder, counter: key },
      UpdateExpression: `SET ${Object.keys(values)
        .map((k) => `#${k} = :${k}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])),
    }),
  );
const errorOf = async (reply: Response) => ((await reply.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  [owner, staffer, member, outsider, clientViewer] = await Promise.all([
    confirmedUser(cognito, 'attach-owner'),
    confirmedUser(cognito, 'attach-staffer'),
    confirmedUser(cognito, 'attach-member'),
    confirmedUser(cognito, 'attach-outsider'),
    confirmedUser(cognito, 'attach-viewer'),
  ]);
  await onPlan(owner.sub, 'agency');
  await Promise.all([join(staffer, owner.sub, 'admin'), join(member, owner.sub, 'member')]);
  const reply = await call(owner, '/api/workspaces', { method: 'POST', body: { name: 'Bakery' } });
  expect(reply.status).toBe(201);
  made = WorkspaceChoiceSchema.parse(await reply.json()).id;
  await join(clientViewer, made, 'member', 'Bakery');
}, 90_000);

afterAll(async () => {
  doc.destroy();
  await Promise.all(
    [owner, staffer, member, outsider, clientViewer].filter(Boolean).map((u) => deleteUser(cognito, u.email)),
  );
});

describe('client workspaces on an Agency plan', () => {
  it('a made client workspace is listed; a member cannot list, attach or detach', async () => {
    const listed = ClientWorkspacesSchema.parse(
      await (await call(owner, '/api/workspaces/clients', { workspace: owner.sub })).json(),
    );
    expect(listed.paying).toBe(true);
    expect(listed.clients.map((c) => [c.id, c.name])).toEqual([[made, 'Bakery']]);

    for (const reply of [
      await call(member, '/api/workspaces/clients', { workspace: owner.sub }),
      await attach(member, member.sub),
      await detach(member, made),
    ]) {
      expect(reply.status).toBe(403);
      expect((await errorOf(reply)).code).toBe('ADMINS_ONLY');
    }
  }, 60_000);

  it('another person’s workspace cannot be attached, nor one whose own subscription still renews', async () => {
    const foreign = await attach(owner, outsider.sub);
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).message).toMatch(/only a workspace you own/);
    // The staffer's own workspace, still on a renewing Pro subscription: it would be charged beside the agency.
    await onPlan(staffer.sub, 'pro', { stripe_subscription_id: 'sub_attach_test', stripe_customer_id: 'cus_x' });
    const renewing = await attach(staffer, staffer.sub);
    expect(renewing.status).toBe(409);
    expect((await errorOf(renewing)).message).toMatch(/Pro subscription still renews/);
    const record = await doc.send(
      new GetCommand({ TableName: localTableName('userPlans'), Key: { user_id: staffer.sub } }),
    );
    expect(record.Item?.billed_to).toBeUndefined();
  }, 60_000);

  it('two attached clients draw on the agency’s one pool and hit its limit together; detach restores the plan', async () => {
    // Cancelled at the period's end: Stripe charges it no more, so it may be attached.
    await onPlan(staffer.sub, 'pro', {
      stripe_subscription_id: 'sub_attach_test',
      stripe_customer_id: 'cus_x',
      cancel_at_period_end: true,
    });
    const attached = await attach(staffer, staffer.sub);
    expect(attached.status).toBe(200);
    const after = ClientWorkspacesSchema.parse(await attached.json());
    expect(after.clients.map((c) => c.id)).toEqual([made, staffer.sub]);
    expect((await usage(staffer, staffer.sub)).plan).toBe('agency');

    // Its own Checkout is refused while the agency pays for it.
    const checkout = await call(staffer, '/api/billing/checkout', {
      method: 'POST',
      body: { plan: 'agency', interval: 'monthly' },
    });
    expect(checkout.status).toBe(409);

    await setCounter(owner.sub, counter(), { used: LIMIT - 1 });
    expect((await generate(staffer, staffer.sub)).status).toBe(200);
    const second = await generate(owner, made);
    expect(second.status).toBe(429);
    expect((await generate(owner, owner.sub)).status).toBe(429);
    const own = await doc.send(
      new GetCommand({ TableName: localTableName('quotaUsage'), Key: { user_id: staffer.sub, counter: counter() } }),
    );
    expect(own.Item).toBeUndefined();

    const detached = await detach(owner, staffer.sub);
    expect(detached.status).toBe(200);
    expect(ClientWorkspacesSchema.parse(await detached.json()).clients.map((c) => c.id)).toEqual([made]);
    const back = await usage(staffer, staffer.sub);
    expect(back.plan).toBe('pro');
    expect(back.limits.find((l) => l.key === 'aiGenerationsPerDay')).toMatchObject({
      used: 0,
      limit: plans.pro.limits.aiGenerationsPerDay,
    });
    expect((await generate(staffer, staffer.sub)).status).toBe(200);

    // Both were audited in the agency's trail and the client's.
    for (const workspace of [owner.sub, staffer.sub]) {
      const rows = await doc.send(
        new QueryCommand({
          TableName: localTableName('campaignAudit'),
          KeyConditionExpression: 'user_id = :w AND begins_with(changed_at_id, :p)',
          ExpressionAttributeValues: { ':w': workspace, ':p': 'workspace-plan#' },
        }),
      );
      expect((rows.Items ?? []).map((r) => r.action)).toEqual(['client_workspace_attach', 'client_workspace_detach']);
      expect(rows.Items?.every((r) => r.actor_id === staffer.sub || r.actor_id === owner.sub)).toBe(true);
    }

    // Attached again, the staffer's workspace leaves by its owner's own decision: its own plan back, off the
    // agency's list, and the agency told through the fan-out. The agency's admin cannot do it for the client.
    expect((await attach(staffer, staffer.sub)).status).toBe(200);
    const team = await call(staffer, '/api/team');
    expect(((await team.json()) as { paidByAgency?: boolean }).paidByAgency).toBe(true);
    const leave = (user: User, workspace: string) =>
      call(user, '/api/workspaces/agency-plan/leave', { method: 'POST', workspace });
    const notOwner = await leave(staffer, owner.sub);
    expect(notOwner.status).toBe(403);
    expect((await errorOf(notOwner)).code).toBe('OWNER_ONLY');
    const left = await leave(staffer, staffer.sub);
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ plan: 'pro' });
    expect((await usage(staffer, staffer.sub)).plan).toBe('pro');
    const list = ClientWorkspacesSchema.parse(
      await (await call(owner, '/api/workspaces/clients', { workspace: owner.sub })).json(),
    );
    expect(list.clients.map((c) => c.id)).toEqual([made]);
    const news = await eventually(
      async () =>
        (await busEvents<{ agencyId: string; clientId: string }>('client_detached')).find(
          (e) => e.event.detail.clientId === staffer.sub,
        ),
      'the client_detached event',
    );
    expect(news.event.detail.agencyId).toBe(owner.sub);
    expect((await leave(staffer, staffer.sub)).status).toBe(409);
  }, 90_000);

  it('a client reads only its own part of the pool, and never another client', async () => {
    await setCounter(owner.sub, 'connectedAdAccounts', {
      members: new Set(['act_agency', `${made}/act_bakery`, `${staffer.sub}/act_other`]),
    });
    const bakery = (await usage(clientViewer, made)).limits.find((l) => l.key === 'connectedAdAccounts')!;
    expect(bakery).toMatchObject({ used: 3, limit: plans.agency.limits.connectedAdAccounts, held: ['act_bakery'] });
    const agency = (await usage(owner, owner.sub)).limits.find((l) => l.key === 'connectedAdAccounts')!;
    expect(agency.held).toEqual(['act_agency']);
    // Someone in one client cannot name the agency or another workspace, nor list the agency's clients.
    for (const workspace of [owner.sub, staffer.sub]) {
      const reply = await call(clientViewer, '/api/billing/usage', { workspace });
      expect(reply.status).toBe(403);
      expect((await errorOf(reply)).code).toBe('WORKSPACE_FORBIDDEN');
    }
    expect((await call(clientViewer, '/api/workspaces/clients', { workspace: made })).status).toBe(403);

    // Detaching gives the client's places back, and only its own.
    expect((await detach(owner, made)).status).toBe(200);
    const pool = await doc.send(
      new GetCommand({
        TableName: localTableName('quotaUsage'),
        Key: { user_id: owner.sub, counter: 'connectedAdAccounts' },
      }),
    );
    expect([...(pool.Item?.members as Set<string>)].sort()).toEqual(['act_agency', `${staffer.sub}/act_other`].sort());
    expect((await usage(clientViewer, made)).plan).toBe('free');
  }, 60_000);
});
