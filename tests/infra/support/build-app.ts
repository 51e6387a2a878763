import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { parseConfig } from '@infra/cdk/config';
import { createStacks, type AdsmithStacks } from '@infra/cdk/lib/create-stacks';
import { enableNag } from '@infra/cdk/lib/nag';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import type { AppFunctionName } from '@shared/functions';

export interface BuildOptions {
  /** CDK context on top of cdk.json's (e.g. `{ stage: 'prod' }`). */
  context?: Record<string, string>;
  /** Bundle the functions with esbuild (slower; one test file proves it works). @default false */
  bundle?: boolean;
  /** Register cdk-nag AwsSolutions as bin/app.ts does. @default false */
  nag?: boolean;
  /** Passed to createStacks; null forces the placeholder page. @default null */
  webDistDir?: string | null;
  /** Passed to createStacks. @default every function of shared/functions.ts but the Cognito triggers */
  functionNames?: readonly AppFunctionName[];
}

export interface BuiltApp {
  app: App;
  stacks: AdsmithStacks;
  outdir: string;
  templates: { waf: Template; edge: Template; stateful: Template; stateless: Template };
  /** Removes the cloud assembly written under the OS temp dir. */
  cleanup(): void;
}

/** The context cdk.json gives the real app (feature flags), so tests synth what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** Builds the app exactly as bin/app.ts does (config -> createStacks), in a temp outdir. Env-agnostic. */
export function createApp(options: BuildOptions = {}): {
  app: App;
  stacks: AdsmithStacks;
  outdir: string;
  cleanup(): void;
} {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk.out-adsmith-'));
  const context = { ...cdkJsonContext(), ...options.context };
  const app = new App({
    outdir,
    context: {
      ...context,
      // Skipping bundling keeps most test files fast; the asset then points at the source folder.
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  const config = parseConfig(Object.fromEntries(Object.entries(context)));
  const stacks = createStacks(app, config, {
    env: {},
    webDistDir: options.webDistDir ?? null,
    functionNames: options.functionNames,
  });
  if (options.nag) enableNag(app);
  return { app, stacks, outdir, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
}

/**
 * Apps already built in this worker, by their options. The infra project runs its files in one module registry
 * per worker (`isolate: false` in vitest.config.ts), so the files that ask for the same app share one synth:
 * a synth of the four stacks costs seconds of CPU, and most files only read the default app's templates.
 */
const builtApps = new Map<string, BuiltApp>();
const sharedOutdirs: (() => void)[] = [];

/** createApp + one template per stack, shared with other files asking the same; call `cleanup` in afterAll. */
export function buildApp(options: BuildOptions = {}): BuiltApp {
  const key = JSON.stringify(options);
  const known = builtApps.get(key);
  if (known) return known;
  const { app, stacks, outdir, cleanup } = createApp(options);
  // The templates are read once here, so what a file adds to `app` afterwards never shows in another's.
  const built: BuiltApp = {
    app,
    stacks,
    outdir,
    // Shared: the cloud assembly is removed when the worker ends, not by the first file to finish.
    cleanup: () => undefined,
    templates: {
      waf: Template.fromStack(stacks.waf),
      edge: Template.fromStack(stacks.edge),
      stateful: Template.fromStack(stacks.stateful),
      stateless: Template.fromStack(stacks.stateless),
    },
  };
  if (sharedOutdirs.length === 0) process.once('exit', () => sharedOutdirs.forEach((remove) => remove()));
  sharedOutdirs.push(cleanup);
  builtApps.set(key, built);
  return built;
}

/**
 * Synthesized CloudFormation is untyped JSON; tests navigate it freely and let the
 * assertions, not the compiler, check its shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CfnJson = any;

/** Resources of a type as [logicalId, resource] pairs. */
export function resourcesOf(template: Template, type: string): [string, { Properties: Record<string, CfnJson> }][] {
  return Object.entries(template.findResources(type)) as [string, { Properties: Record<string, CfnJson> }][];
}
