import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_MODULE_REPLACEMENTS, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { bundleLambdaSync } from '@infra/cdk/lib/bundling/bundle-lambda-sync';
import {
  moduleReplacementsPlugin,
  replacementFor,
  replacementImportFilter,
  standInFor,
  type ModuleReplacement,
} from '@infra/cdk/lib/bundling/module-replacements';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

const standIn = path.join(import.meta.dirname, 'fixtures', 'zod-locale-stand-in.mjs');
const zodLocale: ModuleReplacement = {
  module: 'zod/v4/locales/en.js',
  standIn,
  reason: 'a test: every message comes from the stand-in',
};

/** Bundles `contents` (ESM, resolved from the repo root) with the plugin, into a temporary folder; returns the entry. */
async function bundle(contents: string, replacements: readonly ModuleReplacement[]) {
  const outdir = await mkdtemp(path.join(os.tmpdir(), 'replacements-'));
  const { metafile } = await build({
    stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir,
    metafile: true,
    logLevel: 'silent',
    plugins: [moduleReplacementsPlugin(replacements)],
  });
  return { metafile, outdir, entry: path.join(outdir, 'stdin.js') };
}

describe('moduleReplacementsPlugin', () => {
  it('bundles the stand-in where the package imports the file relatively, and the stand-in is what runs', async () => {
    const { metafile, outdir, entry } = await bundle(
      "import * as z from 'zod'; export const issue = z.string().safeParse(42).error?.issues[0]?.message;",
      [zodLocale],
    );
    try {
      const inputs = Object.keys(metafile.inputs);
      expect(inputs.some((file) => file.endsWith('zod-locale-stand-in.mjs'))).toBe(true);
      expect(inputs.filter((file) => file.endsWith('zod/v4/locales/en.js'))).toEqual([]);
      // In a process of its own: zod keeps its locale in a global that another zod in this one may have set.
      const printed = execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        `const { issue } = await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(issue);`,
      ]);
      expect(printed.toString().trim()).toBe('message from the stand-in');
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);

  it('replaces the file when imported by its bare path too, and leaves everything else as esbuild resolves it', async () => {
    const { metafile, outdir } = await bundle(
      "export { default as en } from 'zod/v4/locales/en.js'; export { default as de } from 'zod/v4/locales/de.js';",
      [zodLocale],
    );
    try {
      const inputs = Object.keys(metafile.inputs);
      expect(inputs.some((file) => file.endsWith('zod-locale-stand-in.mjs'))).toBe(true);
      expect(inputs.some((file) => file.endsWith('zod/v4/locales/de.js'))).toBe(true);
      expect(inputs.filter((file) => file.endsWith('zod/v4/locales/en.js'))).toEqual([]);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);

  it('changes nothing without replacements', async () => {
    const { metafile, outdir } = await bundle("export { default } from 'zod/v4/locales/en.js';", []);
    await rm(outdir, { recursive: true, force: true });
    expect(Object.keys(metafile.inputs).some((file) => file.endsWith('zod/v4/locales/en.js'))).toBe(true);
  });
});

describe('replacementFor', () => {
  it('match a file by its path under the last node_modules, nested packages included', () => {
    expect(replacementFor(path.join(REPO_ROOT, 'node_modules/zod/v4/locales/en.js'), [zodLocale])).toBe(zodLocale);
    expect(replacementFor('/x/node_modules/a/node_modules/zod/v4/locales/en.js', [zodLocale])).toBe(zodLocale);
    expect(replacementFor('/x/node_modules/zod/v4/locales/de.js', [zodLocale])).toBeUndefined();
    expect(replacementFor('/x/zod/v4/locales/en.js', [zodLocale])).toBeUndefined();
  });
});

describe('standInFor', () => {
  const forS3 = { ...zodLocale, forImporters: { under: ['@aws-sdk/client-s3/', 'a/b.js'], standIn: '/for-s3.mjs' } };
  it("gives the importers under a listed prefix their stand-in, every other importer the entry's", () => {
    expect(standInFor(forS3, '/x/node_modules/@aws-sdk/client-s3/dist-es/S3Client.js')).toBe('/for-s3.mjs');
    expect(standInFor(forS3, '/x/node_modules/y/node_modules/a/b.js')).toBe('/for-s3.mjs');
    expect(standInFor(forS3, '/x/node_modules/@aws-sdk/client-s3x/index.js')).toBe(standIn);
    expect(standInFor(forS3, '/x/node_modules/@aws-sdk/client-dynamodb/dist-es/index.js')).toBe(standIn);
    expect(standInFor(forS3, '/x/@aws-sdk/client-s3/dist-es/S3Client.js')).toBe(standIn);
    expect(standInFor(zodLocale, '/x/node_modules/@aws-sdk/client-s3/dist-es/S3Client.js')).toBe(standIn);
  });
});

describe('replacementImportFilter', () => {
  it("lets through the specifiers that name a replaced file or an index's folder, and no other", () => {
    const filter = replacementImportFilter([
      zodLocale,
      { ...zodLocale, module: '@aws-sdk/core/dist-es/submodules/protocols/index.js' },
    ]);
    for (const specifier of ['./en', './en.js', '../locales/en.js', 'zod/v4/locales/en.mjs', 'en']) {
      expect(filter.test(specifier), specifier).toBe(true);
    }
    for (const specifier of ['./protocols', './protocols/', './protocols/index.js', '@aws-sdk/core/protocols']) {
      expect(filter.test(specifier), specifier).toBe(true);
    }
    for (const specifier of ['./de.js', './enum.js', 'zod', './index.js', './other/index.js', 'men.js', './en/x']) {
      expect(filter.test(specifier), specifier).toBe(false);
    }
  });
});

/** The plugin without its filter: every import resolved twice, so nothing can slip past (slow; the oracle). */
function exhaustiveReplacementsPlugin(replacements: readonly ModuleReplacement[]): Plugin {
  return {
    name: 'exhaustive-replacements',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'exhaustive') return undefined;
        const { path: resolved, errors } = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'exhaustive',
        });
        const replacement = errors.length === 0 ? replacementFor(resolved, replacements) : undefined;
        return replacement ? { path: standInFor(replacement, args.importer) } : undefined;
      });
    },
  };
}

