import { afterEach, describe, expect, it } from 'vitest';
import { startDynalite, type DynaliteProcess } from '@infra/twin/dynamodb/dynalite-process';
import { createTableInput, provisionTables } from '@infra/twin/dynamodb/provision-tables';
import { reservePort, urlOf } from '@infra/twin/listen';
import { localTableName } from '@infra/twin/function-environment';
import { tables, type TableKey } from '@shared/tables';

let dynalite: DynaliteProcess | undefined;

afterEach(async () => {
  await dynalite?.stop();
  dynalite = undefined;
});

describe('provisionTables', () => {
  it(
    'waits for a DynamoDB that is not answering yet instead of failing with ECONNREFUSED',
    { timeout: 90_000 },
    async () => {
      const port = await reservePort('dynamodb', 0);
      // Nothing listens yet: the first calls are refused, as on a busy machine.
      const provisioning = provisionTables(urlOf(port), 'us-east-1');
      await new Promise((resolve) => setTimeout(resolve, 500));
      dynalite = await startDynalite(port);

      const created = await provisioning;

      expect(created.sort()).toEqual((Object.keys(tables) as TableKey[]).map(localTableName).sort());
    },
  );
});

describe('createTableInput', () => {
  it('declares keys and indexes from the tables table', () => {
    const input = createTableInput('t', {
      name: 't',
      partitionKey: { name: 'pk', type: 'S' },
      sortKey: { name: 'sk', type: 'N' },
      globalIndexes: [
        { name: 'byOther', partitionKey: { name: 'other', type: 'S' }, sortKey: { name: 'sk', type: 'N' } },
      ],
    });

    expect(input.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(input.AttributeDefinitions).toEqual([
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'other', AttributeType: 'S' },
    ]);
    expect(input.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'byOther',
      Projection: { ProjectionType: 'ALL' },
    });
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
  });
});
