import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { Stage } from '../cdk/config';
import { REPO_ROOT } from '../cdk/lib/paths';
import type { CfnTemplate } from './stateful-changes';

/**
 * The previous release's stateful resources, per stage, as synthesized from the release commit and
 * committed beside this file (`npm run release:snapshot` writes them when a release is cut). Kept in
 * the repository rather than rebuilt from git history so the guard runs the same on a shallow CI
 * clone, offline, in a second.
 */
export const SNAPSHOT_DIR = join(REPO_ROOT, 'infra', 'upgrade-guard', 'previous-release');

const SnapshotSchema = z.object({
  /** package.json version and commit the snapshot was taken from. */
  release: z.object({ version: z.string(), commit: z.string(), takenAt: z.string() }),
  /** Stack name -> the stack's stateful resources (full CloudFormation definitions). */
  stacks: z.record(z.string(), z.object({ Resources: z.record(z.string(), z.looseObject({ Type: z.string() })) })),
});
export type ReleaseSnapshot = z.infer<typeof SnapshotSchema>;

export function snapshotPath(stage: Stage): string {
  return join(SNAPSHOT_DIR, `${stage}.json`);
}

export function readReleaseSnapshot(stage: Stage): ReleaseSnapshot & { stacks: Record<string, CfnTemplate> } {
  return SnapshotSchema.parse(JSON.parse(readFileSync(snapshotPath(stage), 'utf8')));
}
