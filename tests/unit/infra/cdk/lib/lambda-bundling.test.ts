import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleFiles, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

/** A function bundled as CDK bundles it, into memory: its metafile and the entry's output name. */
async function bundled(fn: string): Promise<{ metafile: Metafile; entry: string }> {
  const { metafile } = await build({
    ...lambdaEsbuildOptions,
    entryPoints: [path.join(REPO_ROOT, 'lambdas', fn, 'handler.ts')],
    absWorkingDir: REPO_ROOT,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { metafile, entry: Object.keys(metafile.outputs).find((file) => metafile.outputs[file]!.entryPoint)! };
}

/** The npm packages whose code sits in these outputs. */
function packagesIn(metafile: Metafile, outputs: string[]): Set<string> {
  const packages = new Set<string>();
  for (const output of outputs) {
    for (const input of Object.keys(metafile.outputs[output]!.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

describe('bundleFiles', () => {
  const output = (imports: Metafile['outputs'][string]['imports']): Metafile['outputs'][string] => ({
    bytes: 1,
    inputs: {},
    imports,
    exports: [],
  });

  it('counts as loaded at init the entry and what it imports statically, transitively, and nothing reached only by import()', () => {
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'out/index.mjs': output([
          { path: 'out/chunk-A.mjs', kind: 'import-statement' },
          { path: 'out/chunk-LAZY.mjs', kind: 'dynamic-import' },
          { path: 'node:fs', kind: 'import-statement', external: true },
        ]),
        'out/chunk-A.mjs': output([{ path: 'out/chunk-B.mjs', kind: 'import-statement' }]),
        'out/chunk-B.mjs': output([]),
        // A lazy chunk importing a shared one statically does not make it lazy.
        'out/chunk-LAZY.mjs': output([{ path: 'out/chunk-B.mjs', kind: 'import-statement' }]),
        'out/index.mjs.map': output([]),
      },
    };
    expect(bundleFiles(metafile, 'out/index.mjs')).toEqual({
      init: ['out/index.mjs', 'out/chunk-A.mjs', 'out/chunk-B.mjs'],
      lazy: ['out/chunk-LAZY.mjs'],
    });
  });
});

describe('code splitting of the heavy SDKs (issue 23 req 15)', () => {
  it.each([
    ['billing', 'stripe'],
    ['chatbot', 'openai'],
    ['reports', 'pdfkit'],
  ])(
    '%s: %s is only in chunks a cold start does not load',
    async (fn, sdk) => {
      const { metafile, entry } = await bundled(fn);
      const files = bundleFiles(metafile, entry);
      expect(files.lazy.length).toBeGreaterThan(0);
      expect(packagesIn(metafile, files.init).has(sdk)).toBe(false);
      expect(packagesIn(metafile, files.lazy).has(sdk)).toBe(true);
    },
    60_000,
  );
});
