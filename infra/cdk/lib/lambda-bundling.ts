import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { BUILTINS_ON_FIRST_USE, builtinsThroughRequirePlugin } from './bundling/builtins-through-require';
import { moduleReplacementsPlugin, type ModuleReplacement } from './bundling/module-replacements';
import {
  PACKAGE_JSON_KEPT_FIELDS,
  packageJsonNameAndVersionPlugin,
  TRIMMED_PACKAGE_JSON,
} from './bundling/package-json-name-and-version';
import { ZOD_JSON_SCHEMA_CUT, ZOD_JSON_SCHEMA_KEPT_IN, zodJsonSchemaCutPlugin } from './bundling/zod-json-schema-cut';
import { pureSchemaDeclarationsPlugin } from './bundling/pure-schema-declarations';
import { SCHEMA_DECLARATION_RULE } from './bundling/schema-declarations';
import { REPO_ROOT } from './paths';

/**
 * How every Lambda is bundled, declared once: the function construct, the twin and the
 * benchmark all build with these, so the sizes and init times it prints are those of what ships.
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
 * bundled and tree-shaken, and the SDK that ships is the one the tests ran with. Measured
 * again (issue 23, 2026-11-28, init CPU time of the bundle's import): with '@aws-sdk/*' and
 * '@smithy/*' external, health shrinks 650 → 303 KB but its init grows 240 → 366 ms CPU,
 * chatbot 1,037 → 519 KB and 296 → 652 ms: hundreds of files resolved and compiled one by
 * one. So the SDK stays bundled, and what it bundles that Lambda never runs is cut instead
 * (LAMBDA_ALIASES).
 */
export const LAMBDA_EXTERNALS: string[] = [];

/** Modules replaced in bundles by smaller stand-ins that do all their users need (see each file). */
const bundlingDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bundling');
export const LAMBDA_ALIASES: Record<string, string> = {
  semver: path.join(bundlingDir, 'semver-gte.cjs'),
  '@aws-sdk/credential-provider-node': path.join(bundlingDir, 'credential-provider-env-only.mjs'),
  brotli: path.join(bundlingDir, 'brotli-none'),
};

/**
 * S3's packages: its client, its middleware, its flexible checksums and presigner, its REST-XML protocol, and the HTTP
 * binding protocol with its string serdes (REST-XML's and REST-JSON's base). They use what @smithy/core's indexes
 * re-export for S3 alone, so they get the whole indexes (smithyIndexesWithoutS3).
 */
export const S3_PACKAGES = [
  '@aws-sdk/client-s3/',
  '@aws-sdk/middleware-sdk-s3/',
  '@aws-sdk/checksums/',
  '@aws-sdk/s3-request-presigner/',
  '@aws-sdk/core/dist-es/submodules/protocols/xml/',
  '@smithy/core/dist-es/submodules/protocols/HttpBindingProtocol.js',
  '@smithy/core/dist-es/submodules/protocols/serde/',
];

/** Our clients that speak REST-JSON (their runtimeConfig.shared.js names AwsRestJsonProtocol). */
export const REST_JSON_CLIENTS = ['@aws-sdk/client-sesv2/'];

/**
 * Files inside packages that Lambda bundles replace by a stand-in (bundling/module-replacements.ts): what a package
 * loads at import that no function runs on Lambda. Each stand-in throws, naming what was cut, if it is ever called,
 * unless doing nothing is what the file does on Lambda (its reason then says why).
 */
export const LAMBDA_MODULE_REPLACEMENTS: readonly ModuleReplacement[] = [
  {
    module: '@smithy/core/dist-es/submodules/checksum/crc32/Crc32Node.js',
    standIn: path.join(bundlingDir, 'crc32-node-zlib-on-use.mjs'),
    reason:
      'reads zlib.crc32 at import, so every function loaded zlib at init; only event streams and flexible ' +
      'checksums sum (no DynamoDB or Secrets Manager call), and the stand-in reads it when it first sums',
  },
  ...cutFromLambda(),
];

/**
 * What the X-Ray SDK (under Powertools' tracer) and the AWS SDK load at import that no function runs on Lambda
 * (issue 23 req 15): ~38 KB of every function's init, ~53 KB where S3 is loaded on first use. The stand-ins are in
 * bundling/cut/, each saying in full why its file is never run; tests/unit/infra/cdk/lib/bundling/cut/ checks them,
 * and invokes a traced function bundled with them (traced-function-bundle.test.ts).
 */
