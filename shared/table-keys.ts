import { tables, type AttributeType, type TableKey } from './tables';

type Declaration<K extends TableKey> = (typeof tables)[K];
type ValueOf<T extends AttributeType> = T extends 'N' ? number : string;

type PartitionKeyOf<K extends TableKey> = Declaration<K>['partitionKey'];
type SortKeyOf<K extends TableKey> = Declaration<K> extends { sortKey: infer S } ? S : never;

/** An item's primary key, its attribute names as the tables table declares them. */
export type ItemKey<K extends TableKey> = {
  [P in PartitionKeyOf<K>['name']]: ValueOf<PartitionKeyOf<K>['type']>;
} & ([SortKeyOf<K>] extends [never]
  ? unknown
  : {
      [S in SortKeyOf<K> extends { name: infer N extends string } ? N : never]: ValueOf<
        SortKeyOf<K>['type' & keyof SortKeyOf<K>] & AttributeType
      >;
    });

/** The key's values in order: the partition key's, then the sort key's when the table has one. */
export type KeyValues<K extends TableKey> = [SortKeyOf<K>] extends [never]
  ? [partition: ValueOf<PartitionKeyOf<K>['type']>]
  : [
      partition: ValueOf<PartitionKeyOf<K>['type']>,
      sort: ValueOf<SortKeyOf<K>['type' & keyof SortKeyOf<K>] & AttributeType>,
    ];

/**
 * An item's primary key for `Key:` (and the key part of an `Item:`), named from shared/tables.ts, so renaming a
 * key attribute is one edit there: `tableKey('quotaUsage', userId, counter)` is `{ user_id, counter }`.
 */
export function tableKey<K extends TableKey>(table: K, ...values: KeyValues<K>): ItemKey<K> {
  const declaration: { partitionKey: { name: string }; sortKey?: { name: string } } = tables[table];
  const key: Record<string, unknown> = { [declaration.partitionKey.name]: values[0] };
  if (declaration.sortKey) key[declaration.sortKey.name] = values[1];
  return key as ItemKey<K>;
}

/** A table's key attribute names, for expressions that must name them (`#pk = :pk`). */
export function keyNames<K extends TableKey>(table: K): { partition: string; sort?: string } {
  const declaration: { partitionKey: { name: string }; sortKey?: { name: string } } = tables[table];
  return { partition: declaration.partitionKey.name, sort: declaration.sortKey?.name };
}

type SortCondition = { beginsWith: string } | { atLeast: string };

/**
 * A KeyConditionExpression on the table's own key, named from shared/tables.ts: `keyCondition('graphicsItems',
 * ':user', { beginsWith: ':prefix' })` is `user_id = :user AND begins_with(item_key, :prefix)`. The arguments are
 * the expression's value placeholders; the caller still passes their values.
 */
export function keyCondition<K extends TableKey>(table: K, partitionValue: string, sort?: SortCondition): string {
  const names = keyNames(table);
  const partition = `${names.partition} = ${partitionValue}`;
  if (!sort) return partition;
  if (!names.sort) throw new Error(`Table ${table} has no sort key to query on.`);
  const sortPart =
    'beginsWith' in sort ? `begins_with(${names.sort}, ${sort.beginsWith})` : `${names.sort} >= ${sort.atLeast}`;
  return `${partition} AND ${sortPart}`;
}
