import { tableEnvVar, type TableKey } from '@shared/tables';

/**
 * A table's physical name, read from its env var when first needed: a function is given
 * (and granted) only the tables its entry in shared/functions.ts declares, so names are
 * read one by one, and an undeclared table fails loudly here, naming the variable.
 */
export function tableName(key: TableKey): string {
  const name = process.env[tableEnvVar(key)];
  if (!name) throw new Error(`Invalid function configuration: ${tableEnvVar(key)} is not set`);
  return name;
}
