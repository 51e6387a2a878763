import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { ClientTargets } from '@shared/schemas/agency-overview';
import type { InvitedRole } from '@shared/workspace-roles';
import { AppError } from '@lambdas/lib/errors';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { readTargets } from '@lambdas/lib/agency/targets-store';
import { OWN_WORKSPACE_NAME, readOverview, setTargets, type OverviewDeps } from '@lambdas/agency-overview/overview';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
let n = 0;
const clock = new Date('2026-11-10T12:00:00.000Z');
/** Each workspace's month so far, as its own Meta connection answers; a workspace absent here is not connected. */
const accounts = new Map<string, { spend: string; results: number; value?: number }>();
const graphCalls: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

function fakeGraph(workspaceId: string): GraphClient {
  const account = accounts.get(workspaceId);
  return {
    version: 'v26.0',
    async paginate(path: string, params: Record<string, unknown> | undefined, schema: { parse(v: unknown): unknown }) {
      graphCalls.push(`${workspaceId} ${path} ${String(params?.level)} ${String(params?.date_preset)}`);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      const row = {
        date_start: '2026-11-01',
        date_stop: '2026-11-10',
        account_currency: 'USD',
        spend: account!.spend,
        results: [{ indicator: 'actions:link_click', values: [{ value: String(account!.results) }] }],
        cost_per_result: [
          { indicator: 'actions:link_click', values: [{ value: String(Number(account!.spend) / account!.results) }] },
        ],
        ...(account!.value !== undefined
          ? { action_values: [{ action_type: 'omni_purchase', value: String(account!.value) }] }
          : {}),
      };
      return { items: [schema.parse(row)], pages: 1, hasMore: false };
    },
  } as unknown as GraphClient;
}

const deps = (): OverviewDeps => ({
  doc: aws.doc,
  memberships: localTableName('workspaceMemberships'),
  targets: { doc: aws.doc, table: localTableName('clientTargets') },
  graphFor: async (workspaceId) => {
    if (!accounts.has(workspaceId)) throw new AppError('META_NOT_CONNECTED');
    return fakeGraph(workspaceId);
  },
  now: () => clock,
});

function id(prefix: string) {
  return `${prefix}-${++n}-${Date.now()}`;
}

