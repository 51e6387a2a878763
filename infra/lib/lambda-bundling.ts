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
 * The AWS SDK v3 is not bundled: the Node.js 22 runtime ships it, and bundling it
 * would put ~300 KB and ~30 ms of init into every function that talks to AWS.
 */
export const LAMBDA_EXTERNALS = ['@aws-sdk/*'];

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
} as const satisfies BuildOptions;
