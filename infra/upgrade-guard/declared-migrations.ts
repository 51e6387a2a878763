import type { StatefulChange, StatefulChangeKind } from './stateful-changes';

/**
 * Replacements and removals of stateful resources that a release makes on purpose, each with the
 * migration that keeps the data (copy, backfill, export/import...) and why. Anything the upgrade guard
 * finds that is not declared here fails the infra tests; a declaration that matches nothing fails
 * them too, so it leaves with the release snapshot that made it necessary.
 *
 * Example:
 *   { stack: 'adsmith-prod-stateful', logicalId: 'RulesTable0A1B2C3D', kind: 'replace',
 *     reason: 'the sort key becomes ruleId#version', migration: 'scripts/migrate-rules-table.ts copies ...' }
 */
export interface DeclaredMigration {
  /** The stack's name, e.g. `adsmith-prod-stateful` (each stage is its own stack). */
  stack: string;
  logicalId: string;
  kind: StatefulChangeKind;
  reason: string;
  migration: string;
}

export const DECLARED_MIGRATIONS: readonly DeclaredMigration[] = [];

export function isDeclared(change: StatefulChange, declarations: readonly DeclaredMigration[]): boolean {
  return declarations.some(
    (d) => d.stack === change.stack && d.logicalId === change.logicalId && d.kind === change.kind,
  );
}
