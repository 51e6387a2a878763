import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { functionEnvironment } from '@infra/twin/function-environment';
import { FunctionRunner, FunctionTimeoutError } from '@infra/twin/function-runner';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/lambdas');
const BUNDLES = mkdtempSync(path.join(tmpdir(), 'adsmith-runner-'));

const local = {
  region: 'us-east-1',
  dynamodbUrl: 'http://127.0.0.1:1',
  secretsManagerUrl: 'http://127.0.0.1:2',
  eventBridgeUrl: 'http://127.0.0.1:3',
  cognitoUrl: 'http://127.0.0.1:4',
  userPoolId: 'local_pool',
  siteUrl: 'http://127.0.0.1:5',
  kmsUrl: 'http://127.0.0.1:6',
  kmsKeyArns: { metaTokens: 'arn:aws:kms:us-east-1:000000000000:key/k' },
};

interface EnvReply {
  env: Record<string, string>;
  functionName: string;
  remainingMs: number;
  event: unknown;
}

/**
 * The twin runs each function in its own worker thread whose process.env is exactly what its
 * entry in shared/functions.ts declares: these fixtures (under the names of real entries) show it.
 */
describe('FunctionRunner', () => {
  const runner = new FunctionRunner({
    lambdasDir: FIXTURES,
    bundleDir: BUNDLES,
    namePrefix: 'adsmith-local',
    region: 'us-east-1',
    environment: (fn) => functionEnvironment(fn, local),
    timeoutMs: 20_000,
  });
  afterAll(async () => {
    await runner.stop();
    rmSync(BUNDLES, { recursive: true, force: true });
  });

  it('gives a function exactly its declared environment, nothing of the twin process', async () => {
    process.env.ADSMITH_TWIN_ONLY = 'must not leak';
    try {
      const reply = (await runner.invoke('health', { hello: 1 })) as EnvReply;
      expect(reply.env).toEqual(functionEnvironment('health', local));
      expect(reply.env).not.toHaveProperty('ADSMITH_TWIN_ONLY');
      expect(reply.env).not.toHaveProperty('USER_POOL_ID');
      expect(Object.keys(reply.env).filter((k) => k.startsWith('TABLE_'))).toEqual([]);
      expect(reply.event).toEqual({ hello: 1 });
      expect(reply.functionName).toBe('adsmith-local-health');
      expect(reply.remainingMs).toBeGreaterThan(0);
    } finally {
      delete process.env.ADSMITH_TWIN_ONLY;
    }
  }, 60_000);

  it('fails a function that uses a table its entry does not declare, naming the variable', async () => {
    await expect(runner.invoke('account', {})).rejects.toThrow(/TABLE_GRAPH_CACHE is not set/);
  }, 60_000);

  it('passes a handler error back with its name and message', async () => {
    await expect(runner.invoke('health', { fail: 'boom' })).rejects.toMatchObject({
      name: 'TypeError',
      message: 'boom',
    });
  }, 60_000);

  it('refuses a function with no entry in the functions table', async () => {
    await expect(runner.invoke('no-such-function', {})).rejects.toThrow(/no entry in shared\/functions.ts/);
  });

  it('times out as Lambda does, and the environment stays usable', async () => {
    const slow = new FunctionRunner({
      lambdasDir: FIXTURES,
      bundleDir: BUNDLES,
      namePrefix: 'adsmith-local',
      region: 'us-east-1',
      environment: (fn) => functionEnvironment(fn, local),
      timeoutMs: 300,
    });
    try {
      await slow.load('health');
      await expect(slow.invoke('health', { sleepMs: 5_000 })).rejects.toBeInstanceOf(FunctionTimeoutError);
      await expect(slow.invoke('health', {})).resolves.toMatchObject({ functionName: 'adsmith-local-health' });
    } finally {
      await slow.stop();
    }
  }, 60_000);

  it('lets a handler that is still loading finish before ending its environment', async () => {
    // Ending a worker mid-load of a native addon kills the whole process (graphics-video's FFmpeg, in CI).
    const marker = path.join(tmpdir(), `adsmith-slow-load-${process.pid}`);
    rmSync(marker, { force: true });
    const stopping = new FunctionRunner({
      lambdasDir: FIXTURES,
      bundleDir: BUNDLES,
      namePrefix: 'adsmith-local',
      region: 'us-east-1',
      environment: (fn) => functionEnvironment(fn, local),
    });
    stopping.warm(['contact'], () => undefined).catch(() => undefined);
    try {
      await stopping.stop();
      expect(existsSync(marker)).toBe(true);
    } finally {
      rmSync(marker, { force: true });
    }
  }, 60_000);
});