function cutFromLambda(): ModuleReplacement[] {
  const cut = (file: string) => path.join(bundlingDir, 'cut', file);
  const xray = 'aws-xray-sdk-core/dist/lib/';
  const hostPlugin = (file: string): ModuleReplacement => ({
    module: `${xray}segments/plugins/${file}`,
    standIn: cut('xray-host-plugins.cjs'),
    reason:
      'Host metadata for segments, used only when AWSXRay.config([plugin]) is called, which Powertools (provider/ProviderService.js) and we never do; a Lambda function is no EC2 instance, ECS task or Beanstalk environment.',
  });
  return [
    hostPlugin('ec2_plugin.js'),
    hostPlugin('ecs_plugin.js'),
    hostPlugin('elastic_beanstalk_plugin.js'),
    {
      module: `${xray}patchers/aws_p.js`,
      standIn: cut('xray-sdk-v2-patcher.cjs'),
      reason:
        "The AWS SDK v2 patcher: we use the SDK v3, which Powertools' captureAWSv3Client hands to patchers/aws3_p.js; its captureAWS/captureAWSClient are deprecated in Powertools and called nowhere.",
    },
    {
      module: `${xray}patchers/promise_p.js`,
      standIn: cut('xray-promise-patcher.cjs'),
      reason:
        'capturePromise patches Promise.prototype.then; Powertools never calls it (cls-hooked carries the segment).',
    },
    {
      module: `${xray}database/sql_data.js`,
      standIn: cut('xray-sql-data.cjs'),
      reason: 'The attributes of the X-Ray SQL (mysql/postgres) patchers; we have no SQL database.',
    },
    {
      module: `${xray}middleware/mw_utils.js`,
      standIn: cut('xray-middleware-utils.cjs'),
      reason:
        "Express/Restify middleware helpers and, through them, every sampler (local rules, the centralized rule and target pollers, the daemon's sampling API client). On Lambda the runtime samples and the SDK keeps a facade segment: env/aws_lambda.js only switches centralized sampling off (aws/aws-xray-sdk-node#217), which the stand-in lets it do; nothing consults a sampler after.",
    },
    {
      module: `${xray}middleware/incoming_request_data.js`,
      standIn: cut('xray-incoming-request-data.cjs'),
      reason: "Records an http.IncomingMessage on the segment of the SDK's Express/Restify middleware; none on Lambda.",
    },
    {
      module: '@smithy/core/dist-es/submodules/checksum/sha256/Sha256Js.js',
      standIn: cut('sha256-js.mjs'),
      reason:
        "SHA-256 in JavaScript, Sha256Node's fallback when node:crypto cannot hash sha256 (checksum/sha256/Sha256Node.js); Lambda's Node.js can.",
    },
    {
      module: '@smithy/core/dist-es/submodules/config/config-resolver/regionConfig/getInstanceMetadataRegion.js',
      standIn: cut('instance-metadata-region.mjs'),
      reason:
        "The region from EC2 instance metadata, asked only without AWS_REGION (regionConfig/config.js) or, in defaults mode auto, without AWS_EXECUTION_ENV (resolveDefaultsModeConfig.js); Lambda sets both (Lambda developer guide, 'Defined runtime environment variables').",
    },
    {
      module: '@smithy/core/dist-es/submodules/config/shared-ini-file-loader/loadSharedConfigFiles.js',
      standIn: cut('shared-config-files-none.mjs'),
      reason:
        'Reads ~/.aws/config and ~/.aws/credentials (and loads node:fs/promises at init); a Lambda function has no home directory (HOME unset, the sandbox user has none: awslabs/aws-sdk-rust#307), so the loader finds no file and answers empty ones, as the stand-in does; one that names files in AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE throws.',
    },
    {
      module: '@smithy/core/dist-es/submodules/retry/util-retry/AdaptiveRetryStrategy.js',
      standIn: cut('adaptive-retry-strategy.mjs'),
      reason:
        "Adaptive retries with a client-side rate limiter, chosen only by retry mode 'adaptive' (middleware-retry/configurations.js); no client or function environment of ours sets one.",
    },
    {
      module: '@aws-sdk/endpoint-cache/dist-es/EndpointCache.js',
      standIn: cut('endpoint-cache-empty.mjs'),
      reason:
        'The cache (with mnemonist) that DynamoDB endpoint discovery fills; discovery runs only when AWS_ENABLE_ENDPOINT_DISCOVERY or the client turns it on, as no DynamoDB operation requires it (@aws-sdk/middleware-endpoint-discovery), and we never do. Every request still looks there, so the stand-in is an always-empty cache that refuses to be filled.',
    },
    {
      module: '@aws-sdk/core/dist-es/submodules/protocols/index.js',
      standIn: cut('aws-core-protocols-without-rest.mjs'),
      reason:
        "The protocols index without its REST-XML re-exports, which only S3 speaks, and its REST-JSON one, which only SESv2 of our clients speaks: esbuild puts what an index re-exports in the chunk init loads whenever any chunk uses it, so a function loading S3 on first use compiled S3's XML serializer and parser at init (benchmarks.md, session 23), and one loading SESv2 on first use the HTTP binding protocol under REST-JSON (session 26). S3's protocol imports its own (next entry); the REST-JSON clients get the index with it (REST_JSON_CLIENTS); a client needing either from the index otherwise fails the build.",
      forImporters: { under: REST_JSON_CLIENTS, standIn: cut('aws-core-protocols-with-rest-json.mjs') },
    },
    {
      module: '@aws-sdk/middleware-sdk-s3/dist-es/submodules/s3/protocol/S3RestXmlProtocol.js',
      standIn: cut('s3-rest-xml-protocol.mjs'),
      reason:
        "The package's S3 protocol, importing the REST-XML protocol from its own file instead of @aws-sdk/core's protocols index (previous entry); otherwise the same code, which a test checks.",
    },
    ...smithyIndexesWithoutS3(cut),
    {
      module: '@smithy/signature-v4/dist-es/HeaderFormatter.js',
      standIn: cut('sigv4-event-header-formatter.mjs'),
      reason:
        'Encodes event stream message headers for SignatureV4.signMessage; none of our clients calls an event stream operation.',
    },
  ];
}

