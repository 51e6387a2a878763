import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { AccessTokenListSchema, CreatedAccessTokenSchema } from '@shared/schemas/agent-tokens';
import { freshUser, type FreshUser } from '../meta-api/meta-user';
import { twinTables } from './twin-tables';

/**
 * Personal access tokens for the agent's MCP server (issue 26, requirement 5) through the twin's API: created with a
 * scope and an expiry, shown once, stored as a SHA-256 only, listed and revoked by their own person only.
 */
describe('personal access tokens', () => {
  let owner: FreshUser;
  let stranger: FreshUser;
  const sub = async (user: FreshUser) => ((await (await user.call('/api/me')).json()) as { uid: string }).uid;
  const list = async (user: FreshUser) =>
    AccessTokenListSchema.parse(await (await user.call('/api/agent/tokens')).json()).tokens;
  const create = (user: FreshUser, body: unknown) =>
    user.call('/api/agent/tokens', { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    owner = await freshUser('pat-owner');
    stranger = await freshUser('pat-stranger');
  }, 60_000);
  afterAll(async () => {
    await owner?.remove();
    await stranger?.remove();
  });

  it('refuses a token without a valid scope or one of the offered lifetimes, naming the field', async () => {
    const noExpiry = await create(owner, { label: 'Claude', scope: 'read' });
    expect(noExpiry.status).toBe(400);
    expect(await noExpiry.text()).toContain('expiresInDays');
    const oddExpiry = await create(owner, { label: 'Claude', scope: 'read', expiresInDays: 10 });
    expect(oddExpiry.status).toBe(400);
    expect(await oddExpiry.text()).toContain('expiresInDays');
    const badScope = await create(owner, { label: 'Claude', scope: 'admin', expiresInDays: 30 });
    expect(badScope.status).toBe(400);
    expect(await badScope.text()).toContain('scope');
    expect(await list(owner)).toEqual([]);
  });

  it('shows a new token once, stores only its SHA-256, and lists it with its expiry', async () => {
    const reply = await create(owner, { label: 'Claude Desktop', scope: 'read+propose', expiresInDays: 30 });
    expect(reply.status).toBe(201);
    const created = CreatedAccessTokenSchema.parse(await reply.json());
    expect(created.token).toMatch(/^adsm_pat_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(30 * 86_400_000);

    const listed = await list(owner);
    expect(listed).toEqual([
      {
        id: created.id,
        label: 'Claude Desktop',
        scope: 'read+propose',
        tokenStart: created.token.slice(0, 15),
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const stored = await twinTables().send(
      new QueryCommand({
        TableName: localTableName('agentAccessTokens'),
        KeyConditionExpression: 'workspace_id = :w',
        ExpressionAttributeValues: { ':w': await sub(owner) },
      }),
    );
    expect(stored.Items).toHaveLength(1);
    expect(stored.Items![0]!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(stored.Items)).not.toContain(created.token);
  });

  it('is its own person’s: another user neither lists nor revokes it; its person revokes it once', async () => {
    const [token] = await list(owner);
    expect(token).toBeDefined();
    expect(await list(stranger)).toEqual([]);
    const foreign = await stranger.call(`/api/agent/tokens/${token!.id}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect((await list(owner))[0]!.revokedAt).toBeUndefined();

    const revoked = await owner.call(`/api/agent/tokens/${token!.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await list(owner))[0]!.revokedAt).toEqual(expect.any(String));
    expect((await owner.call(`/api/agent/tokens/${token!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.call('/api/agent/tokens/not-an-id', { method: 'DELETE' })).status).toBe(400);
  });
});
