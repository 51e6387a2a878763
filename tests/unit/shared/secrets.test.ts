import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { secretEnvVar, secrets } from '@shared/secrets';

const outdir = mkdtempSync(path.join(tmpdir(), 'secrets-table-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Imports the table as a Lambda bundle does, then reads one secret's schema twice, counting zod's schemas built. */
const entry = `
import { secrets } from './shared/secrets';
const atImport = globalThis.zodSchemasBuilt;
const first = secrets.originVerify.schema;
const afterRead = globalThis.zodSchemasBuilt;
const again = secrets.originVerify.schema;
console.log(JSON.stringify({ atImport, afterRead, afterSecondRead: globalThis.zodSchemasBuilt, same: first === again }));
`;

/** Counts each zod instance (schema or check) as zod's constructor initialises it. */
const countZodInstances: Plugin = {
  name: 'count-zod-instances',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]core\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        'function init(inst, def) {',
        'function init(inst, def) { if (!inst._zod) globalThis.zodSchemasBuilt = (globalThis.zodSchemasBuilt ?? 0) + 1;',
      ),
      loader: 'js',
    }));
  },
};

describe('the secrets table', () => {
  it("builds no secret's schema when imported, and one secret's schema once, when it is first read", async () => {
    await build({
      ...lambdaEsbuildOptions,
      plugins: [countZodInstances, ...lambdaEsbuildOptions.plugins],
      stdin: { contents: entry, resolveDir: REPO_ROOT, sourcefile: 'entry.ts', loader: 'ts' },
      entryNames: 'probe',
      outdir,
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, [path.join(outdir, 'probe.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const counted = JSON.parse(run.stdout) as Record<string, number | boolean>;
    // zod built nothing for the table (before this, its eight schemas were ~31 instances at every function's init).
    expect(counted.atImport ?? 0).toBe(0);
    // originVerify's schema alone, `z.object({ value: z.string().min(32) })`: 4 zod instances, not the table's ~31.
    expect(counted.afterRead).toBe(4);
    expect(counted.afterSecondRead).toBe(4);
    expect(counted.same).toBe(true);
  }, 60_000);

  it('parses each secret against its declared shape', () => {
    expect(secrets.originVerify.schema.safeParse({ value: 'v'.repeat(32) }).success).toBe(true);
    expect(secrets.originVerify.schema.safeParse({ value: 'short' }).success).toBe(false);
    expect(secrets.metaApp.schema.parse({ appId: '1', appSecret: 's', extra: 1 })).toEqual({
      appId: '1',
      appSecret: 's',
    });
    expect(secrets.stripe.schema.safeParse({ secretKey: '', webhookSecret: 'whsec_1' }).success).toBe(false);
    expect(Object.keys(secrets.notifications.schema.shape)).toEqual(['slackWebhookUrl', 'automationWebhookUrl']);
  });

  it("names each secret's environment variable from its name", () => {
    expect(secretEnvVar('originVerify')).toBe('SECRET_ORIGIN_VERIFY');
    expect(secretEnvVar('chatAddressSalt')).toBe('SECRET_CHAT_ADDRESS_SALT');
  });
});
