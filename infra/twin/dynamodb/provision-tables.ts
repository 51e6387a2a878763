import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { tables, type KeyDeclaration, type TableDeclaration, type TableKey } from '@shared/tables';
import { LOCAL_CREDENTIALS, localTableName } from '../function-environment';
import { waitUntilAnswering } from '../wait-until-answering';

function keySchema(partitionKey: KeyDeclaration, sortKey?: KeyDeclaration): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
  if (sortKey) schema.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
  return schema;
}

/** The CreateTable call for a declaration in the tables table (on-demand, like the stack). */
export function createTableInput(physicalName: string, declaration: TableDeclaration): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const addKey = (key?: KeyDeclaration) => {
    if (key) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  };
  addKey(declaration.partitionKey);
  addKey(declaration.sortKey);
  for (const index of declaration.globalIndexes ?? []) {
    addKey(index.partitionKey);
    addKey(index.sortKey);
  }
  const input: CreateTableCommandInput = {
    TableName: physicalName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: keySchema(declaration.partitionKey, declaration.sortKey),
  };
  if (declaration.globalIndexes?.length) {
    input.GlobalSecondaryIndexes = declaration.globalIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: 'ALL' },
    }));
  }
  // TTL is not set: dynalite has no UpdateTimeToLive and never expires items; readers check expiry.
  return input;
}

/**
 * Creates every table in the tables table that does not exist yet; returns the names created.
 * Waits for DynamoDB to answer first: a line saying dynalite listens is not proof it answers,
 * and on a busy machine a fresh start once failed with ECONNREFUSED here.
 */
export async function provisionTables(endpoint: string, region: string): Promise<string[]> {
  const client = new DynamoDBClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
  try {
    const listed = await waitUntilAnswering('DynamoDB (dynalite)', endpoint, () =>
      client.send(new ListTablesCommand({})),
    );
    const existing = new Set(listed.TableNames ?? []);
    const created: string[] = [];
    for (const key of Object.keys(tables) as TableKey[]) {
      const name = localTableName(key);
      if (existing.has(name)) continue;
      await client.send(new CreateTableCommand(createTableInput(name, tables[key])));
      created.push(name);
    }
    return created;
  } finally {
    client.destroy();
  }
}
