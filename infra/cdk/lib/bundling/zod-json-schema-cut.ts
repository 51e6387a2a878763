import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, PluginBuild } from 'esbuild';
import { replacementFor, type ModuleReplacement } from './module-replacements';

/**
 * zod's JSON Schema conversion (~17 KB: to-json-schema.js and json-schema-processors.js) is imported by zod's classic
 * schemas, so it was in every function's init, but it runs only where a schema is turned into JSON Schema: the AI's
 * structured outputs (lambdas/lib/ai/strict-json-schema.ts), the agent tools' JSON Schemas (tool-json-schema.ts, run
 * at build time by lambdas/lib/build-json-schemas.ts: the agent reads them from a file) and the MCP SDK. The functions
 * below bundle one of those and keep it; every other function's bundle carries stand-ins that throw, naming the cut,
 * if a conversion is ever asked for (bundling/cut/zod-*.mjs).
 */
export const ZOD_JSON_SCHEMA_KEPT_IN: readonly string[] = [
  'ad-optimizer',
  'ai-campaign-optimizer',
  'campaign-generator',
  'graphics-export',
  'mcp',
  'optimizer',
  'reports',
  'reports-sender',
];

/**
 * The modules that convert a zod schema to JSON Schema: a function whose bundle reaches one and is not in
 * ZOD_JSON_SCHEMA_KEPT_IN fails to build, naming it, rather than throwing on Lambda.
 */
export const ZOD_JSON_SCHEMA_CALLERS =
  /([\\/]lambdas[\\/]lib[\\/](ai[\\/]strict-json-schema|agent[\\/]tool-json-schema)\.ts|[\\/]@modelcontextprotocol[\\/]sdk[\\/].*[\\/]zod-json-schema-compat\.js|[\\/]openai[\\/]helpers[\\/]zod\.m?js)$/;

const cutDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cut');

export const ZOD_JSON_SCHEMA_CUT: readonly ModuleReplacement[] = [
  {
    module: 'zod/v4/core/to-json-schema.js',
    standIn: path.join(cutDir, 'zod-to-json-schema.mjs'),
    reason:
      "zod's JSON Schema conversion, which classic schemas import for toJSONSchema() and their ~standard jsonSchema; run only by z.toJSONSchema callers (ZOD_JSON_SCHEMA_CALLERS).",
  },
  {
    module: 'zod/v4/core/json-schema-processors.js',
    standIn: path.join(cutDir, 'zod-json-schema-processors.mjs'),
    reason:
      "The JSON Schema processor each zod schema wires in, run only by a conversion; the stand-in keeps the package's aggregateChecks (a schema's minLength, maxValue, format…).",
  },
];

/** The function a build is for, from its entry `lambdas/<fn>/handler.ts`; undefined for any other build. */
export function functionOfEntries(entryPoints: PluginBuild['initialOptions']['entryPoints']): string | undefined {
  const entries = Array.isArray(entryPoints)
    ? entryPoints.map((entry) => (typeof entry === 'string' ? entry : entry.in))
    : Object.values(entryPoints ?? {});
  const functions = entries.map((entry) => /[\\/]?lambdas[\\/]([^\\/]+)[\\/]handler\.ts$/.exec(entry)?.[1]);
  return functions.length === 1 ? functions[0] : undefined;
}

/**
 * Cuts zod's JSON Schema conversion from a build unless it is for a function in `keptIn`; a cut build that reaches a
 * caller fails. zod imports the two files relatively (`../core/to-json-schema.js`), so the import is resolved here
 * from its folder: resolving it again through esbuild, as moduleReplacementsPlugin does, could loop with another
 * plugin that resolves again under its own marker.
 */
export function zodJsonSchemaCutPlugin(keptIn: readonly string[] = ZOD_JSON_SCHEMA_KEPT_IN): Plugin {
  return {
    name: 'adsmith-zod-json-schema-cut',
    setup(build: PluginBuild) {
      const fn = functionOfEntries(build.initialOptions.entryPoints);
      if (fn && keptIn.includes(fn)) return;
      build.onResolve({ filter: /^\.\.?\/(.*\/)?(to-json-schema|json-schema-processors)\.js$/ }, (args) => {
        const replacement = replacementFor(path.resolve(args.resolveDir, args.path), ZOD_JSON_SCHEMA_CUT);
        return replacement ? { path: replacement.standIn } : undefined;
      });
      build.onLoad({ filter: ZOD_JSON_SCHEMA_CALLERS }, (args) => ({
        errors: [
          {
            text:
              `${path.relative(process.cwd(), args.path)} converts zod schemas to JSON Schema, which the bundle of ` +
              `${fn ?? 'this entry'} cuts: add the function to ZOD_JSON_SCHEMA_KEPT_IN (infra/cdk/lib/bundling/zod-json-schema-cut.ts)`,
          },
        ],
      }));
    },
  };
}
