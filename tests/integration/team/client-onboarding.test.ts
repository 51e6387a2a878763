import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { MetaConnectionSchema } from '@shared/schemas/meta';
import {
  OnboardingConnectedSchema,
  OnboardingLinkListSchema,
  OnboardingLinkSchema,
  OnboardingMetaConfigSchema,
} from '@shared/schemas/onboarding';
import { WorkspaceChoiceSchema } from '@shared/schemas/team';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { consent } from '../../support/meta-consent';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';

/**
 * Onboarding a client without passwords (issue 28, req 5) on the twin: an agency makes a link for its client
 * workspace; the client, with no account, goes through the Meta sandbox's dialog; the connection lands in the client
 * workspace (not the agency's own), encrypted, and no answer to anyone carries Meta's token; the link works once and
 * only for a client workspace.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
let agency: Awaited<ReturnType<typeof confirmedUser>>;
let clientWorkspace: string;

const call = (path: string, init: { method?: string; workspace?: string; body?: unknown } = {}) =>
  api(path, {
    method: init.method ?? 'GET',
    token: agency.token,
    headers: {
      'content-type': 'application/json',
      ...(init.workspace ? { [WORKSPACE_HEADER]: init.workspace } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const publicCall = (path: string, body?: unknown) =>
  api(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  agency = await confirmedUser(cognito, 'onboarding-agency');
  await doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: agency.sub,
        plan: 'agency',
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );
  const made = await call('/api/workspaces', { method: 'POST', body: { name: 'Trailhead Outfitters' } });
  expect(made.status).toBe(201);
  clientWorkspace = WorkspaceChoiceSchema.parse(await made.json()).id;
}, 60_000);

afterAll(async () => {
  doc.destroy();
  if (agency) await deleteUser(cognito, agency.email);
});

describe('onboarding a client without passwords', () => {
  it('is for client workspaces only', async () => {
    // Named explicitly: without the header the agency works in its oldest membership, the client workspace.
    const own = await call('/api/meta/onboarding-links', { method: 'POST', workspace: agency.sub, body: {} });
    expect(own.status).toBe(409);
  });

  it('the client connects Meta through the link into the client workspace; the agency never sees the token', async () => {
    const made = await call('/api/meta/onboarding-links', {
      method: 'POST',
      workspace: clientWorkspace,
      body: { agencyName: 'Northwind Media' },
    });
    expect(made.status).toBe(201);
    const { token } = OnboardingLinkSchema.parse(await made.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = async () =>
      OnboardingLinkListSchema.parse(
        await (await call('/api/meta/onboarding-links', { workspace: clientWorkspace })).json(),
      ).links;
    const before = await listed();
    expect(before[0]).toMatchObject({ status: 'waiting', usedAt: null, createdByEmail: agency.email.toLowerCase() });
    // The list never carries the token (only the start of its hash, to tell links apart).
    expect(JSON.stringify(before)).not.toContain(token);

    const config = OnboardingMetaConfigSchema.parse(
      await (await publicCall(`/api/meta/onboarding/${token}/config`)).json(),
    );
    expect(config).toMatchObject({ workspaceName: 'Trailhead Outfitters', agencyName: 'Northwind Media' });
    const back = await consent(config.dialogUrl, 'continue');
    const connected = await publicCall(`/api/meta/onboarding/${token}/callback`, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(connected.status).toBe(200);
    const connectedBody = await connected.text();
    expect(OnboardingConnectedSchema.parse(JSON.parse(connectedBody))).toMatchObject({
      connected: true,
      workspaceName: 'Trailhead Outfitters',
    });

    // Stored in the client workspace, the token encrypted at rest.
    const row = (
      await doc.send(
        new GetCommand({ TableName: localTableName('userMetaConnections'), Key: { user_id: clientWorkspace } }),
      )
    ).Item!;
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    // What the agency reads: the client workspace is connected, its own is not, and no answer carries the token.
    const inClient = await call('/api/meta/connection', { workspace: clientWorkspace });
    const clientView = await inClient.text();
    expect(MetaConnectionSchema.parse(JSON.parse(clientView)).isConnected).toBe(true);
    const ownView = MetaConnectionSchema.parse(
      await (await call('/api/meta/connection', { workspace: agency.sub })).json(),
    );
    expect(ownView.isConnected).toBe(false);
    const plaintextToken = /EAA[A-Za-z0-9]{20,}/;
    expect(stored).not.toMatch(plaintextToken);
    for (const body of [connectedBody, clientView]) {
      expect(body).not.toMatch(plaintextToken);
      expect(body).not.toContain('access_token');
    }

    // Single use: the link is spent.
    const again = await publicCall(`/api/meta/onboarding/${token}/config`);
    expect(again.status).toBe(410);
    const spent = (await again.json()) as { error: { code: string; message: string; details: { reason: string } } };
    expect(spent.error).toMatchObject({ code: 'ONBOARDING_LINK_INVALID', details: { reason: 'used' } });
    expect(spent.error.message).toMatch(/already used/);
    expect((await listed())[0]).toMatchObject({ id: before[0]!.id, status: 'used', usedAt: expect.any(String) });
    // Listed per workspace: the client workspace's links are not the agency's own workspace's.
    const ownList = await call('/api/meta/onboarding-links', { workspace: agency.sub });
    expect(OnboardingLinkListSchema.parse(await ownList.json()).links).toEqual([]);
  }, 60_000);

  it('an expired link says so, to the client and in the agency’s list', async () => {
    const made = await call('/api/meta/onboarding-links', { method: 'POST', workspace: clientWorkspace, body: {} });
    const { token } = OnboardingLinkSchema.parse(await made.json());
    const past = new Date(Date.now() - 60_000);
    await doc.send(
      new UpdateCommand({
        TableName: localTableName('clientOnboardingLinks'),
        Key: { token_hash: createHash('sha256').update(token).digest('hex') },
        UpdateExpression: 'SET expires_at = :at',
        ExpressionAttributeValues: { ':at': past.toISOString() },
      }),
    );
    const opened = await publicCall(`/api/meta/onboarding/${token}/config`);
    expect(opened.status).toBe(410);
    expect(((await opened.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe('expired');
    const list = OnboardingLinkListSchema.parse(
      await (await call('/api/meta/onboarding-links', { workspace: clientWorkspace })).json(),
    );
    expect(list.links.find((link) => link.expiresAt === past.toISOString())?.status).toBe('expired');
  });

  it('refuses a made-up or malformed link', async () => {
    expect((await publicCall(`/api/meta/onboarding/${'B'.repeat(43)}/config`)).status).toBe(410);
    expect((await publicCall('/api/meta/onboarding/short/config')).status).toBe(400);
  });
});
