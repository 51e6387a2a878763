import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { plans } from '@shared/plans';
import { UsageSchema } from '@shared/schemas/billing';
import { WorkspaceChoiceSchema } from '@shared/schemas/team';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';

/**
 * An Agency plan pays for its client workspaces (issue 28, req 1): a client workspace draws its AI generations from
 * the agency's pool, counted once in the agency's counter (never again in the client's); a plan other than Agency
 * cannot hold client workspaces; another agency's pool is untouched; when the agency stops paying for Agency, the
 * client workspace is back on its own plan and counters.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let agency: User;
let otherAgency: User;
let pro: User;
let clientA: string;
let clientB: string;

const LIMIT = plans.agency.limits.aiGenerationsPerDay;
const brief = { product: 'Trail running shoes', audience: 'weekend hikers', tone: 'friendly', variants: 1 };
const today = () => new Date().toISOString().slice(0, 10);
const counter = () => `aiGenerationsPerDay#${today()}`;

const call = (user: User, path: string, init: { method?: string; workspace?: string; body?: unknown } = {}) =>
  api(path, {
    method: init.method ?? 'GET',
    token: user.token,
    headers: {
      'content-type': 'application/json',
      [WORKSPACE_HEADER]: init.workspace ?? user.sub,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const onPlan = (sub: string, plan: 'pro' | 'agency') =>
  doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: sub,
        plan,
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );
const used = async (holder: string) =>
  (
    await doc.send(
      new GetCommand({ TableName: localTableName('quotaUsage'), Key: { user_id: holder, counter: counter() } }),
    )
  ).Item?.used as number | undefined;
const usage = async (user: User, workspace: string) =>
  UsageSchema.parse(await (await call(user, '/api/billing/usage', { workspace })).json());
const generations = (u: Awaited<ReturnType<typeof usage>>) => u.limits.find((l) => l.key === 'aiGenerationsPerDay')!;
const generate = (user: User, workspace: string) =>
  call(user, '/api/ai/ad-copy', { method: 'POST', workspace, body: brief });

beforeAll(async () => {
  [agency, otherAgency, pro] = await Promise.all([
    confirmedUser(cognito, 'pool-agency'),
    confirmedUser(cognito, 'pool-other-agency'),
    confirmedUser(cognito, 'pool-pro'),
  ]);
  await Promise.all([onPlan(agency.sub, 'agency'), onPlan(otherAgency.sub, 'agency'), onPlan(pro.sub, 'pro')]);
  const make = async (name: string) => {
    const made = await call(agency, '/api/workspaces', { method: 'POST', body: { name } });
    expect(made.status).toBe(201);
    return WorkspaceChoiceSchema.parse(await made.json()).id;
  };
  clientA = await make('Pool Client A');
  clientB = await make('Pool Client B');
}, 90_000);

afterAll(async () => {
  doc.destroy();
  await Promise.all([agency, otherAgency, pro].filter(Boolean).map((u) => deleteUser(cognito, u.email)));
});

describe('an Agency plan’s pool', () => {
  it('a plan other than Agency cannot hold client workspaces', async () => {
    const refused = await call(pro, '/api/workspaces', { method: 'POST', body: { name: 'Not mine to hold' } });
    expect(refused.status).toBe(403);
  });

  it('client workspaces draw AI generations from the agency’s pool, counted once, and share its end', async () => {
    expect((await generate(agency, clientA)).status).toBe(200);
    // Counted in the agency's counter, not the client's (once, never twice).
    expect(await used(agency.sub)).toBe(1);
    expect(await used(clientA)).toBeUndefined();
    // Every workspace of the pool reads the same figure.
    for (const workspace of [agency.sub, clientA, clientB]) {
      expect(generations(await usage(agency, workspace))).toMatchObject({ used: 1, limit: LIMIT });
    }

    // The pool's last generation, taken in one client, is gone for the other client and the agency itself.
    await doc.send(
      new UpdateCommand({
        TableName: localTableName('quotaUsage'),
        Key: { user_id: agency.sub, counter: counter() },
        UpdateExpression: 'SET #used = :used',
        ExpressionAttributeNames: { '#used': 'used' },
        ExpressionAttributeValues: { ':used': LIMIT - 1 },
      }),
    );
    expect((await generate(agency, clientA)).status).toBe(200);
    const overB = await generate(agency, clientB);
    expect(overB.status).toBe(429);
    expect(((await overB.json()) as { error: { details: Record<string, string> } }).error.details).toMatchObject({
      quota: 'aiGenerationsPerDay',
      plan: 'agency',
    });
    expect((await generate(agency, agency.sub)).status).toBe(429);
    expect(await used(agency.sub)).toBe(LIMIT);
    expect(await used(clientB)).toBeUndefined();

    // Another agency's pool is its own.
    expect((await generate(otherAgency, otherAgency.sub)).status).toBe(200);
    expect(await used(otherAgency.sub)).toBe(1);
  }, 60_000);

  it('when the agency leaves the Agency plan, its client workspaces are back on their own plan and counters', async () => {
    await onPlan(agency.sub, 'pro');
    try {
      const own = await usage(agency, clientA);
      expect(own.plan).toBe('free');
      expect(generations(own)).toMatchObject({ used: 0, limit: plans.free.limits.aiGenerationsPerDay });
      expect((await generate(agency, clientA)).status).toBe(200);
      expect(await used(clientA)).toBe(1);
    } finally {
      await onPlan(agency.sub, 'agency');
    }
  }, 60_000);
});