/**
 * @smithy/core's serde, protocols and checksum indexes without what only S3 uses (~23 KB), for every importer but S3's
 * packages and the few others that use some of it (none loaded at init), which get the whole index: esbuild puts every
 * module an index re-exports, if any chunk uses it, in the chunk init loads, so the functions that load S3 on first
 * use (chatbot, graphics, audiences, reports...) compiled S3's streams, HTTP binding protocol and MD5 at init, as
 * session 24 found for @aws-sdk/core's protocols.
 */
function smithyIndexesWithoutS3(cut: (file: string) => string): ModuleReplacement[] {
  const index = (name: string, what: string, alsoWhole: string[]): ModuleReplacement => ({
    module: `@smithy/core/dist-es/submodules/${name}/index.js`,
    standIn: cut(`smithy-${name}-without-s3.mjs`),
    reason: `The ${name} index without its re-exports of ${what}: esbuild puts what an index re-exports in the chunk init loads whenever any chunk uses it, so a function loading S3 on first use compiled them at init. S3's packages and the others that use them get the whole index; an importer not listed that needs one fails the build.`,
    forImporters: { under: [...S3_PACKAGES, ...alsoWhole], standIn: cut(`smithy-${name}-with-s3.mjs`) },
  });
  return [
    index(
      'serde',
      "S3's object streams (SDK stream mixin, checksum and aws-chunked streams), header splitting and quoting, and the date parsers of S3's and CBOR's deserializers",
      ['@smithy/core/dist-es/submodules/cbor/'],
    ),
    index(
      'protocols',
      "the HTTP binding protocol (REST-XML and REST-JSON) and its string serdes (also the query protocol's)",
      [
        '@aws-sdk/core/dist-es/submodules/protocols/json/AwsRestJsonProtocol.js',
        '@aws-sdk/core/dist-es/submodules/protocols/query/',
      ],
    ),
    index('checksum', "MD5 (S3's and SQS's message checks) and the stream hashers", ['@aws-sdk/client-sqs/']),
  ];
}

/**
 * Our modules' top-level declarations that only build a zod schema are marked pure, so a function builds at init only
 * the schemas its code references (bundling/pure-schema-declarations.ts; docs/benchmarks.md, session 25).
 */
export const PURE_SCHEMA_SOURCES = [path.join(REPO_ROOT, 'shared'), path.join(REPO_ROOT, 'lambdas')];

/**
 * What the bundling plugins apply, as data: the twin rebuilds its cached bundles when it changes (the plugins' code
 * is not in the options' JSON).
 */
