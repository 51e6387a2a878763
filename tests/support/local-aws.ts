import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startDynalite, type DynaliteProcess } from '@infra/twin/dynamodb/dynalite-process';
import { provisionTables } from '@infra/twin/dynamodb/provision-tables';
import { kmsHandler } from '@infra/twin/kms/kms-handler';
import { LOCAL_CREDENTIALS } from '@infra/twin/function-environment';
import { openLocalKms } from '@infra/twin/kms/local-kms';
import { reservePort } from '@infra/twin/listen';

const REGION = 'us-east-1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The twin's own DynamoDB (dynalite, in memory, every table of the tables table)
 * and local KMS, for tests of storage logic against the real wire protocols
 * without a whole twin. Stop it in afterAll.
 */
export async function startLocalAws(options: { kmsAliases?: string[] } = {}) {
  const port = await reservePort('dynamodb', 0);
  const dynalite: DynaliteProcess = await startDynalite(port);
  const dynamoUrl = `http://127.0.0.1:${port}`;
  await provisionTables(dynamoUrl, REGION);
  const stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-local-aws-'));
  const kms = await openLocalKms({ stateDir, region: REGION, aliases: options.kmsAliases ?? ['alias/test-key'] });
  const kmsServer: Server = createServer(kmsHandler(kms));
  await new Promise<void>((resolve) => kmsServer.listen(0, '127.0.0.1', resolve));
  const kmsUrl = `http://127.0.0.1:${(kmsServer.address() as AddressInfo).port}`;

  const dynamo = new DynamoDBClient({ endpoint: dynamoUrl, region: REGION, credentials: LOCAL_CREDENTIALS });
  const doc = DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const kmsClient = new KMSClient({ endpoint: kmsUrl, region: REGION, credentials: LOCAL_CREDENTIALS });
  return {
    doc,
    dynamoUrl,
    kms: kmsClient,
    kmsUrl,
    stateDir,
    keyArnOf: (alias: string) => kms.keyArnOf(alias),
    async stop() {
      dynamo.destroy();
      kmsClient.destroy();
      await new Promise((resolve) => kmsServer.close(resolve));
      await dynalite.stop();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}

export type LocalAws = Awaited<ReturnType<typeof startLocalAws>>;
