import { existsSync, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketEnvVar } from '@shared/buckets';
import { functions } from '@shared/functions';
import { jobQueueEnvVar } from '@shared/job-queues';
import { GRAPHICS_ASSETS_DIR } from '@shared/graphics/render-assets';
import { bundledFiles, VIDEO_ADDON_PACKAGE } from '@infra/cdk/lib/bundling/bundled-files';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';
import { buildApp, resourcesOf, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, functionNamed, roleStatements } from './support/template-queries';

/**
 * The video worker, bundled for real: node-av's code is in index.mjs, and FFmpeg's x86_64 addon must sit in
 * node_modules/ beside it (node-av requires it from the bundle's folder), with the renderer's fonts and WASM; the
 * function runs on x86_64 to match that addon, and may only touch objects under users/ of the assets bucket. The
 * API function that queues renders is an ordinary arm64 function that only reads objects.
 */
describe('the graphics-video-worker function (and graphics-video, which queues its renders)', () => {
  let built: BuiltApp;
  let bundleDir: string;
  let bundledTemplate: Template;
  const fn = 'adsmith-dev-graphics-video-worker';
  const api = 'adsmith-dev-graphics-video';
  beforeAll(() => {
    built = buildApp();
    bundleDir = mkdtempSync(path.join(tmpdir(), 'cdk.out-adsmith-video-'));
    const stack = new Stack(new App({ outdir: bundleDir }), 'VideoBundle');
    new AppFunction(stack, 'Video', {
      name: 'graphics-video-worker',
      namePrefix: 'test',
      description: functions['graphics-video-worker'].description,
      logRetention: RetentionDays.ONE_WEEK,
      bundledFiles: bundledFiles(functions['graphics-video-worker'].bundledFiles),
      architecture: functions['graphics-video-worker'].architecture,
    });
    bundledTemplate = Template.fromStack(stack);
  });
  afterAll(() => {
    built?.cleanup();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  it('ships FFmpeg’s linux-x64 addon in node_modules/ and the renderer’s files beside its bundle', () => {
    const [, resource] = Object.entries(bundledTemplate.findResources('AWS::Lambda::Function'))[0]!;
    const props = (resource as { Properties: { Code: { S3Key: string }; Architectures: string[] } }).Properties;
    expect(props.Architectures).toEqual(['x86_64']);
    const assetDir = path.join(bundleDir, `asset.${props.Code.S3Key.replace(/\.zip$/, '')}`);
    expect(existsSync(path.join(assetDir, 'index.mjs'))).toBe(true);
    const addon = path.join(assetDir, 'node_modules', VIDEO_ADDON_PACKAGE, 'node-av.node');
    // Lambda takes 250 MB unzipped: the addon is most of it.
    expect(statSync(addon).size).toBeGreaterThan(100 * 1024 * 1024);
    expect(statSync(addon).size).toBeLessThan(240 * 1024 * 1024);
    // An ELF shared object (a real addon, not a pointer file), for x86-64 (e_machine 62).
    const head = Buffer.alloc(20);
    const handle = openSync(addon, 'r');
    readSync(handle, head, 0, 20, 0);
    closeSync(handle);
    expect([...head.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
    expect(head.readUInt16LE(18)).toBe(62);
    expect(existsSync(path.join(assetDir, GRAPHICS_ASSETS_DIR, 'resvg.wasm'))).toBe(true);
  });

  it('runs on x86_64 with the memory and timeout of its entry; every other function stays on arm64', () => {
    const stateless = built.templates.stateless;
    const [, video] = functionNamed(stateless, fn);
    // No request waits for it: 300 s, room for a 15 s 1080×1920 render on a slow vCPU many times over.
    expect(video.Properties).toMatchObject({ Architectures: ['x86_64'], MemorySize: 3008, Timeout: 300 });
    const others = resourcesOf(stateless, 'AWS::Lambda::Function').filter(([, resource]) => {
      const name = resource.Properties.FunctionName;
      return typeof name === 'string' && name.startsWith('adsmith-dev-') && name !== fn;
    });
    expect(others.length).toBeGreaterThan(10);
    for (const [, other] of others)
      expect(other.Properties.Architectures, String(other.Properties.FunctionName)).toEqual(['arm64']);
  });

  it('may only Get/Put/Delete objects under users/ of the assets bucket, and its declared DynamoDB actions', () => {
    const stateless = built.templates.stateless;
    const s3Actions = allowedActions(stateless, fn).filter((action) => action.startsWith('s3:'));
    expect([...new Set(s3Actions)].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const statements = roleStatements(stateless, fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(statements).toHaveLength(1);
    expect(JSON.stringify(statements[0]!.Resource)).toContain('/users/*');
    expect(JSON.stringify(statements[0]!.Resource)).not.toContain('uploads/');
    expect(functionEnv(stateless, fn)[bucketEnvVar('assets')]).toBeDefined();
    const dynamo = allowedActions(stateless, fn).filter((a) => a.startsWith('dynamodb:'));
    expect([...new Set(dynamo)].sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('lets graphics-video read objects under users/ (images, presigned reads) and send renders to the queue, nothing more', () => {
    const stateless = built.templates.stateless;
    const s3Actions = allowedActions(stateless, api).filter((action) => action.startsWith('s3:'));
    expect([...new Set(s3Actions)]).toEqual(['s3:GetObject']);
    const sqs = allowedActions(stateless, api).filter((action) => action.startsWith('sqs:'));
    expect(sqs).toEqual(['sqs:SendMessage']);
    expect(functionEnv(stateless, api)[jobQueueEnvVar('videoRenders')]).toBeDefined();
    expect(functionEnv(stateless, fn)[jobQueueEnvVar('videoRenders')]).toBeUndefined();
    const [, apiFunction] = functionNamed(stateless, api);
    expect(apiFunction.Properties).toMatchObject({ Architectures: ['arm64'], Timeout: 29 });
  });
});
