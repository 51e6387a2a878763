import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  StreamViewType,
  Table,
  TableEncryption,
  type Attribute,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { physicalTableName } from '@shared/physical-names';
import { tables, type KeyDeclaration, type TableDeclaration, type TableKey } from '@shared/tables';

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
          tableName: physicalTableName(props.namePrefix, declaration),
          partitionKey: toAttribute(declaration.partitionKey),
          sortKey: declaration.sortKey && toAttribute(declaration.sortKey),
          billingMode: BillingMode.PAY_PER_REQUEST,
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          encryption: TableEncryption.CUSTOMER_MANAGED,
          encryptionKey: props.encryptionKey,
          timeToLiveAttribute: declaration.ttlAttribute,
          stream: declaration.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
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

/**
 * The tables of the tables table as seen from another stack, referenced by their
 * literal names rather than by cross-stack tokens. Grants then name each table (and
 * its `/index/*`) literally, so IAM and cdk-nag findings are the same before and
 * after synthesis, and the imported key never has its policy edited from outside.
 */
export function importDataTables(
  scope: Construct,
  namePrefix: string,
  /** undefined: the caller grants the key's use itself (the edge stack, by the key's alias). */
  encryptionKey: IKey | undefined,
  declarations: Record<TableKey, TableDeclaration> = tables,
): Record<TableKey, ITable> {
  return Object.fromEntries(
    (Object.entries(declarations) as [TableKey, TableDeclaration][]).map(([key, declaration]) => [
      key,
      Table.fromTableAttributes(scope, `Table-${key}`, {
        tableName: physicalTableName(namePrefix, declaration),
        encryptionKey,
        globalIndexes: declaration.globalIndexes?.map((index) => index.name),
      }),
    ]),
  ) as Record<TableKey, ITable>;
}

/** The alias of the key that encrypts the tables and secrets, known to stacks deployed before the key. */
export function dataKeyAliasName(namePrefix: string): string {
  return `alias/${namePrefix}-data`;
}

function toAttribute(key: KeyDeclaration): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}
