import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleFiles, entryOutputOf, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
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
  return { metafile, entry: entryOutputOf(metafile) };
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

describe('the lazy chunk of an AWS client', () => {
  it('holds only the commands the code sends, not every command of the service', async () => {
    const { metafile, entry } = await bundled('team');
    const commands = new Set<string>();
    for (const output of bundleFiles(metafile, entry).lazy) {
      for (const input of Object.keys(metafile.outputs[output]!.inputs)) {
        const command = /client-cognito-identity-provider\/dist-es\/commands\/(\w+)\.js$/.exec(input)?.[1];
        if (command) commands.add(command);
      }
    }
    expect([...commands].sort()).toEqual(['AdminGetUserCommand', 'AdminUpdateUserAttributesCommand']);
  }, 60_000);
});

describe('entryOutputOf', () => {
  it('is index.mjs, though the chunk of a module reached by import() has an entryPoint too and may come first', () => {
    const output = (entryPoint?: string): Metafile['outputs'][string] => ({
      bytes: 1,
      inputs: {},
      imports: [],
      exports: [],
      ...(entryPoint && { entryPoint }),
    });
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'out/chunk-PDF.mjs': output('node_modules/pdfkit/js/pdfkit.node.mjs'),
        'out/index.mjs': output('lambdas/reports/handler.ts'),
      },
    };
    expect(entryOutputOf(metafile)).toBe('out/index.mjs');
  });
});

describe('code splitting of the heavy SDKs (issue 23 req 15)', () => {
  it.each([
    ['billing', 'stripe'],
    ['chatbot', 'openai'],
    ['reports', 'pdfkit'],
    // The AWS clients only some routes use (lib/aws/lazy-sdk.ts).
    ['account', '@aws-sdk/client-cognito-identity-provider'],
    ['team', '@aws-sdk/client-sesv2'],
    ['contact', '@aws-sdk/client-eventbridge'],
    ['automation-rules', '@aws-sdk/client-kms'],
    ['marketing-mix', '@aws-sdk/client-sqs'],
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

/** The repo's own source files whose code sits in these outputs. */
function sourcesIn(metafile: Metafile, outputs: string[]): Set<string> {
  return new Set(
    outputs.flatMap((output) =>
      Object.keys(metafile.outputs[output]!.inputs).filter((f) => !f.includes('node_modules')),
    ),
  );
}

describe('routes loaded on first use (onFirstUse, issue 23 req 15)', () => {
  it.each([
    // The recommendations' logic and the schemas of the optimizer's routes load with the first request that needs them.
    ['optimizer', 'lambdas/optimizer/list-recommendations.ts'],
    ['optimizer', 'shared/schemas/optimizer.ts'],
    ['optimizer', 'shared/function-routes/optimizer.ts'],
    // The agent's tools (their zod schemas) and the MCP SDK load with the first MCP request, not at init.
    ['mcp', 'lambdas/lib/agent/read-tools.ts'],
    ['mcp', 'lambdas/mcp/serve-mcp.ts'],
    ['audiences', 'shared/schemas/audiences.ts'],
  ])(
    '%s: %s is only in chunks a cold start does not load',
    async (fn, source) => {
      const { metafile, entry } = await bundled(fn);
      const files = bundleFiles(metafile, entry);
      expect(sourcesIn(metafile, files.init).has(source)).toBe(false);
      expect(sourcesIn(metafile, files.lazy).has(source)).toBe(true);
    },
    60_000,
  );

  it('no function loads the whole routes table (every function’s schemas) at init', async () => {
    for (const fn of ['optimizer', 'audiences', 'graphics-video-worker']) {
      const { metafile, entry } = await bundled(fn);
      expect(sourcesIn(metafile, bundleFiles(metafile, entry).init).has('shared/routes.ts'), fn).toBe(false);
    }
  }, 60_000);
});
