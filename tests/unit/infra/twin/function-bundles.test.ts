import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlingCode, functionBundle, isFileInput, manifestEntry } from '@infra/twin/function-bundles';

describe('the bundle manifest', () => {
  it('records an input as seen, unless it changed after the build started (then the next start rebuilds)', () => {
    const started = 1_000_000;
    expect(manifestEntry({ size: 10, mtimeMs: started - 5 }, started)).toEqual({ size: 10, mtimeMs: started - 5 });
    // Edited while esbuild ran: the bundle may hold the old text, so no time of the file can match this entry.
    expect(manifestEntry({ size: 12, mtimeMs: started + 30_000 }, started)).toEqual({ size: 12, mtimeMs: -1 });
  });
});

describe('a function bundle with a lazy chunk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'adsmith-bundle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is written as index.mjs with its chunk beside it, which the handler loads when called', async () => {
    writeFileSync(path.join(root, 'tsconfig.json'), '{}');
    writeFileSync(path.join(root, 'lazy.ts'), "export const answer = 'from the lazy chunk';\n");
    writeFileSync(
      path.join(root, 'handler.ts'),
      "export const handler = async () => (await import('./lazy')).answer;\n",
    );
    const cacheDir = path.join(root, 'cache');
    const options = { cacheDir, tsconfig: path.join(root, 'tsconfig.json') };
    const file = await functionBundle('sample', path.join(root, 'handler.ts'), options);

    expect(file).toBe(path.join(cacheDir, 'sample', 'index.mjs'));
    const files = readdirSync(path.dirname(file)).sort();
    // The entry, one chunk, the manifest; nothing left of the temporary build folder.
    expect(files.filter((name) => /^chunk-[A-Z0-9]+\.mjs$/.test(name))).toHaveLength(1);
    expect(files.filter((name) => !/^chunk-/.test(name))).toEqual(['index.mjs', 'manifest.json']);
    const { handler } = (await import(pathToFileURL(file).href)) as { handler: () => Promise<string> };
    await expect(handler()).resolves.toBe('from the lazy chunk');
    // Unchanged inputs: the cached bundle is used as it is.
    expect(await functionBundle('sample', path.join(root, 'handler.ts'), options)).toBe(file);
  }, 30_000);
});

describe('a function bundle that imports a built-in as ESM', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'adsmith-bundle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is built and cached: the built-in comes from a bundling plugin, with no file behind it to watch', async () => {
    expect(isFileInput('adsmith-builtin:process')).toBe(false);
    expect(isFileInput('node_modules/zod/v4/core/core.js')).toBe(true);
    expect(isFileInput('../../main/node_modules/zod/v4/core/core.js')).toBe(true);
    writeFileSync(path.join(root, 'tsconfig.json'), '{}');
    writeFileSync(
      path.join(root, 'handler.ts'),
      "import { versions } from 'node:process';\nexport const handler = async () => versions.node;\n",
    );
    const options = { cacheDir: path.join(root, 'cache'), tsconfig: path.join(root, 'tsconfig.json') };
    const file = await functionBundle('builtin', path.join(root, 'handler.ts'), options);
    const { handler } = (await import(pathToFileURL(file).href)) as { handler: () => Promise<string> };
    await expect(handler()).resolves.toBe(process.versions.node);
    expect(await functionBundle('builtin', path.join(root, 'handler.ts'), options)).toBe(file);
  }, 30_000);
});

describe("the bundles' cache key", () => {
  it('holds the source of every bundling plugin and of the settings, so a change to a rule rebuilds the bundles', async () => {
    const lib = path.join(import.meta.dirname, '../../../../infra/cdk/lib');
    const plugins = readdirSync(path.join(lib, 'bundling')).filter((name) => name.endsWith('.ts'));
    expect(plugins).toContain('pure-schema-declarations.ts');
    const code = await bundlingCode();
    for (const file of [
      path.join(lib, 'lambda-bundling.ts'),
      ...plugins.map((name) => path.join(lib, 'bundling', name)),
    ])
      expect(code, file).toContain(readFileSync(file, 'utf8'));
  });
});