describe('the replacements every Lambda bundle applies', () => {
  it('replace in real functions exactly what resolving every import would replace', async () => {
    // graphics loads S3 (the REST-XML protocol, flexible checksums) and the agent the most of the SDK and X-Ray.
    for (const name of ['graphics', 'agent']) {
      const entry = path.join(REPO_ROOT, 'lambdas', name, 'handler.ts');
      const inputsWith = async (plugin: Plugin) => {
        const plugins = lambdaEsbuildOptions.plugins.map((other) =>
          other.name === 'adsmith-module-replacements' ? plugin : other,
        );
        const { metafile } = await build({
          ...lambdaEsbuildOptions,
          plugins,
          entryPoints: [entry],
          outdir: path.join(os.tmpdir(), 'unused'),
          minify: false,
          write: false,
          metafile: true,
          logLevel: 'silent',
        });
        return Object.keys(metafile.inputs).sort();
      };
      const filtered = await inputsWith(moduleReplacementsPlugin(LAMBDA_MODULE_REPLACEMENTS));
      expect(
        filtered.some((file) => file.includes('bundling/cut/')),
        name,
      ).toBe(true);
      expect(filtered, name).toEqual(await inputsWith(exhaustiveReplacementsPlugin(LAMBDA_MODULE_REPLACEMENTS)));
    }
  }, 120_000);

  it('name files that exist, stand-ins that exist and a reason each: an upgrade that moves a file fails here', () => {
    for (const replacement of LAMBDA_MODULE_REPLACEMENTS) {
      expect(existsSync(path.join(REPO_ROOT, 'node_modules', replacement.module)), replacement.module).toBe(true);
      expect(existsSync(replacement.standIn), replacement.standIn).toBe(true);
      expect(replacement.reason.length, replacement.module).toBeGreaterThan(20);
    }
  });

  it('are applied by the bundling CDK runs, which is synchronous and so builds in a worker thread', async () => {
    expect(lambdaEsbuildOptions.plugins.map((plugin) => plugin.name)).toContain('adsmith-module-replacements');
    const outdir = await mkdtemp(path.join(os.tmpdir(), 'cdk-bundle-'));
    try {
      const entry = path.join(outdir, 'entry.ts');
      await writeFile(entry, 'export const handler = async () => ({ statusCode: 200 });\n');
      bundleLambdaSync(entry, path.join(outdir, 'out'));
      expect(await readdir(path.join(outdir, 'out'))).toContain('index.mjs');
      await writeFile(entry, "import { nothing } from './missing';\nexport const handler = nothing;\n");
      expect(() => bundleLambdaSync(entry, path.join(outdir, 'out'))).toThrow(/Could not resolve "\.\/missing"/);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
