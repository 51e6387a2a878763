import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { MetaConnectionSchema } from '@shared/schemas/meta';
import {
  OnboardingConnectedSchema,
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
    const own = await call('/api/meta/onboarding-links', { method: 'POST', workspace: agency.sub });
    expect(own.status).toBe(409);
  });

  it('the client connects Meta through the link into the client workspace; the agency never sees the token', async () => {
    const made = await call('/api/meta/onboarding-links', { method: 'POST', workspace: clientWorkspace });
    expect(made.status).toBe(201);
    const { token } = OnboardingLinkSchema.parse(await made.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const config = OnboardingMetaConfigSchema.parse(
      await (await publicCall(`/api/meta/onboarding/${token}/config`)).json(),
    );
    expect(config.workspaceName).toBe('Trailhead Outfitters');
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
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('ONBOARDING_LINK_INVALID');
  }, 60_000);

  it('refuses a made-up or malformed link', async () => {
    expect((await publicCall(`/api/meta/onboarding/${'B'.repeat(43)}/config`)).status).toBe(410);
    expect((await publicCall('/api/meta/onboarding/short/config')).status).toBe(400);
  });
});
