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

/** `@scope/name` or `name`: the package a `module` path lies in. */
export function packageOf(module: string): string {
  const parts = module.split('/');
  return module.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

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

/**
 * Resolves imports as esbuild would and, when the file is one of `replacements`, bundles its stand-in instead (the
 * metafile then names the stand-in, so tests and the bench see what was cut). Only imports of, or from inside, a
 * package that has a replacement are resolved twice; every other import is left to esbuild alone.
 */
export function moduleReplacementsPlugin(replacements: readonly ModuleReplacement[]): Plugin {
  const packages = [...new Set(replacements.map((replacement) => packageOf(replacement.module)))];
  const concerns = (specifier: string, importer: string) =>
    packages.some(
      (name) =>
        specifier === name ||
        specifier.startsWith(`${name}/`) ||
        importer.split(path.sep).join('/').includes(`/node_modules/${name}/`),
    );
  return {
    name: PLUGIN_NAME,
    setup(build: PluginBuild) {
      if (replacements.length === 0) return;
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === PLUGIN_NAME || !concerns(args.path, args.importer)) {
          return undefined;
        }
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
