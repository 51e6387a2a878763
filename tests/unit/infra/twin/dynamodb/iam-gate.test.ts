import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startIamGate, type IamGate } from '@infra/twin/dynamodb/iam-gate';
import { functionAccessKeyId, LOCAL_CREDENTIALS, localTableName } from '@infra/twin/function-environment';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/** The gate on the wire: the SDK, signing as a function, against dynalite behind the gate. */
let aws: LocalAws;
let gate: IamGate;
const clients: DynamoDBClient[] = [];

beforeAll(async () => {
  aws = await startLocalAws();
  gate = await startIamGate({ upstream: aws.dynamoUrl, region: 'us-east-1' });
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.destroy();
  await gate?.stop();
  await aws?.stop();
});

function signingAs(accessKeyId: string) {
  const client = new DynamoDBClient({
    endpoint: gate.url,
    region: 'us-east-1',
    credentials: { accessKeyId, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey },
  });
  clients.push(client);
  return DynamoDBDocumentClient.from(client);
}

const deliveries = localTableName('signalDeliveries');
const key = { pixel_scope: 'ws#1', item_key: 'hour#2026-11-28T18' };

describe('the twin’s DynamoDB gate', () => {
  it('passes what the function is granted, and refuses the rest with DynamoDB’s AccessDeniedException', async () => {
    const intake = signingAs(functionAccessKeyId('signals-intake'));
    await intake.send(new PutCommand({ TableName: deliveries, Item: { ...key, accepted: 1 } }));
    expect((await intake.send(new GetCommand({ TableName: deliveries, Key: key }))).Item).toMatchObject({
      accepted: 1,
    });

    const health = signingAs(functionAccessKeyId('health'));
    await expect(health.send(new GetCommand({ TableName: deliveries, Key: key }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(`not authorized to perform: dynamodb:GetItem on resource:`),
    });
  });

  it('judges a transaction by its parts: one part on a table not granted refuses the whole, nothing written', async () => {
    const intake = signingAs(functionAccessKeyId('signals-intake'));
    const other = { pixel_scope: 'ws#2', item_key: 'hour#2026-11-28T18' };
    await expect(
      intake.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: deliveries, Item: { ...other, accepted: 1 } } },
            { Put: { TableName: localTableName('userPlans'), Item: { user_id: 'x' } } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect((await aws.doc.send(new GetCommand({ TableName: deliveries, Key: other }))).Item).toBeUndefined();
  });

  it('lets the twin itself and tests through, signing as local', async () => {
    const admin = signingAs(LOCAL_CREDENTIALS.accessKeyId);
    expect((await admin.send(new GetCommand({ TableName: deliveries, Key: key }))).Item).toBeDefined();
  });
});
