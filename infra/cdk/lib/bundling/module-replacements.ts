import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * One file inside a package that Lambda bundles carry a stand-in for: code the package loads at import that no
 * function of ours runs on Lambda (an EC2 metadata lookup, a protocol our clients never speak), so init does not
 * compile it. `alias` only swaps whole packages by their bare name; these files are mostly reached by the package's
 * own relative imports, hence a plugin.
 */
export interface ModuleReplacement {
  /** The file replaced, as its path under node_modules: `aws-xray-sdk-core/dist/lib/segments/plugins/ec2_plugin.js`. */
  module: string;
  /** The stand-in bundled in its place (an absolute path). */
  standIn: string;
  /** Why no function runs the replaced file on Lambda, with the source that says so. */
  reason: string;
  /**
   * Importers given another stand-in: files whose path under node_modules starts with one of `under` (an index's
   * users loaded on first use, which need what `standIn` leaves out) get `standIn` of this entry instead.
   */
  forImporters?: { under: readonly string[]; standIn: string };
}

/** A path after its last `node_modules/`, with `/` separators, or undefined outside node_modules. */
function insideNodeModules(file: string): string | undefined {
  const normalized = file.split(path.sep).join('/');
  const at = normalized.lastIndexOf('/node_modules/');
  return at < 0 ? undefined : normalized.slice(at + '/node_modules/'.length);
}

/** The stand-in a file importing `replacement`'s module gets: the one for its importers if it is one of them. */
export function standInFor(replacement: ModuleReplacement, importer: string): string {
  const inside = insideNodeModules(importer);
  const { forImporters } = replacement;
  if (inside !== undefined && forImporters?.under.some((prefix) => inside.startsWith(prefix))) {
    return forImporters.standIn;
  }
  return replacement.standIn;
}

const PLUGIN_NAME = 'adsmith-module-replacements';

/** The replacement for a resolved file, if any: matched on the path after its last `node_modules/`. */
export function replacementFor(
  resolvedPath: string,
  replacements: readonly ModuleReplacement[],
): ModuleReplacement | undefined {
  const inside = insideNodeModules(resolvedPath);
  if (inside === undefined) return undefined;
  return replacements.find((replacement) => replacement.module === inside);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The import specifiers that can reach a replaced file, as one pattern esbuild tests itself: those ending in the
 * file's name (`./ec2_plugin`, `./ec2_plugin.js`) or, for an `index.js`, in its folder's (`./protocols`,
 * `@aws-sdk/core/protocols`). Every other import is never handed to JavaScript: resolving each import a second time
 * made bundling ~4× slower (health, agent and graphics unminified: 9.2 s against 2.2 s).
 */
export function replacementImportFilter(replacements: readonly ModuleReplacement[]): RegExp {
  const endings = replacements.map(({ module }) => {
    const segments = module.split('/');
    const name = segments.at(-1)!.replace(/\.[cm]?js$/, '');
    if (name !== 'index') return `${escapeRegExp(name)}(\\.[cm]?js)?`;
    return `${escapeRegExp(segments.at(-2)!)}(/index(\\.[cm]?js)?)?/?`;
  });
  return new RegExp(`(^|/)(${[...new Set(endings)].join('|')})$`);
}

/**
 * Resolves imports as esbuild would and, when the file is one of `replacements`, bundles its stand-in instead (or, for
 * the importers it names, its `forImporters` one; the metafile then names the stand-in, so tests and the bench see
 * what was cut). Only imports that `replacementImportFilter`
 * lets through are resolved twice; every other import is left to esbuild alone.
 */
export function moduleReplacementsPlugin(replacements: readonly ModuleReplacement[]): Plugin {
  return {
    name: PLUGIN_NAME,
    setup(build: PluginBuild) {
      if (replacements.length === 0) return;
      build.onResolve({ filter: replacementImportFilter(replacements) }, async (args) => {
        if (args.pluginData === PLUGIN_NAME) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: PLUGIN_NAME,
        });
        if (resolved.errors.length > 0) return undefined;
        const replacement = replacementFor(resolved.path, replacements);
        return replacement ? { path: standInFor(replacement, args.importer) } : undefined;
      });
    },
  };
}
