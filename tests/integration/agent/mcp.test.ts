import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import { localTableName } from '@infra/twin/function-environment';
import { AGENT_READ_TOOLS, AGENT_TOOL_NAMES } from '@shared/schemas/agent';
import { CreatedAccessTokenSchema, type AccessTokenScope } from '@shared/schemas/agent-tokens';
import { PerformanceTableSchema } from '@shared/schemas/meta';
import { RecommendationListSchema } from '@shared/schemas/optimizer';
import { freshUser, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, type OptimizerUsers } from '../optimizer/optimizer-setup';
import { eventually, twin } from '../twin-client';
import { ask } from './agent-turn';
import { twinTables } from './twin-tables';

/**
 * The agent's MCP server through the twin (issue 26, requirement 5), with the official SDK's own client over
 * Streamable HTTP: each token sees its scope's tools, the figures are the in-app agent's, proposals wait in the
 * optimizer's drawer, and a token refused (read scope, another workspace's object, expired, revoked, removed member)
 * is refused. Proposals are pauses left pending, never approved: no seeded Meta object changes.
 */

interface ToolReply {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: {
    summary: string;
    data?: Record<string, unknown>;
    proposal?: { recommendationId: string; adAccountId: string };
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function createToken(user: FreshUser, scope: AccessTokenScope, label = `MCP ${scope}`) {
  const reply = await user.call('/api/agent/tokens', {
    method: 'POST',
    body: JSON.stringify({ label, scope, expiresInDays: 30 }),
  });
  expect(reply.status, await reply.clone().text()).toBe(201);
  return CreatedAccessTokenSchema.parse(await reply.json());
}

/**
 * This file's own client address: tool calls count against the chat's per-address limits, which every integration
 * file on this machine shares (the chat and agent tests, the team test's chat answer).
 */
const clientAddress = { 'x-forwarded-for': `203.0.${Math.floor(Math.random() * 200) + 20}.17` };

/** An MCP client of the official SDK, connected to the twin's /api/mcp with `token` (as CloudFront forwards it). */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'adsmith-integration', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${twin().api}/api/mcp`), {
    requestInit: { headers: { ...apiOriginHeaders(twin()), ...clientAddress, authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolReply;

/** What a client without the SDK sees: the HTTP status and challenge of an initialize request. */
async function rawInitialize(token: string | undefined) {
  return fetch(`${twin().api}/api/mcp`, {
    method: 'POST',
    headers: {
      ...apiOriginHeaders(twin()),
      ...clientAddress,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

describe('the agent over MCP', () => {
  let users: OptimizerUsers;
  let readClient: Client;
  let proposeClient: Client;

  beforeAll(async () => {
    users = await optimizerUsers('mcp');
    readClient = await connect((await createToken(users.user, 'read')).token);
    proposeClient = await connect((await createToken(users.user, 'read+propose')).token);
  }, 120_000);
  afterAll(async () => {
    await readClient?.close();
    await proposeClient?.close();
    await users?.remove();
  });

  it('offers a read token the read tools and a read+propose token every tool, with their input schemas', async () => {
    const read = await readClient.listTools();
    expect(read.tools.map((t) => t.name)).toEqual([...AGENT_READ_TOOLS]);
    const all = await proposeClient.listTools();
    expect(all.tools.map((t) => t.name)).toEqual([...AGENT_TOOL_NAMES]);
    const insights = all.tools.find((t) => t.name === 'get_insights')!;
    expect(insights.inputSchema.properties).toHaveProperty('breakdown');
    expect(insights.annotations?.readOnlyHint).toBe(true);
  }, 60_000);

  it('answers get_insights on the demo account with the in-app agent’s and the dashboard’s own figures', async () => {
    const reply = await call(readClient, 'get_insights', {
      adAccountId: users.usdAccount,
      level: 'campaign',
      datePreset: 'last_7d',
    });
    expect(reply.isError, reply.content[0]?.text).toBeFalsy();
    const turn = await ask(
      users.user,
      `How much did each campaign spend in the last 7 days in ${users.usdAccount}?`,
      '127.0.0.9',
    );
    expect(turn.tools.map((t) => t.name)).toEqual(['get_insights']);
    expect(reply.structuredContent!.summary).toBe(turn.tools[0]!.summary);

    const table = PerformanceTableSchema.parse(
      await (
        await users.user.call(`/api/meta/ad-accounts/${users.usdAccount}/performance?level=campaign&datePreset=last_7d`)
      ).json(),
    );
    const rows = reply.structuredContent!.data!.rows as { id: string; spend: number; results: number | null }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const shown = table.rows.find((r) => r.id === row.id)!;
      expect(row.spend).toBe(round2(shown.metrics.spend));
      expect(row.results).toBe(shown.metrics.results);
    }
  }, 120_000);

  it('refuses a read token a propose tool; bad arguments are refused naming the field', async () => {
    const refused = await call(readClient, 'propose_status_change', {
      level: 'campaign',
      objectId: '1',
      status: 'PAUSED',
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('propose_status_change');
    const bad = await call(readClient, 'get_insights', { adAccountId: 'not-an-account' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain('adAccountId');
  }, 60_000);

  it('a proposal through MCP waits in the drawer, pending, naming the token as its source', async () => {
    const insights = await call(proposeClient, 'get_insights', {
      adAccountId: users.usdAccount,
      level: 'campaign',
      datePreset: 'last_7d',
    });
    const active = (insights.structuredContent!.data!.rows as { id: string; status?: string }[]).find(
      (r) => r.status === 'ACTIVE',
    );
    expect(active, 'an active campaign in the demo USD account').toBeDefined();
    const reply = await call(proposeClient, 'propose_status_change', {
      level: 'campaign',
      objectId: active!.id,
      status: 'PAUSED',
    });
    expect(reply.isError, reply.content[0]?.text).toBeFalsy();
    const proposal = reply.structuredContent!.proposal!;
    expect(proposal.adAccountId).toBe(users.usdAccount);

    const listed = RecommendationListSchema.parse(await readRecommendations(users.user, users.usdAccount)).data;
    const pending = listed.find((r) => r.id === proposal.recommendationId);
    expect(pending).toMatchObject({ kind: 'agent_proposal', status: 'proposed' });
    expect(pending!.proposedBy?.conversationId).toMatch(/^mcp-[a-f0-9]{16}$/);
    // Nothing changed at Meta: the campaign is still active.
    const after = await call(proposeClient, 'get_insights', {
      adAccountId: users.usdAccount,
      level: 'campaign',
      datePreset: 'last_7d',
    });
    const still = (after.structuredContent!.data!.rows as { id: string; status?: string }[]).find(
      (r) => r.id === active!.id,
    );
    expect(still?.status).toBe('ACTIVE');
  }, 120_000);

  it("refuses another workspace's recommendation and an object outside the workspace's ad accounts", async () => {
    const theirs = await connect((await createToken(users.other, 'read+propose')).token);
    try {
      const insights = await call(theirs, 'get_insights', { adAccountId: users.usdAccount, datePreset: 'last_7d' });
      const active = (insights.structuredContent!.data!.rows as { id: string; status?: string }[]).find(
        (r) => r.status === 'ACTIVE',
      )!;
      const made = await call(theirs, 'propose_status_change', {
        level: 'campaign',
        objectId: active.id,
        status: 'PAUSED',
      });
      const foreignId = made.structuredContent!.proposal!.recommendationId;
      const refused = await call(proposeClient, 'apply_recommendation', { recommendationId: foreignId });
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toBe(`No recommendation ${foreignId} in this workspace.`);
    } finally {
      await theirs.close();
    }
    const outside = await call(proposeClient, 'propose_status_change', {
      level: 'campaign',
      objectId: '999999999999',
      status: 'PAUSED',
    });
    expect(outside.isError).toBe(true);
    expect(outside.content[0]!.text).toContain("in this workspace's ad accounts");
  }, 120_000);

  it('answers 401 with a Bearer challenge without a token, and for an unknown, revoked or expired one', async () => {
    const none = await rawInitialize(undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Adsmith MCP"');

    const unknown = await rawInitialize(`adsm_pat_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const revokedToken = await createToken(users.user, 'read', 'to revoke');
    expect((await rawInitialize(revokedToken.token)).status).toBe(200);
    const revoked = await users.user.call(`/api/agent/tokens/${revokedToken.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const afterRevoke = await rawInitialize(revokedToken.token);
    expect(afterRevoke.status).toBe(401);
    // Revoking removed its hash: the token is simply no longer known.
    expect(afterRevoke.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const expiring = await createToken(users.user, 'read', 'to expire');
    await twinTables().send(
      new UpdateCommand({
        TableName: localTableName('agentAccessTokens'),
        Key: { workspace_id: users.userSub, token_id: expiring.id },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await rawInitialize(expiring.token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('expired');
    // The SDK's client is refused too, before any tool is listed.
    await expect(connect(expiring.token)).rejects.toThrow();
  }, 60_000);

  it("stops a removed member's token: it worked in the owner's workspace until the membership went", async () => {
    const member = await freshUser('mcp-member');
    const memberSub = ((await (await member.call('/api/me')).json()) as { uid: string }).uid;
    const memberships = localTableName('workspaceMemberships');
    try {
      await twinTables().send(
        new PutCommand({
          TableName: memberships,
          Item: {
            user_id: memberSub,
            workspace_id: users.userSub,
            role: 'member',
            email: member.email,
            owner_email: users.user.email,
            joined_at: new Date().toISOString(),
          },
        }),
      );
      // The member's token is theirs in the owner's workspace: it works there.
      const token = await createToken(member, 'read', 'member');
      await eventually(
        async () => ((await rawInitialize(token.token)).status === 200 ? true : undefined),
        'the member’s token working in the owner’s workspace',
        20_000,
      );
      await twinTables().send(
        new DeleteCommand({ TableName: memberships, Key: { user_id: memberSub, workspace_id: users.userSub } }),
      );
      const refused = await eventually(
        async () => {
          const reply = await rawInitialize(token.token);
          return reply.status === 401 ? reply : undefined;
        },
        'the removed member’s token refused',
        20_000,
      );
      expect(refused.headers.get('www-authenticate')).toContain('no longer a member');
    } finally {
      await twinTables().send(
        new DeleteCommand({ TableName: memberships, Key: { user_id: memberSub, workspace_id: users.userSub } }),
      );
      await member.remove();
    }
  }, 90_000);
});
