import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketEnvVar } from '@shared/buckets';
import { functions } from '@shared/functions';
import { GRAPHICS_ASSETS_DIR, graphicsAssetFiles } from '@shared/graphics/render-assets';
import { tableEnvVar } from '@shared/tables';
import { bundledFiles, copyBundledFilesInto } from '@infra/cdk/lib/bundling/bundled-files';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';
import { buildApp, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, roleStatements } from './support/template-queries';

/**
 * The export function, bundled for real: its fonts and resvg .wasm must sit beside index.mjs in the asset CDK
 * uploads (the renderer reads them from there and nowhere else when bundled), and its role may only read and write
 * objects under users/ of the assets bucket.
 */
describe('the graphics-export function', () => {
  let built: BuiltApp;
  let bundleDir: string;
  let bundledTemplate: Template;
  const fn = 'adsmith-dev-graphics-export';
  beforeAll(() => {
    built = buildApp();
    // Bundled for real, on its own (as the stateless stack test bundles a sample): the same construct
    // and the same declaration the stacks use.
    bundleDir = mkdtempSync(path.join(tmpdir(), 'cdk.out-adsmith-export-'));
    const stack = new Stack(new App({ outdir: bundleDir }), 'ExportBundle');
    new AppFunction(stack, 'Export', {
      name: 'graphics-export',
      namePrefix: 'test',
      description: functions['graphics-export'].description,
      logRetention: RetentionDays.ONE_WEEK,
      bundledFiles: bundledFiles(functions['graphics-export'].bundledFiles),
    });
    bundledTemplate = Template.fromStack(stack);
  });
  afterAll(() => {
    built?.cleanup();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  it('ships every font and the resvg WASM in graphics-assets/ beside its bundle', () => {
    const [, resource] = Object.entries(bundledTemplate.findResources('AWS::Lambda::Function'))[0]!;
    // The code asset's key is `<hash>.zip`; the synthesized folder it is zipped from is `asset.<hash>`.
    const s3Key = (resource as { Properties: { Code: { S3Key: string } } }).Properties.Code.S3Key;
    const assetDir = path.join(bundleDir, `asset.${s3Key.replace(/\.zip$/, '')}`);
    expect(existsSync(path.join(assetDir, 'index.mjs'))).toBe(true);
    const files = graphicsAssetFiles();
    expect(files.map((f) => f.name)).toContain('resvg.wasm');
    expect(files.length).toBe(11);
    for (const file of files) {
      const copied = path.join(assetDir, GRAPHICS_ASSETS_DIR, file.name);
      expect(existsSync(copied), file.name).toBe(true);
      expect(statSync(copied).size, file.name).toBeGreaterThan(1000);
    }
    const wasm = readFileSync(path.join(assetDir, GRAPHICS_ASSETS_DIR, 'resvg.wasm'));
    // The WebAssembly magic number: a real module, not a pointer file.
    expect([...wasm.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
  });

  it('copies the files into their folders beside the bundle, even under a path with spaces and quotes', () => {
    const files = bundledFiles('graphicsRenderer');
    const outputDir = path.join(bundleDir, "out dir/it's");
    copyBundledFilesInto(files, outputDir);
    for (const file of files) expect(statSync(path.join(outputDir, file.target)).size).toBe(statSync(file.source).size);
    expect(bundledFiles(undefined)).toEqual([]);
  });

  it('may only Get/Put objects under users/ of the assets bucket, and delete the ones a failed write left', () => {
    const stateless = built.templates.stateless;
    const s3Actions = allowedActions(stateless, fn).filter((action) => action.startsWith('s3:'));
    expect([...new Set(s3Actions)].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect([...functions['graphics-export'].buckets.assets.actions].sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
    ]);
    const statements = roleStatements(stateless, fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(statements).toHaveLength(1);
    const resources = [statements[0]!.Resource].flat();
    expect(resources).toHaveLength(1);
    expect(JSON.stringify(resources[0])).toContain('/users/*');
    expect(JSON.stringify(resources[0])).not.toContain('uploads/');
    expect(functionEnv(stateless, fn)[bucketEnvVar('assets')]).toBeDefined();
  });

  it('has exactly its declared DynamoDB actions: the design, its asset and export records, their pending marker, the storage and export counters', () => {
    const dynamo = allowedActions(built.templates.stateless, fn).filter((a) => a.startsWith('dynamodb:'));
    // Query: the person's workspace memberships, which every workspace function reads (issue 28).
    expect([...new Set(dynamo)].sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    const env = functionEnv(built.templates.stateless, fn);
    expect(env[tableEnvVar('graphicsItems')]).toBeDefined();
    expect(env[tableEnvVar('quotaUsage')]).toBeDefined();
    expect(env[tableEnvVar('userPlans')]).toBeDefined();
    expect(env[tableEnvVar('userMetaConnections')]).toBeUndefined();
  });
});