export const LAMBDA_PLUGIN_SETTINGS = {
  moduleReplacements: LAMBDA_MODULE_REPLACEMENTS,
  builtinsOnFirstUse: Object.keys(BUILTINS_ON_FIRST_USE),
  packageJsonTrimmed: { files: TRIMMED_PACKAGE_JSON.source, kept: PACKAGE_JSON_KEPT_FIELDS },
  zodJsonSchema: { cut: ZOD_JSON_SCHEMA_CUT, keptIn: ZOD_JSON_SCHEMA_KEPT_IN },
  pureSchemaDeclarations: { sources: PURE_SCHEMA_SOURCES, rule: SCHEMA_DECLARATION_RULE },
};

const LAMBDA_PLUGINS: Plugin[] = [
  moduleReplacementsPlugin(LAMBDA_MODULE_REPLACEMENTS),
  builtinsThroughRequirePlugin(),
  packageJsonNameAndVersionPlugin(),
  zodJsonSchemaCutPlugin(),
  pureSchemaDeclarationsPlugin({ roots: PURE_SCHEMA_SOURCES }),
];

/**
 * esbuild's options for every Lambda bundle, into a folder: `index.mjs` (the handler) and the chunks it imports,
 * beside it. Code splitting (issue 23 req 15): a module a function reaches only through `await import()` (openai,
 * stripe, pdfkit… behind the factory that builds their client) goes in a chunk of its own that Lambda's init never
 * loads, read on the first request that needs it; what the entry imports statically is all init loads. Chunks sit
 * beside index.mjs (not in a subfolder), so code that finds files relative to its own module (graphics-assets/,
 * pdfkit's fonts) finds them wherever esbuild put it.
 */
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
  plugins: LAMBDA_PLUGINS,
  splitting: true,
  entryNames: 'index',
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.mjs' },
} as const satisfies BuildOptions;

/** The file Lambda loads (handler `index.handler`). */
export const LAMBDA_ENTRY_FILE = 'index.mjs';

export interface BundleFiles {
  /** The entry and every chunk it imports statically, transitively: what init loads (output paths, as esbuild names them). */
  init: string[];
  /** Chunks only reached through a dynamic import(): loaded by the first request that needs them. */
  lazy: string[];
}

/**
 * The output Lambda loads, as the metafile names it. Not "the output with an entry point": every module reached by
 * `import()` is one to esbuild too (a route bound with `onFirstUse`, an SDK behind its factory).
 */
export function entryOutputOf(metafile: Metafile): string {
  const entry = Object.keys(metafile.outputs).find(
    (file) => path.basename(file) === LAMBDA_ENTRY_FILE && metafile.outputs[file]!.entryPoint,
  );
  if (!entry) throw new Error(`no ${LAMBDA_ENTRY_FILE} among the outputs`);
  return entry;
}

/** Splits a build's JavaScript outputs into what init loads and what it does not, from esbuild's metafile. */
export function bundleFiles(metafile: Metafile, entryOutput: string): BundleFiles {
  const init = new Set<string>();
  const visit = (file: string) => {
    if (init.has(file)) return;
    init.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entryOutput);
  const js = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'));
  return { init: js.filter((file) => init.has(file)), lazy: js.filter((file) => !init.has(file)) };
}

/**
 * How every function ships beside its bundle, declared once for the function construct and the benchmark (a test
 * fails if what ships and what is measured differ): a source map beside each output (index.mjs.map,
 * chunk-*.mjs.map), with names and lines but not our sources.
 */
export const LAMBDA_SOURCE_MAPS = { sourcemap: true, sourcesContent: false } as const satisfies BuildOptions;

/**
 * A function's entry built into `outdir` as it ships: CDK's build (app-function.ts lambdaCode) and the benchmark's.
 * The repository's tsconfig is named, not found per file: named, it applies to the packages' files too (their
 * "use strict" is kept), so a build that finds it differs from what ships.
 */
export function shippedBuildOptions(entry: string, outdir: string) {
  return {
    ...lambdaEsbuildOptions,
    ...LAMBDA_SOURCE_MAPS,
    entryPoints: [entry],
    outdir,
    absWorkingDir: REPO_ROOT,
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  } satisfies BuildOptions;
}

/**
 * The environment every function starts with beyond its own configuration: no NODE_OPTIONS. With
 * `--enable-source-maps` Node reads and parses each bundle's map as it loads the module, 13-23 ms CPU of every cold
 * start measured here (docs/benchmarks.md, session 24); stack traces are mapped only when an error is logged instead
 * (lambdas/lib/stack-source-maps.ts).
 */
export const LAMBDA_RUNTIME_ENVIRONMENT: Readonly<Record<string, string>> = {};
