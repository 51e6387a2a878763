import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { tables, type KeyDeclaration, type TableDeclaration, type TableKey } from '../../../shared/tables';

export interface DataTablesProps {
  /** Physical name prefix, e.g. `adsmith-dev`; a table is `<prefix>-<declared name>`. */
  readonly namePrefix: string;
  /** Customer-managed key that encrypts every table (Meta tokens live here). */
  readonly encryptionKey: IKey;
  /** RETAIN keeps data (and turns on deletion protection); DESTROY suits disposable stages. */
  readonly removalPolicy: RemovalPolicy;
  /** @default the tables table in shared/tables.ts */
  readonly declarations?: Record<TableKey, TableDeclaration>;
}

/**
 * Every DynamoDB table of the tables table, with the same settings: on-demand
 * billing, point-in-time recovery, the customer-managed key, TTL and global
 * indexes where declared.
 */
export class DataTables extends Construct {
  readonly byKey: Record<TableKey, Table>;

  constructor(scope: Construct, id: string, props: DataTablesProps) {
    super(scope, id);
    const declarations = props.declarations ?? tables;
    const retain = props.removalPolicy === RemovalPolicy.RETAIN;

    this.byKey = Object.fromEntries(
      (Object.entries(declarations) as [TableKey, TableDeclaration][]).map(([key, declaration]) => {
        const table = new Table(this, key, {
          tableName: `${props.namePrefix}-${declaration.name}`,
          partitionKey: toAttribute(declaration.partitionKey),
          sortKey: declaration.sortKey && toAttribute(declaration.sortKey),
          billingMode: BillingMode.PAY_PER_REQUEST,
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          encryption: TableEncryption.CUSTOMER_MANAGED,
          encryptionKey: props.encryptionKey,
          timeToLiveAttribute: declaration.ttlAttribute,
          deletionProtection: retain,
          removalPolicy: props.removalPolicy,
        });
        for (const index of declaration.globalIndexes ?? []) {
          table.addGlobalSecondaryIndex({
            indexName: index.name,
            partitionKey: toAttribute(index.partitionKey),
            sortKey: index.sortKey && toAttribute(index.sortKey),
          });
        }
        return [key, table];
      }),
    ) as Record<TableKey, Table>;
  }
}

function toAttribute(key: KeyDeclaration): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}
