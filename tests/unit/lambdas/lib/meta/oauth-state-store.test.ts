import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeState, rememberState, replayedStateMessage } from '@lambdas/lib/meta/oauth-state-store';

const docMock = mockClient(DynamoDBDocumentClient);
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
const table = 'adsmith-oauth_states';
const now = new Date('2026-11-21T10:00:00Z');
const nowEpoch = Math.floor(now.getTime() / 1000);

describe('OAuth state store', () => {
  beforeEach(() => docMock.reset());

  it('remembers a nonce with its owner and the TTL attribute, never overwriting one', async () => {
    docMock.on(PutCommand).resolves({});

    await rememberState(doc, table, { nonce: 'n-1', userId: 'u-1', expiresAt: nowEpoch + 600 }, now);

    expect(docMock.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: table,
      Item: { nonce: 'n-1', user_id: 'u-1', expires_at: nowEpoch + 600, created_at: '2026-11-21T10:00:00.000Z' },
      ConditionExpression: 'attribute_not_exists(nonce)',
    });
  });

  it('consumes a nonce with one conditional delete on owner and expiry', async () => {
    docMock.on(DeleteCommand).resolves({ Attributes: { nonce: 'n-1', user_id: 'u-1', expires_at: nowEpoch + 300 } });

    const record = await consumeState(doc, table, 'n-1', 'u-1', now);

    expect(record).toEqual({ nonce: 'n-1', userId: 'u-1', expiresAt: nowEpoch + 300 });
    expect(docMock.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({
      TableName: table,
      Key: { nonce: 'n-1' },
      ConditionExpression: 'attribute_exists(nonce) AND user_id = :u AND expires_at > :now',
      ExpressionAttributeValues: { ':u': 'u-1', ':now': nowEpoch },
      ReturnValues: 'ALL_OLD',
    });
  });

  it('refuses a replayed, expired or foreign nonce (the condition fails) with VALIDATION_ERROR', async () => {
    docMock
      .on(DeleteCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));

    const error = await consumeState(doc, table, 'n-1', 'u-1', now).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, message: replayedStateMessage });
    expect(replayedStateMessage).toBe(
      'This connection attempt was already used or has expired. Please try connecting again.',
    );
  });

  it('lets other DynamoDB failures through unchanged', async () => {
    const outage = Object.assign(new Error('throughput'), { name: 'ProvisionedThroughputExceededException' });
    docMock.on(DeleteCommand).rejects(outage);

    await expect(consumeState(doc, table, 'n-1', 'u-1', now)).rejects.toBe(outage);
  });
});