async function join(personId: string, workspaceId: string, role: InvitedRole, name: string) {
  await aws.doc.send(
    new PutCommand({
      TableName: localTableName('workspaceMemberships'),
      Item: {
        user_id: personId,
        workspace_id: workspaceId,
        role,
        email: `${personId}@example.test`,
        owner_email: `owner-of-${name}@example.test`,
        workspace_name: name,
        joined_at: clock.toISOString(),
      },
    }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const target = (over: Partial<ClientTargets> = {}): ClientTargets => ({
  adAccountId: 'act_100',
  monthlyBudget: 3000,
  targetCostPerResult: 10,
  ...over,
});

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

describe('agency overview', () => {
  it('lists the workspaces the person is in, and never one they are not', async () => {
    const agency = { sub: id('agency'), username: 'agency' };
    const [a, b, c] = [id('ws_a'), id('ws_b'), id('ws_c')];
    const outsider = id('outsider');
    await join(agency.sub, a, 'admin', 'Client A');
    await join(agency.sub, b, 'admin', 'Client B');
    await join(outsider, c, 'admin', 'Client C');
    accounts.set(a, { spend: '1000', results: 100 });
    accounts.set(b, { spend: '1000', results: 100 });
    accounts.set(c, { spend: '999', results: 1 });
    for (const ws of [a, b]) await setTargets(agency, ws, target(), deps());
    await setTargets({ sub: outsider, username: 'o' }, c, target(), deps());

    const overview = await readOverview(agency, deps());
    expect(overview.rows.map((r) => r.workspaceId).sort()).toEqual([a, agency.sub, b].sort());
    expect(overview.rows.find((r) => r.workspaceId === agency.sub)?.name).toBe(OWN_WORKSPACE_NAME);
    // A's figures are A's: spend 1000, 100 results, 10 per result, on target and on pace (day 10 of 30 of 3000).
    expect(overview.rows.find((r) => r.workspaceId === a)).toMatchObject({
      name: 'Client A',
      spend: 1000,
      results: 100,
      costPerResult: 10,
      offTarget: false,
      attention: 'on_track',
      pace: { day: 10, daysInMonth: 30, expectedSpend: 1000, ratio: 1, state: 'on_pace' },
    });
    expect(graphCalls.some((call) => call.startsWith(c))).toBe(false);
  });

  it('shows a client role its own workspace only', async () => {
    const client = { sub: id('client'), username: 'client' };
    const [mine, other] = [id('ws_mine'), id('ws_other')];
    await join(client.sub, mine, 'client', 'My shop');
    await join(id('agency'), other, 'admin', 'Other shop');
    accounts.set(mine, { spend: '100', results: 10 });
    const overview = await readOverview(client, deps());
    expect(overview.rows.map((r) => r.workspaceId).sort()).toEqual([client.sub, mine].sort());
    expect(overview.rows.find((r) => r.workspaceId === mine)?.role).toBe('client');
  });

  it('reads Meta once per workspace with targets, at most four at once, and sorts by what needs attention', async () => {
    const agency = { sub: id('agency'), username: 'agency' };
    const names = ['Calm', 'Costly', 'Overspent', 'Unset', 'Disconnected', 'Calm 2', 'Calm 3', 'Calm 4'];
    const ids = names.map((name) => id(`ws_${name}`));
    for (const [i, name] of names.entries()) await join(agency.sub, ids[i]!, 'admin', name);
    const figures: Record<string, { spend: string; results: number }> = {
      Calm: { spend: '1000', results: 100 },
      Costly: { spend: '1000', results: 50 },
      Overspent: { spend: '2000', results: 200 },
      'Calm 2': { spend: '1000', results: 100 },
      'Calm 3': { spend: '1000', results: 100 },
      'Calm 4': { spend: '1000', results: 100 },
    };
    for (const [i, name] of names.entries()) {
      if (figures[name]) accounts.set(ids[i]!, figures[name]);
      if (name !== 'Unset') await setTargets(agency, ids[i]!, target(), deps());
    }
    graphCalls.length = 0;
    mostInFlight = 0;
    const overview = await readOverview(agency, deps());
    // Seven with targets, one of them not connected (no Graph call); the agency's own workspace has none.
    expect(graphCalls).toHaveLength(6);
    expect(graphCalls.every((call) => call.includes('/act_100/insights account this_month'))).toBe(true);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(overview.rows.map((r) => [r.name, r.attention])).toEqual([
      ['Costly', 'off_target'],
      ['Overspent', 'off_pace'],
      ['Disconnected', 'error'],
      ['Calm', 'on_track'],
      ['Calm 2', 'on_track'],
      ['Calm 3', 'on_track'],
      ['Calm 4', 'on_track'],
      ['Unset', 'no_targets'],
      [OWN_WORKSPACE_NAME, 'no_targets'],
    ]);
    expect(overview.rows.find((r) => r.name === 'Disconnected')?.error).toBe('Not connected to Meta.');
  });

  it('computes ROAS from purchase value for a ROAS target', async () => {
    const agency = { sub: id('agency'), username: 'agency' };
    const ws = id('ws_roas');
    await join(agency.sub, ws, 'admin', 'Shop');
    accounts.set(ws, { spend: '1000', results: 10, value: 2500 });
    await setTargets(agency, ws, target({ targetCostPerResult: undefined, targetRoas: 3 }), deps());
    const shop = (await readOverview(agency, deps())).rows.find((r) => r.workspaceId === ws);
    expect(shop).toMatchObject({ roas: 2.5, offTarget: true, attention: 'off_target' });
  });
});

describe('setting targets', () => {
  it('is for the workspace owner and its admins only', async () => {
    const owner = { sub: id('owner'), username: 'owner' };
    const ws = id('ws_t');
    const [admin, member, client, stranger] = ['admin', 'member', 'client', 'stranger'].map((p) => ({
      sub: id(p),
      username: p,
    }));
    await join(admin!.sub, ws, 'admin', 'Client T');
    await join(member!.sub, ws, 'member', 'Client T');
    await join(client!.sub, ws, 'client', 'Client T');

    await setTargets(owner, owner.sub, target({ monthlyBudget: 500 }), deps());
    expect((await readTargets(deps().targets, owner.sub))?.monthlyBudget).toBe(500);
    await setTargets(admin!, ws, target({ monthlyBudget: 700 }), deps());
    expect((await readTargets(deps().targets, ws))?.monthlyBudget).toBe(700);

    expect(await refusal(setTargets(member!, ws, target(), deps()))).toBe('ADMINS_ONLY');
    expect(await refusal(setTargets(client!, ws, target(), deps()))).toBe('CLIENT_READ_ONLY');
    expect(await refusal(setTargets(stranger!, ws, target(), deps()))).toBe('WORKSPACE_FORBIDDEN');
    expect(await refusal(setTargets(stranger!, owner.sub, target(), deps()))).toBe('WORKSPACE_FORBIDDEN');
    expect((await readTargets(deps().targets, ws))?.monthlyBudget).toBe(700);
  });
});
