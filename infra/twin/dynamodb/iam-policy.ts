import type { FunctionName } from '@shared/functions';
import { grantedNeeds } from '@shared/granted-needs';
import { tables, type TableKey } from '@shared/tables';
import { localTableName } from '../function-environment';

/**
 * What IAM would check for one DynamoDB request of a function, and whether the function's grants (the functions
 * table, as the stack turns it into its role's policy: infra/cdk/lib/constructs/app-function.ts `bindTable`) allow
 * it. The twin has no IAM of its own, so without this a function whose code sends a command its role lacks works
 * here and fails in AWS (it happened twice).
 *
 * Per AWS's "Actions defined by Amazon DynamoDB" and "Using IAM with DynamoDB transactions": each operation is the
 * action of its own name on the table (or on `table/<t>/index/<i>` for a Query or Scan of an index); a batch is
 * BatchGetItem / BatchWriteItem on each table it names; a transaction is governed by its parts' own actions (Put →
 * PutItem, Update → UpdateItem, Delete → DeleteItem, Get → GetItem, ConditionCheck → ConditionCheckItem).
 */
export interface DynamoAccess {
  action: string;
  table: string;
  index?: string;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const TRANSACT_PARTS: Readonly<Record<string, string>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

export function accessesOf(operation: string, body: unknown): DynamoAccess[] {
  const request = record(body);
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys(record(request.RequestItems)).map((table) => ({ action: operation, table }));
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return (Array.isArray(request.TransactItems) ? request.TransactItems : []).flatMap((item) =>
        Object.entries(record(item)).flatMap(([part, detail]) => {
          const action = TRANSACT_PARTS[part];
          return action ? [{ action, table: String(record(detail).TableName) }] : [];
        }),
      );
    default: {
      const index = (operation === 'Query' || operation === 'Scan') && request.IndexName;
      return [
        {
          action: operation,
          table: typeof request.TableName === 'string' ? request.TableName : '*',
          ...(typeof index === 'string' && { index }),
        },
      ];
    }
  }
}

let byPhysicalName: Map<string, TableKey> | undefined;
function tableKeyOf(physical: string): TableKey | undefined {
  byPhysicalName ??= new Map((Object.keys(tables) as TableKey[]).map((key) => [localTableName(key), key]));
  return byPhysicalName.get(physical);
}

/** The first access the function's grants do not allow, or undefined when they allow them all. */
export function refusedAccess(fn: FunctionName, accesses: readonly DynamoAccess[]): DynamoAccess | undefined {
  const granted = grantedNeeds(fn).tables ?? {};
  return accesses.find((access) => {
    const key = tableKeyOf(access.table);
    const need = key ? granted[key] : undefined;
    if (!need) return true;
    const allowed: readonly string[] = access.index === undefined ? need.actions : (need.indexActions ?? []);
    return !allowed.includes(access.action);
  });
}

/** DynamoDB's own answer to a request IAM refuses (HTTP 400, AccessDeniedException), naming what was missing. */
export function accessDeniedMessage(fn: string, access: DynamoAccess, region: string): string {
  const resource = `arn:aws:dynamodb:${region}:000000000000:table/${access.table}${access.index ? `/index/${access.index}` : ''}`;
  return (
    `User: arn:aws:sts::000000000000:assumed-role/${fn}-role/${fn} is not authorized to perform: ` +
    `dynamodb:${access.action} on resource: ${resource} because no identity-based policy allows the ` +
    `dynamodb:${access.action} action (the twin checks the grants of shared/functions.ts, as IAM would)`
  );
}
