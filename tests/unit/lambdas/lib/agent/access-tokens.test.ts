import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_PREFIX } from '@shared/schemas/agent-tokens';
import {
  accessTokenHash,
  authenticateAccessToken,
  newAccessToken,
  tokenVerdict,
} from '@lambdas/lib/agent/access-tokens';

const NOW = new Date('2026-11-28T12:00:00Z');
const MEMBER = { id: 'ws-owner', role: 'member' as const };

function rowFor(token: string, overrides: Record<string, unknown> = {}) {
  return {
    workspace_id: 'ws-owner',
    token_id: 'a1b2c3d4e5f6a7b8',
    user_id: 'member-1',
    token_hash: accessTokenHash(token),
    token_start: token.slice(0, 15),
    label: 'Claude',
    scope: 'read' as const,
    created_at: '2026-11-01T00:00:00Z',
    expires_at: '2026-12-01T00:00:00Z',
    ...overrides,
  };
}

describe('a new personal access token', () => {
  it('is the recognisable prefix and 256 random bits, and only its SHA-256 and first characters are kept', () => {
    const created = newAccessToken();
    expect(created.token).toMatch(new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(created.start).toBe(created.token.slice(0, ACCESS_TOKEN_PREFIX.length + 6));
    expect(created.id).toMatch(/^[a-f0-9]{16}$/);
    expect(newAccessToken().token).not.toBe(created.token);
  });
});

describe('whether a stored token still works', () => {
  const token = newAccessToken().token;
  const hash = accessTokenHash(token);

  it('works for its person in its workspace, with its scope', () => {
    expect(tokenVerdict(rowFor(token), hash, NOW, MEMBER)).toEqual({
      ok: true,
      holder: {
        tokenId: 'a1b2c3d4e5f6a7b8',
        workspaceId: 'ws-owner',
        person: 'member-1',
        scope: 'read',
        role: 'member',
      },
    });
  });

  it('refuses a revoked, an expired, an unknown or a changed token', () => {
    expect(tokenVerdict(rowFor(token, { revoked_at: NOW.toISOString() }), hash, NOW, MEMBER)).toEqual({
      ok: false,
      reason: 'The access token was revoked.',
    });
    expect(tokenVerdict(rowFor(token, { expires_at: NOW.toISOString() }), hash, NOW, MEMBER)).toEqual({
      ok: false,
      reason: 'The access token has expired.',
    });
    expect(tokenVerdict(undefined, hash, NOW, undefined).ok).toBe(false);
    expect(tokenVerdict(rowFor(token, { token_hash: undefined }), hash, NOW, MEMBER).ok).toBe(false);
  });

  it('stops working when its person was removed from the workspace', () => {
    // A removed member works in their own workspace again: their sub.
    expect(tokenVerdict(rowFor(token), hash, NOW, { id: 'member-1', role: 'owner' })).toEqual({
      ok: false,
      reason: 'The access token’s owner is no longer a member of its workspace.',
    });
  });
});

describe('authenticating a bearer token', () => {
  /** A table holding one row, recording what was asked of it. */
  function tableWith(row: ReturnType<typeof rowFor> | undefined) {
    const sent: string[] = [];
    const doc = {
      send: async (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        if (command.constructor.name === 'QueryCommand') return { Items: row ? [row] : [] };
        if (command.constructor.name === 'GetCommand') return { Item: row };
        return {};
      },
    } as unknown as DynamoDBDocumentClient;
    return { tokens: { doc, table: 'agent-access-tokens' }, sent };
  }
  const sameWorkspace = async () => MEMBER;

  it('never reads the table for something that is not shaped like a token', async () => {
    const { tokens, sent } = tableWith(undefined);
    expect(await authenticateAccessToken(tokens, 'not-a-token', NOW, sameWorkspace)).toEqual({
      ok: false,
      reason: 'The access token is not valid.',
    });
    expect(sent).toEqual([]);
  });

  it('finds a token by its hash, re-reads its row consistently and records its use', async () => {
    const token = newAccessToken().token;
    const { tokens, sent } = tableWith(rowFor(token));
    const verdict = await authenticateAccessToken(tokens, token, NOW, sameWorkspace);
    expect(verdict.ok).toBe(true);
    expect(sent).toEqual(['QueryCommand', 'GetCommand', 'UpdateCommand']);
  });

  it('asks about the token’s own workspace, so a person in several works in the one the token was made in', async () => {
    const token = newAccessToken().token;
    const { tokens } = tableWith(rowFor(token));
    const asked: [string, string][] = [];
    const verdict = await authenticateAccessToken(tokens, token, NOW, async (person, workspaceId) => {
      asked.push([person, workspaceId]);
      return { id: workspaceId, role: 'member' };
    });
    expect(asked).toEqual([[rowFor(token).user_id, 'ws-owner']]);
    expect(verdict).toMatchObject({ ok: true, holder: { workspaceId: 'ws-owner' } });
    // No longer working there: refused.
    const { tokens: again } = tableWith(rowFor(token));
    expect(await authenticateAccessToken(again, token, NOW, async () => undefined)).toEqual({
      ok: false,
      reason: 'The access token’s owner is no longer a member of its workspace.',
    });
  });

  it('records no use of a refused token', async () => {
    const token = newAccessToken().token;
    const { tokens, sent } = tableWith(rowFor(token, { revoked_at: '2026-11-20T00:00:00Z' }));
    expect((await authenticateAccessToken(tokens, token, NOW, sameWorkspace)).ok).toBe(false);
    expect(sent).toEqual(['QueryCommand', 'GetCommand']);
  });
});
