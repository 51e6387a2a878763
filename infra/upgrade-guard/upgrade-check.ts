import { isDeclared, type DeclaredMigration } from './declared-migrations';
import { statefulChanges, type CfnTemplate, type StatefulChange } from './stateful-changes';

export interface UpgradeCheck {
  /** Replacements and removals of stateful resources nobody declared: the upgrade would lose data. */
  undeclared: StatefulChange[];
  /** Declarations that match no change (stale: remove them). */
  unused: DeclaredMigration[];
}

/**
 * Compares the previous release's stacks with the current ones, stack by stack; a stack that is gone
 * counts as every one of its stateful resources deleted.
 */
export function checkUpgrade(
  previous: Record<string, CfnTemplate>,
  current: Record<string, CfnTemplate>,
  declarations: readonly DeclaredMigration[],
): UpgradeCheck {
  const changes = Object.entries(previous).flatMap(([stack, before]) =>
    statefulChanges(stack, before, current[stack] ?? { Resources: {} }),
  );
  return {
    undeclared: changes.filter((change) => !isDeclared(change, declarations)),
    unused: declarations.filter(
      (d) => !changes.some((c) => c.stack === d.stack && c.logicalId === d.logicalId && c.kind === d.kind),
    ),
  };
}
