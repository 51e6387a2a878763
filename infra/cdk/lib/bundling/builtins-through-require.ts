import { builtinModules } from 'node:module';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * Node's built-in modules that a bundle's ESM code imports (`import { env } from 'node:process'`) are loaded with
 * require() instead of Node's ESM loader. A built-in imported as ESM gets a facade whose named exports are all of the
 * module's exports, each read once when the facade is made (`BuiltinModule.getESMFacade` → `syncExports`, nodejs/node
 * lib/internal/bootstrap/realm.js), so every lazy getter of the module runs at init: `process.report` compiles the
 * diagnostic-report module (2.3-3.5 ms CPU here, the AWS SDK's user agent imports `env` and `versions` from
 * `node:process`), `timers.promises` timers/promises (middy imports `setTimeout` from `node:timers`). Through
 * require(), which the bundle's banner provides, esbuild reads each export where it is used and nothing else runs.
 */
const PLUGIN_NAME = 'adsmith-builtins-through-require';
const NAMESPACE = 'adsmith-builtin';

/**
 * Built-ins a function's init imports but few requests use: loaded by the first property read, not at import. Each
 * with why. A request that uses one pays its load (~1 ms); every other request is spared it.
 */
export const BUILTINS_ON_FIRST_USE: Readonly<Record<string, string>> = {
  'stream/web':
    "middy's core imports ReadableStream to recognise a streamed response; only the streaming functions return " +
    'one, and loading stream/web compiles the web streams (~1.2 ms CPU at every init)',
  zlib:
    "the AWS SDK's CRC32 checksum (@smithy/core's Crc32Node, replaced so it reads zlib.crc32 when it first sums) " +
    'is used by event streams and flexible checksums (S3), not by the DynamoDB or Secrets Manager calls every ' +
    'function makes (~0.7 ms CPU at every init)',
};

const builtins = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** `node:fs` or `fs` → `fs`; undefined when the specifier is no built-in. */
export function builtinOf(specifier: string): string | undefined {
  const name = specifier.startsWith('node:') ? specifier.slice('node:'.length) : specifier;
  return builtins.has(name) ? name : undefined;
}

/** The CommonJS module bundled in place of an ESM import of `name`. */
export function builtinModuleSource(name: string): string {
  const specifier = JSON.stringify(`node:${name}`);
  if (!(name in BUILTINS_ON_FIRST_USE)) return `module.exports = require(${specifier});`;
  // esbuild's interop (__toESM) copies the module's own properties and keeps its prototype, so an import's reads
  // reach this proxy, which loads the built-in then. `__esModule` is esbuild's own question about the module.
  return [
    'let loaded;',
    `const load = () => (loaded ??= require(${specifier}));`,
    'module.exports = Object.create(new Proxy({}, {',
    "  get: (_target, key) => (key === '__esModule' ? undefined : load()[key]),",
    '  has: (_target, key) => key in load(),',
    '}));',
  ].join('\n');
}

export function builtinsThroughRequirePlugin(): Plugin {
  return {
    name: PLUGIN_NAME,
    setup(build: PluginBuild) {
      build.onResolve({ filter: /^(node:)?[a-z][a-z0-9_/]*$/ }, (args) => {
        // Dynamic import() already loads on use, and require() calls are left as they are (external).
        if (args.kind !== 'import-statement') return undefined;
        const name = builtinOf(args.path);
        return name ? { path: name, namespace: NAMESPACE } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: builtinModuleSource(args.path),
        loader: 'js',
      }));
    },
  };
}
