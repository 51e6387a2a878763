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
}

const PLUGIN_NAME = 'adsmith-module-replacements';

/** The replacement for a resolved file, if any: matched on the path after its last `node_modules/`. */
export function replacementFor(
  resolvedPath: string,
  replacements: readonly ModuleReplacement[],
): ModuleReplacement | undefined {
  const normalized = resolvedPath.split(path.sep).join('/');
  const at = normalized.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const inside = normalized.slice(at + '/node_modules/'.length);
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
 * Resolves imports as esbuild would and, when the file is one of `replacements`, bundles its stand-in instead (the
 * metafile then names the stand-in, so tests and the bench see what was cut). Only imports that `replacementImportFilter`
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
        return replacement ? { path: replacement.standIn } : undefined;
      });
    },
  };
}
