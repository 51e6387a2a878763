import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { metaConnected } from '@lambdas/chatbot/meta-connected';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const table = localTableName('userMetaConnections');

beforeAll(async () => {
  aws = await startLocalAws();
  // A connected workspace, and one whose disconnect left the row without the Meta user and token.
  await aws.doc.send(
    new PutCommand({
      TableName: table,
      Item: { user_id: 'connected', meta_user_id: '10001', access_token_encrypted: 'ciphertext' },
    }),
  );
  await aws.doc.send(
    new PutCommand({ TableName: table, Item: { user_id: 'disconnected', revoked_at: '2026-11-20T10:00:00Z' } }),
  );
}, 60_000);
afterAll(() => aws?.stop());

describe('metaConnected', () => {
  it('is true for a workspace with a Meta connection', async () => {
    expect(await metaConnected(aws.doc, table, 'connected')).toBe(true);
  });

  it('is false after a disconnect, and for a workspace that never connected', async () => {
    expect(await metaConnected(aws.doc, table, 'disconnected')).toBe(false);
    expect(await metaConnected(aws.doc, table, 'never')).toBe(false);
  });
});
