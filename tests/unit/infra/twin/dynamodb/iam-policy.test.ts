import { describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { accessDeniedMessage, accessesOf, refusedAccess } from '@infra/twin/dynamodb/iam-policy';

const deliveries = localTableName('signalDeliveries');
const siteKeys = localTableName('signalSiteKeys');

describe('accessesOf: what IAM checks for a DynamoDB request', () => {
  it('names the operation on its table, or on the index a Query or Scan reads', () => {
    expect(accessesOf('GetItem', { TableName: deliveries })).toEqual([{ action: 'GetItem', table: deliveries }]);
    expect(accessesOf('Query', { TableName: siteKeys, IndexName: 'by-key' })).toEqual([
      { action: 'Query', table: siteKeys, index: 'by-key' },
    ]);
  });

  it('checks a batch on each table it names, and a transaction by the actions of its parts', () => {
    expect(accessesOf('BatchWriteItem', { RequestItems: { [deliveries]: [], [siteKeys]: [] } })).toEqual([
      { action: 'BatchWriteItem', table: deliveries },
      { action: 'BatchWriteItem', table: siteKeys },
    ]);
    expect(
      accessesOf('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: deliveries } },
          { ConditionCheck: { TableName: siteKeys } },
          { Update: { TableName: deliveries } },
        ],
      }),
    ).toEqual([
      { action: 'PutItem', table: deliveries },
      { action: 'ConditionCheckItem', table: siteKeys },
      { action: 'UpdateItem', table: deliveries },
    ]);
  });
});

describe('refusedAccess: the functions table as the role policy', () => {
  // signals-intake: GetItem, PutItem, UpdateItem on signalDeliveries; the site keys only through their index.
  it('allows what the function is granted, on the table or on its indexes', () => {
    expect(refusedAccess('signals-intake', accessesOf('UpdateItem', { TableName: deliveries }))).toBeUndefined();
    expect(
      refusedAccess('signals-intake', accessesOf('Query', { TableName: siteKeys, IndexName: 'key-hash' })),
    ).toBeUndefined();
  });

  it('refuses an action not granted, a table not granted, and the table itself where only its index is', () => {
    expect(refusedAccess('signals-intake', accessesOf('Scan', { TableName: deliveries }))).toEqual({
      action: 'Scan',
      table: deliveries,
    });
    expect(refusedAccess('health', accessesOf('GetItem', { TableName: deliveries }))).toMatchObject({
      action: 'GetItem',
    });
    expect(refusedAccess('signals-intake', accessesOf('Query', { TableName: siteKeys }))).toEqual({
      action: 'Query',
      table: siteKeys,
    });
  });

  it('says what DynamoDB says: who, which action, on which resource', () => {
    expect(accessDeniedMessage('health', { action: 'GetItem', table: deliveries }, 'eu-west-1')).toMatch(
      new RegExp(
        `assumed-role/health-role/health is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:eu-west-1:000000000000:table/${deliveries} because`,
      ),
    );
  });
});
