import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAGES } from '../cdk/config';
import { REPO_ROOT } from '../cdk/lib/paths';
import { SNAPSHOT_DIR, snapshotPath, type ReleaseSnapshot } from './release-snapshot';
import { statefulPart } from './stateful-changes';
import { synthStageTemplates } from './synth-templates';

/**
 * `npm run release:snapshot`, run on the commit that is released (after deploying it): records every
 * stage's stateful resources as that release deploys them, so the next release's upgrade guard
 * (tests/infra/upgrade-guard.test.ts) compares against what is really in the account. Commit the
 * files it writes with the release; declared migrations of the release just made can then go.
 */
function main(): void {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const stage of STAGES) {
    const templates = synthStageTemplates(stage);
    const snapshot: ReleaseSnapshot = {
      release: { version, commit, takenAt: new Date().toISOString() },
      stacks: Object.fromEntries(
        Object.entries(templates).map(([stack, template]) => [stack, statefulPart(template) as never]),
      ),
    };
    writeFileSync(snapshotPath(stage), `${JSON.stringify(snapshot, null, 2)}\n`);
    const count = Object.values(snapshot.stacks).reduce((n, s) => n + Object.keys(s.Resources).length, 0);
    console.log(`${stage}: ${count} stateful resources from ${commit.slice(0, 12)} -> ${snapshotPath(stage)}`);
  }
}

main();
