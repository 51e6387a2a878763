import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { copyTeamMemberships } from '@infra/migrations/copy-team-memberships';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

const from = localTableName('teamMemberships');
const to = localTableName('workspaceMemberships');
const membership = (id: string) =>
  aws.doc.send(new GetCommand({ TableName: to, Key: { user_id: id, workspace_id: 'owner-1' }, ConsistentRead: true }));

describe('copying memberships from team_memberships (issue 28 upgrade)', () => {
  it('copies each member as a member of the same workspace, keeps newer rows, and can run again', async () => {
    const old = (id: string, extra: Record<string, unknown> = {}) =>
      aws.doc.send(
        new PutCommand({
          TableName: from,
          Item: {
            user_id: id,
            workspace_id: 'owner-1',
            email: `${id}@example.com`,
            owner_email: 'owner@example.com',
            joined_at: '2026-10-01T00:00:00.000Z',
            ...extra,
          },
        }),
      );
    await old('member-a');
    await old('member-b', { customer_data_uploads: true });
    // Already in the new table (joined again since, as an admin): left as it is.
    await aws.doc.send(
      new PutCommand({
        TableName: to,
        Item: {
          user_id: 'member-b',
          workspace_id: 'owner-1',
          role: 'admin',
          email: 'member-b@example.com',
          owner_email: 'owner@example.com',
          joined_at: '2026-11-01T00:00:00.000Z',
        },
      }),
    );

    expect(await copyTeamMemberships(aws.doc, from, to)).toEqual({ read: 2, copied: 1, alreadyThere: 1 });
    expect((await membership('member-a')).Item).toMatchObject({ role: 'member', email: 'member-a@example.com' });
    expect((await membership('member-b')).Item).toMatchObject({ role: 'admin', joined_at: '2026-11-01T00:00:00.000Z' });

    expect(await copyTeamMemberships(aws.doc, from, to)).toEqual({ read: 2, copied: 0, alreadyThere: 2 });
  });
});
