import type { TableDeclaration } from './tables';

/**
 * Physical names of deployed things, written once: CDK names resources with them and the
 * local twin (stage `local`) uses the same ones, so a name never differs between the two.
 */

/** CloudWatch metrics namespace of every function (Powertools Metrics). */
export const METRICS_NAMESPACE = 'Adsmith';

/** Prefix of every physical name of a stage, e.g. `adsmith-dev`. */
export function stageNamePrefix(stage: string): string {
  return `adsmith-${stage}`;
}

/** `<prefix>-<declared name>`, e.g. `adsmith-dev-user_meta_connections`. */
export function physicalTableName(namePrefix: string, declaration: Pick<TableDeclaration, 'name'>): string {
  return `${namePrefix}-${declaration.name}`;
}

/** `<prefix>-<function>`, e.g. `adsmith-dev-account`. */
export function physicalFunctionName(namePrefix: string, fn: string): string {
  return `${namePrefix}-${fn}`;
}
