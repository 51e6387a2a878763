import { readFile } from 'node:fs/promises';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * The `package.json` files Lambda bundles carry only the name and version of: the AWS SDK clients import their own
 * (`import packageInfo from "../package.json"` in runtimeConfig.js) for `packageInfo.version`, the client's version in
 * the user agent, and the X-Ray SDK requires its own (aws-xray.js) for `pkginfo.version` and `pkginfo.name`, the SDK's
 * data on each segment. Bundled whole, each is 1.6-2.6 KB of scripts, keywords and dependencies compiled at every
 * init (DynamoDB's, Secrets Manager's and X-Ray's are in every HTTP function). A test checks that these packages read
 * no other field.
 */
export const PACKAGE_JSON_KEPT_FIELDS = ['name', 'version'] as const;

/** The manifests trimmed, by path: `…/node_modules/@aws-sdk/client-<service>/package.json`, `…/aws-xray-sdk-core/package.json`. */
export const TRIMMED_PACKAGE_JSON =
  /[\\/]node_modules[\\/](?:@aws-sdk[\\/]client-[a-z0-9-]+|aws-xray-sdk-core)[\\/]package\.json$/;

/** A manifest's text with only the kept fields. */
export function nameAndVersion(manifest: string): string {
  const parsed = JSON.parse(manifest) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(PACKAGE_JSON_KEPT_FIELDS.map((field) => [field, parsed[field]])));
}

export function packageJsonNameAndVersionPlugin(): Plugin {
  return {
    name: 'adsmith-package-json-name-and-version',
    setup(build: PluginBuild) {
      build.onLoad({ filter: TRIMMED_PACKAGE_JSON }, async (args) => ({
        contents: nameAndVersion(await readFile(args.path, 'utf8')),
        loader: 'json',
      }));
    },
  };
}
