import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinModuleSource, builtinOf } from '@infra/cdk/lib/bundling/builtins-through-require';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';

const outdir = mkdtempSync(path.join(tmpdir(), 'builtins-through-require-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** An entry that imports as the bundled packages do: the SDK's user agent, middy's core, the SDK's CRC32. */
const entry = `
import { env, versions } from 'node:process';
import { setTimeout as later } from 'node:timers';
import { ReadableStream } from 'node:stream/web';
import * as zlib from 'node:zlib';
export const read = () => ({ env, versions, later, ReadableStream, crc32: zlib.crc32 });
`;

/**
 * Imports the bundle in a fresh Node process and reports the built-ins its import loaded, those reading the imports
 * loaded after that, and whether each import is the built-in's own export.
 */
const probe = `
const seen = () => new Set(process.moduleLoadList);
const before = seen();
const bundle = await import(process.argv[1]);
const atImport = seen();
const values = bundle.read();
const afterRead = seen();
const { ReadableStream } = await import('node:stream/web');
const zlib = await import('node:zlib');
const timers = await import('node:timers');
const added = (from, to) => [...to].filter((name) => !from.has(name));
console.log(JSON.stringify({
  atImport: added(before, atImport),
  onRead: added(atImport, afterRead),
  same: [values.env === process.env, values.versions === process.versions, values.later === timers.setTimeout,
    values.ReadableStream === ReadableStream, values.crc32 === zlib.crc32],
}));
`;

describe('built-ins imported as ESM in Lambda bundles', () => {
  it('recognises built-ins with and without the node: scheme, and nothing else', () => {
    expect(builtinOf('node:process')).toBe('process');
    expect(builtinOf('fs/promises')).toBe('fs/promises');
    expect(builtinOf('zod')).toBeUndefined();
    expect(builtinOf('node:zod')).toBeUndefined();
  });

  it('loads a built-in with require(), lazily only for those listed', () => {
    expect(builtinModuleSource('process')).toBe('module.exports = require("node:process");');
    expect(builtinModuleSource('stream/web')).toContain('new Proxy');
  });

  it('runs no getter of the imported modules at init, loads stream/web and zlib on first read, and imports the same values', async () => {
    await build({
      ...lambdaEsbuildOptions,
      stdin: { contents: entry, resolveDir: process.cwd(), sourcefile: 'entry.mjs' },
      entryNames: 'probe',
      outdir,
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe, path.join(outdir, 'probe.mjs')], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { atImport: string[]; onRead: string[]; same: boolean[] };
    // What the ESM facades' getters loaded: process.report, timers.promises.
    expect(result.atImport).not.toContain('NativeModule internal/process/report');
    expect(result.atImport).not.toContain('NativeModule timers/promises');
    expect(result.atImport).not.toContain('NativeModule stream/web');
    expect(result.atImport).not.toContain('NativeModule zlib');
    expect(result.onRead).toEqual(expect.arrayContaining(['NativeModule stream/web', 'NativeModule zlib']));
    expect(result.same).toEqual([true, true, true, true, true]);
  }, 60_000);
});
