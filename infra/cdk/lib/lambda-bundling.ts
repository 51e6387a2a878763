import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/**
 * How every Lambda is bundled, declared once: the function construct hands these
 * to NodejsFunction and the benchmark builds with them, so the sizes and init
 * times it prints are those of what ships.
 */
export const LAMBDA_NODE_TARGET = 'node22';

/**
 * ESM output: middy ships ESM only. Some CJS dependencies (the X-Ray SDK) still
 * call require(), which ESM lacks, so the banner provides one.
 */
export const LAMBDA_ESM_BANNER =
  "import { createRequire as __adsmithCreateRequire } from 'node:module'; const require = __adsmithCreateRequire(import.meta.url);";

export const LAMBDA_MAIN_FIELDS = ['module', 'main'];

/**
 * Nothing is external: the AWS SDK v3 is bundled too. Measured here (npm run bench), a
 * function that loads the runtime's SDK from disk spends ~90 ms in init against ~52 ms
 * bundled and tree-shaken, and the SDK that ships is the one the tests ran with. The
 * price is size: the SDK is ~300 KB minified, so functions that call AWS exceed 250 KB.
 * Listing '@aws-sdk/*' here trades the other way.
 */
export const LAMBDA_EXTERNALS: string[] = [];

/** Modules replaced in bundles by smaller stand-ins that do all their users need (see each file). */
export const LAMBDA_ALIASES: Record<string, string> = {
  semver: path.join(path.dirname(fileURLToPath(import.meta.url)), 'bundling', 'semver-gte.cjs'),
};

/** The same settings in esbuild's own terms (CDK adds bundle/platform itself). */
export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  mainFields: LAMBDA_MAIN_FIELDS,
  banner: { js: LAMBDA_ESM_BANNER },
  minify: true,
  external: LAMBDA_EXTERNALS,
  alias: LAMBDA_ALIASES,
} as const satisfies BuildOptions;
