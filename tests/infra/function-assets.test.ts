import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';

/**
 * Synthesized with bundling on (each function bundled by esbuild as for a deploy, ~2 s each): each function's asset is
 * read back through its source map, which names the handler the bundle was built from.
 */
describe('each function ships its own bundle', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk.out-adsmith-assets-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('one asset per function, holding its own handler (CDK caches staged assets by a key that omits tryBundle)', () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'Assets');
    const names = ['health', 'account', 'contact'] as const;
    for (const name of names) {
      new AppFunction(stack, name, {
        name,
        namePrefix: 'test',
        description: name,
        logRetention: RetentionDays.ONE_MONTH,
      });
    }
    const assembly = app.synth();
    const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
    const keyOf = (name: string) =>
      Object.values(functions).find((fn) => (fn.Properties.Description as string) === name)!.Properties.Code
        .S3Key as string;
    const keys = names.map(keyOf);
    expect(new Set(keys).size).toBe(names.length);
    for (const name of names) {
      const map = join(assembly.directory, `asset.${keyOf(name).replace(/\.zip$/, '')}`, 'index.mjs.map');
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
      expect(sources.filter((source) => /lambdas\/[^/]+\/handler\.ts$/.test(source))).toEqual([
        expect.stringMatching(new RegExp(`lambdas/${name}/handler\\.ts$`)),
      ]);
    }
  }, 120_000);
});
