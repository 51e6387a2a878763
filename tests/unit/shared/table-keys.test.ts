import { describe, expect, it } from 'vitest';
import { keyCondition, keyNames, tableKey } from '@shared/table-keys';
import { tables, type TableKey } from '@shared/tables';

describe('tableKey', () => {
  it('names a partition-only key as the tables table declares it', () => {
    expect(tableKey('userMetaConnections', 'user-1')).toEqual({ user_id: 'user-1' });
  });

  it('names a partition and sort key in order', () => {
    expect(tableKey('quotaUsage', 'user-1', 'aiGenerationsPerDay#2026-11-27')).toEqual({
      user_id: 'user-1',
      counter: 'aiGenerationsPerDay#2026-11-27',
    });
  });

  it('follows every table’s declaration, so a renamed key attribute is one edit in shared/tables.ts', () => {
    for (const table of Object.keys(tables) as TableKey[]) {
      const declaration: { partitionKey: { name: string }; sortKey?: { name: string } } = tables[table];
      const key = (tableKey as (t: TableKey, ...values: string[]) => Record<string, string>)(table, 'p', 's');
      expect(Object.keys(key)).toEqual([
        declaration.partitionKey.name,
        ...(declaration.sortKey ? [declaration.sortKey.name] : []),
      ]);
      expect(keyNames(table)).toEqual({ partition: declaration.partitionKey.name, sort: declaration.sortKey?.name });
    }
  });
});

describe('keyCondition', () => {
  it('names the partition key of the table for a whole-partition query', () => {
    expect(keyCondition('campaignDrafts', ':user')).toBe('user_id = :user');
  });

  it('adds the sort key condition by the declared sort key name', () => {
    expect(keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' })).toBe(
      'user_id = :user AND begins_with(item_key, :prefix)',
    );
    expect(keyCondition('campaignAudit', ':user', { atLeast: ':from' })).toBe(
      'user_id = :user AND changed_at_id >= :from',
    );
  });

  it('refuses a sort condition on a table without a sort key', () => {
    expect(() => keyCondition('userMetaConnections', ':u', { beginsWith: ':p' })).toThrow(/no sort key/);
  });
});
