import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';
import type ts from 'typescript';
import { moduleSchemaFacts, type ModuleSchemaFacts } from './schema-declarations';

/**
 * esbuild keeps every top-level `const X = z.object(…)` of a module it bundles, used or not: zod's calls are not pure
 * to it. So a function that imports one schema of a module built all of that module's schemas at init (~10–30 µs
 * each; docs/benchmarks.md, session 24). This plugin marks pure each top-level declaration that only builds a schema
 * (schema-declarations.ts says which), wrapping its initializer as `/* @__PURE__ *\/ (() => (…))()`, so esbuild drops
 * those no code of the bundle references; minified, esbuild unwraps the ones it keeps (`(() => x)()` is `x`).
 *
 * The edit stays on the declaration's lines, so source maps keep their lines (a column after the wrapper's opening
 * on its first line moves by its width). A declaration whose construction has an effect is never marked: it stays
 * as it is; schema-declarations.ts lists what zod offers that has one (NOT_PURE).
 */

const PLUGIN_NAME = 'adsmith-pure-schema-declarations';
const PURE_OPEN = '/* @__PURE__ */ (() => (';
const PURE_CLOSE = '))()';

/** Our sources the plugin reads: `.ts` files under these folders, never in node_modules. */
export interface PureSchemaOptions {
  /** Absolute folders (the repo's shared/ and lambdas/). */
  roots: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The onLoad filter, tested by esbuild itself: a `.ts` file under one of `roots`. */
export function sourceFilter(roots: readonly string[]): RegExp {
  const folders = roots.map((root) => escapeRegExp(path.resolve(root) + path.sep));
  return new RegExp(`^(${folders.join('|')}).*\\.ts$`);
}

/** A file's text and facts, kept per path while its size and modification time stay (one process bundles 37). */
const factsCache = new Map<string, { size: number; mtimeMs: number; source: string; facts?: ModuleSchemaFacts }>();

let typescript: typeof ts | undefined;

/** The text says nothing of zod or of a schema: no declaration of it can be one (a parse is ~100× this test). */
function cannotDeclareSchemas(source: string): boolean {
  return !source.includes('zod') && !source.includes('Schema');
}

async function factsOf(file: string): Promise<{ source: string; facts?: ModuleSchemaFacts }> {
  const { size, mtimeMs } = await stat(file);
  const cached = factsCache.get(file);
  if (cached && cached.size === size && cached.mtimeMs === mtimeMs) return cached;
  const source = await readFile(file, 'utf8');
  let facts: ModuleSchemaFacts | undefined;
  if (!cannotDeclareSchemas(source)) {
    typescript ??= (await import('typescript')).default;
    facts = moduleSchemaFacts(typescript, file, source);
  }
  const entry = { size, mtimeMs, source, facts };
  factsCache.set(file, entry);
  return entry;
}

/** `source` with each of `spans` (sorted, disjoint) wrapped in a pure IIFE. */
export function markedPure(source: string, spans: readonly { start: number; end: number }[]): string {
  let marked = '';
  let at = 0;
  for (const { start, end } of spans) {
    marked += source.slice(at, start) + PURE_OPEN + source.slice(start, end) + PURE_CLOSE;
    at = end;
  }
  return marked + source.slice(at);
}

/** Thrown by the synchronous answer when it needs a file or an import not fetched yet: fetch it, then ask again. */
class NotFetched {
  constructor(readonly fetch: () => Promise<unknown>) {}
}

export function pureSchemaDeclarationsPlugin(options: PureSchemaOptions): Plugin {
  const filter = sourceFilter(options.roots);
  const inOurSources = (file: string) => filter.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`);
  return {
    name: PLUGIN_NAME,
    setup(build: PluginBuild) {
      // Per build (a file's answer depends on others'): where imports lead (esbuild resolves them: tsconfig paths
      // and all), each file's facts as this build read them, and which bindings are schemas.
      const resolved = new Map<string, string | undefined>();
      const facts = new Map<string, ModuleSchemaFacts | undefined>();
      const schemaBindings = new Map<string, boolean>();
      const inProgress = new Set<string>();

      const factsFetched = (file: string): ModuleSchemaFacts | undefined => {
        if (facts.has(file)) return facts.get(file);
        throw new NotFetched(async () => facts.set(file, (await factsOf(file)).facts));
      };

      /** The file an import of `importer` loads, if it is one of our sources. */
      const resolvedFetched = (specifier: string, importer: string): string | undefined => {
        const key = `${path.dirname(importer)}\0${specifier}`;
        if (resolved.has(key)) return resolved.get(key);
        throw new NotFetched(async () => {
          const result = await build.resolve(specifier, {
            kind: 'import-statement',
            importer,
            resolveDir: path.dirname(importer),
          });
          resolved.set(key, result.errors.length === 0 && inOurSources(result.path) ? result.path : undefined);
        });
      };

      /** Whether `name`, a binding of `file`, is shown to be a schema. A cycle is not shown to be one. */
      const isSchemaBinding = (file: string, name: string): boolean => {
        const key = `${file}\0${name}`;
        const known = schemaBindings.get(key);
        if (known !== undefined) return known;
        if (inProgress.has(key)) return false;
        inProgress.add(key);
        try {
          const answer = schemaBindingAnswer(file, name);
          schemaBindings.set(key, answer);
          return answer;
        } finally {
          inProgress.delete(key);
        }
      };

      const schemaBindingAnswer = (file: string, name: string): boolean => {
        const module = factsFetched(file);
        if (!module) return false;
        const declaration = module.declarations.get(name);
        if (declaration) return declaration.roots.every((root) => isSchemaBinding(file, root));
        const imported = module.imports.get(name);
        return imported ? isExportedSchema(file, imported.specifier, imported.name) : false;
      };

      const isExportedSchema = (importer: string, specifier: string, name: string): boolean => {
        const file = resolvedFetched(specifier, importer);
        if (!file) return false;
        const module = factsFetched(file);
        if (!module) return false;
        const local = module.exports.get(name);
        if (local !== undefined) return isSchemaBinding(file, local);
        const reExport = module.reExports.get(name);
        if (reExport) return isExportedSchema(file, reExport.specifier, reExport.name);
        return module.starExports.some((star) => isExportedSchema(file, star, name));
      };

      /** The synchronous answer, asked again after each file or import it lacked is fetched. */
      const answered = async <T>(question: () => T): Promise<T> => {
        for (;;) {
          try {
            return question();
          } catch (missing) {
            if (!(missing instanceof NotFetched)) throw missing;
            await missing.fetch();
          }
        }
      };

      build.onLoad({ filter }, async (args) => {
        if (!inOurSources(args.path)) return undefined;
        const { source, facts: own } = await factsOf(args.path);
        if (!own || own.declarations.size === 0) return undefined;
        facts.set(args.path, own);
        const declarations = [...own.declarations.values()];
        const pure = await answered(() =>
          declarations.filter((declaration) => isSchemaBinding(args.path, declaration.name)),
        );
        if (pure.length === 0) return undefined;
        pure.sort((a, b) => a.start - b.start);
        return { contents: markedPure(source, pure), loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
