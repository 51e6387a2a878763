import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { parseConfig, type Stage } from '../cdk/config';
import { createStacks } from '../cdk/lib/create-stacks';
import { REPO_ROOT } from '../cdk/lib/paths';
import type { CfnTemplate } from './stateful-changes';

/**
 * The templates of one stage as `cdk synth` builds them (cdk.json's feature flags, the stage's
 * config), keyed by stack name. Functions are not bundled: their code is not state, and skipping
 * esbuild keeps this to a few seconds.
 */
export function synthStageTemplates(stage: Stage): Record<string, CfnTemplate> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const outdir = mkdtempSync(join(tmpdir(), 'cdk.out-upgrade-guard-'));
  try {
    const context = { ...cdkJson.context, stage };
    const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    createStacks(app, parseConfig(context), { env: {}, webDistDir: null });
    const assembly = app.synth();
    return Object.fromEntries(assembly.stacks.map((stack) => [stack.stackName, stack.template as CfnTemplate]));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
