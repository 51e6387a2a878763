import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDeclaration } from '@shared/routes';
import { InvitationCreatedSchema, TeamSchema, WorkspacesSchema } from '@shared/schemas/team';
import { routeRefusal, WORKSPACE_HEADER, type InvitedRole } from '@shared/workspace-roles';
import type { PlanKey } from '@shared/plans';
import { localTableName } from '@infra/twin/function-environment';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser, eventually } from '../twin-client';

/**
 * One person in several workspaces (issue 28, req 1 and 6), on the twin through the gateway and the real functions:
 * a person works in each workspace they name and only in it; naming one they do not belong to is refused on every
 * route of the routes table; a client is refused every route the table does not declare theirs; and a person
 * removed from a workspace can no longer name it.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let agencyPerson: User;
let clientA: User;
let clientB: User;
let clientViewer: User;
let outsider: User;

const onPlan = (user: User, plan: PlanKey) =>
  doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: user.sub,
        plan,
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );

/** A request by `user` working in `workspace` (the header the web's switcher sends). */
function call(user: User, path: string, init: { method?: string; workspace?: string; body?: unknown } = {}) {
  return api(path, {
    method: init.method ?? 'GET',
    token: user.token,
    headers: {
      ...(init.workspace ? { [WORKSPACE_HEADER]: init.workspace } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function join(owner: User, person: User, role: InvitedRole): Promise<void> {
  const invited = await call(owner, '/api/team/invitations', { method: 'POST', body: { email: person.email, role } });
  expect(invited.status).toBe(201);
  const token = new URL(InvitationCreatedSchema.parse(await invited.json()).link).searchParams.get('token');
  const accepted = await call(person, '/api/team/accept', { method: 'POST', body: { token } });
  expect(accepted.status).toBe(200);
  expect(TeamSchema.parse(await accepted.json()).role).toBe(role);
}

const errorCode = async (reply: Response) =>
  ((await reply.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code;

/** Every signed-in route keyed by a workspace that the gateway serves (streaming routes have their own URL). */
const workspaceRoutes = Object.entries(routes as Record<string, RouteDeclaration>).filter(
  ([, r]) => r.access === 'user' && r.workspace !== 'personal' && !r.stream,
);
const pathOf = (route: RouteDeclaration) => route.path.replace(/\{\w+\}/g, 'x1');

beforeAll(async () => {
  [agencyPerson, clientA, clientB, clientViewer, outsider] = await Promise.all([
    confirmedUser(cognito, 'ws-agency'),
    confirmedUser(cognito, 'ws-client-a'),
    confirmedUser(cognito, 'ws-client-b'),
    confirmedUser(cognito, 'ws-viewer'),
    confirmedUser(cognito, 'ws-outsider'),
  ]);
  // Different plans tell the workspaces apart in what their routes answer.
  await Promise.all([onPlan(clientA, 'pro'), onPlan(clientB, 'agency')]);
  await join(clientA, agencyPerson, 'admin');
  await join(clientB, agencyPerson, 'member');
  await join(clientA, clientViewer, 'client');
}, 90_000);

afterAll(async () => {
  doc.destroy();
  for (const user of [agencyPerson, clientA, clientB, clientViewer, outsider]) {
    if (user) await deleteUser(cognito, user.email);
  }
});

describe('one person, many workspaces', () => {
  it('works in each workspace the request names, with its plan, team and role, and in no other', async () => {
    const list = WorkspacesSchema.parse(await (await call(agencyPerson, '/api/workspaces')).json());
    expect(list.workspaces.map((w) => [w.id, w.role])).toEqual([
      [agencyPerson.sub, 'owner'],
      [clientA.sub, 'admin'],
      [clientB.sub, 'member'],
    ]);
    const planIn = async (workspace: string) =>
      ((await (await call(agencyPerson, '/api/billing', { workspace })).json()) as { plan: string }).plan;
    expect(await planIn(clientA.sub)).toBe('pro');
    expect(await planIn(clientB.sub)).toBe('agency');
    expect(await planIn(agencyPerson.sub)).toBe('free');
    const teamIn = async (workspace: string) =>
      TeamSchema.parse(await (await call(agencyPerson, '/api/team', { workspace })).json());
    const inA = await teamIn(clientA.sub);
    const inB = await teamIn(clientB.sub);
    expect(inA).toMatchObject({ role: 'admin', ownerEmail: clientA.email.toLowerCase() });
    expect(inB).toMatchObject({ role: 'member', ownerEmail: clientB.email.toLowerCase() });
    // Neither team shows anything of the other's.
    expect(JSON.stringify(inA)).not.toContain(clientB.sub);
    expect(JSON.stringify(inB)).not.toContain(clientA.sub);
    expect(inB.members.map((m) => m.email)).not.toContain(clientViewer.email.toLowerCase());
  });

  it('a workspace the person does not belong to is refused on every route of the routes table', async () => {
    expect(workspaceRoutes.length).toBeGreaterThan(80);
    const answered: string[] = [];
    for (const [name, route] of workspaceRoutes) {
      for (const foreign of [outsider.sub, clientViewer.sub]) {
        const reply = await call(agencyPerson, pathOf(route), {
          method: route.method,
          workspace: foreign,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        answered.push(`${name} ${reply.status} ${await errorCode(reply)}`);
      }
    }
    expect(answered.filter((line) => !line.endsWith(' 403 WORKSPACE_FORBIDDEN'))).toEqual([]);
  }, 180_000);

  it('a client is refused, across the routes table, every route not declared theirs', async () => {
    // What a client may read they do read, in the client's workspace: its connection status. Read before the loop,
    // which ends with the client leaving: after it, a 200 came only from the function's 5 s membership cache.
    const connection = await call(clientViewer, '/api/meta/connection', { workspace: clientA.sub });
    expect(connection.status).toBe(200);
    const wrong: string[] = [];
    // Leaving is a client's to do, and it ends their membership: it goes last, or every route after it would be
    // refused as a foreign workspace.
    const leavingLast = [...workspaceRoutes].sort(([a], [b]) => Number(a === 'leaveTeam') - Number(b === 'leaveTeam'));
    for (const [name, route] of leavingLast) {
      const reply = await call(clientViewer, pathOf(route), {
        method: route.method,
        workspace: clientA.sub,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      const code = await errorCode(reply);
      const refused = reply.status === 403 && code === 'CLIENT_READ_ONLY';
      if (refused !== (routeRefusal('client', route) !== undefined)) wrong.push(`${name}: ${reply.status} ${code}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('removed from a workspace, a person can no longer name it; their other workspaces are untouched', async () => {
    const removed = await call(clientB, `/api/team/members/${encodeURIComponent(agencyPerson.sub)}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    // Membership lookups are cached for a few seconds in a warm function.
    await eventually(
      async () => {
        const reply = await call(agencyPerson, '/api/billing', { workspace: clientB.sub });
        return reply.status === 403 && (await errorCode(reply)) === 'WORKSPACE_FORBIDDEN' ? true : undefined;
      },
      'the removed workspace refused',
      20_000,
    );
    const inA = await call(agencyPerson, '/api/billing', { workspace: clientA.sub });
    expect(((await inA.json()) as { plan: string }).plan).toBe('pro');
  });
});
