import { describe, expect, it } from 'vitest';
import { AppError } from '@lambdas/lib/errors';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { resolveWorkspace, workspaceOf, type MembershipRecord } from '@lambdas/lib/team/workspace';

const membership = (workspace: string, role: MembershipRecord['role'], joined: string): MembershipRecord => ({
  user_id: 'person-1',
  workspace_id: workspace,
  role,
  email: 'person@example.com',
  owner_email: `${workspace}@example.com`,
  joined_at: joined,
});

const agency = membership('agency-1', 'admin', '2026-01-01T00:00:00.000Z');
const client = membership('client-1', 'client', '2026-02-01T00:00:00.000Z');

describe('resolveWorkspace (issue 28, req 1)', () => {
  it('names their own workspace: owner; one they belong to: that role', () => {
    expect(resolveWorkspace('person-1', [agency, client], 'person-1')).toEqual({ id: 'person-1', role: 'owner' });
    expect(resolveWorkspace('person-1', [agency, client], 'client-1')).toEqual({ id: 'client-1', role: 'client' });
    expect(resolveWorkspace('person-1', [agency, client], 'agency-1')).toEqual({ id: 'agency-1', role: 'admin' });
  });

  it('names none: the oldest membership (as before switching), else their own', () => {
    expect(resolveWorkspace('person-1', [agency, client])).toEqual({ id: 'agency-1', role: 'admin' });
    expect(resolveWorkspace('person-1', [])).toEqual({ id: 'person-1', role: 'owner' });
  });

  it('names any other: 403 WORKSPACE_FORBIDDEN, whatever it looks like', () => {
    for (const requested of ['agency-2', 'client-1 ', 'AGENCY-1', '']) {
      const refusal = (() => {
        try {
          resolveWorkspace('person-1', [agency, client], requested);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal, requested).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('WORKSPACE_FORBIDDEN');
      expect((refusal as AppError).statusCode).toBe(403);
    }
    // Someone with no memberships can name only their own.
    expect(() => resolveWorkspace('person-2', [], 'person-1')).toThrow(AppError);
  });
});

describe('workspaceOf (the cached lookup)', () => {
  /** A memberships table that answers each Query with its rows at the time. */
  const table = (rows: MembershipRecord[]) => {
    let queries = 0;
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
    );
    Object.assign(doc, {
      send: async () => {
        queries += 1;
        return { Items: [...rows] };
      },
    });
    return { doc, rows, queries: () => queries };
  };

  it('reads again before refusing a workspace the person joined since the lookup was cached', async () => {
    const memberships = table([]);
    const at = Date.now();
    const person = `joiner-${at}`;
    expect(await workspaceOf(memberships.doc, 't', person, undefined, at)).toEqual({ id: person, role: 'owner' });
    memberships.rows.push({ ...client, user_id: person });
    // A moment later (within the cache), in a container that did not see the invitation accepted.
    expect(await workspaceOf(memberships.doc, 't', person, 'client-1', at + 1_000)).toEqual({
      id: 'client-1',
      role: 'client',
    });
    expect(memberships.queries()).toBe(2);
    // Still refused when the table says so, after reading it.
    await expect(workspaceOf(memberships.doc, 't', person, 'agency-1', at + 2_000)).rejects.toMatchObject({
      code: 'WORKSPACE_FORBIDDEN',
    });
    // What the cache can answer, it answers without a read.
    await workspaceOf(memberships.doc, 't', person, 'client-1', at + 3_000);
    expect(memberships.queries()).toBe(3);
  });
});
