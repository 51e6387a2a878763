import { describe, expect, it } from 'vitest';
import { STAGES } from '@infra/cdk/config';
import { DECLARED_MIGRATIONS } from '@infra/upgrade-guard/declared-migrations';
import { readReleaseSnapshot } from '@infra/upgrade-guard/release-snapshot';
import { describeChange } from '@infra/upgrade-guard/stateful-changes';
import { synthStageTemplates } from '@infra/upgrade-guard/synth-templates';
import { checkUpgrade } from '@infra/upgrade-guard/upgrade-check';

/**
 * Upgrades never replace state: every stage's templates as this commit synthesizes them, against the
 * previous release's (infra/upgrade-guard/previous-release, written by `npm run release:snapshot`).
 * A table, bucket, key, user pool, queue or secret that the upgrade would replace or remove fails here
 * unless infra/upgrade-guard/declared-migrations.ts declares it with its migration.
 */
describe.each(STAGES)('upgrading %s from the previous release', (stage) => {
  it('replaces and removes no stateful resource that is not declared with its migration', () => {
    const previous = readReleaseSnapshot(stage);
    const { undeclared, unused } = checkUpgrade(previous.stacks, synthStageTemplates(stage), DECLARED_MIGRATIONS);
    expect(
      undeclared.map(describeChange),
      `since release ${previous.release.version} (${previous.release.commit})`,
    ).toEqual([]);
    expect(
      unused.filter((d) => d.stack.startsWith(`adsmith-${stage}-`)),
      'declared migrations that match no change',
    ).toEqual([]);
  });
});
