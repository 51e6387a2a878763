import { spawnSync } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { functionNames, type FunctionName } from '@shared/functions';
import { functionInitEnvironment } from './function-init-environment';
import { median } from './percentiles';

export interface BundleFigure {
  name: string;
  bytes: number;
  /** Median wall time of the module's import in a fresh process. */
  initMs: number;
  /** Median CPU time (user + system) of the same import: what a loaded machine's wall time hides. */
  initCpuMs: number;
  /** The packages (or the repo's own top folder) that weigh most in the bundle, heaviest first: what to cut. */
  heaviest: { source: string; bytes: number }[];
}

/** How many of a bundle's heaviest sources the bench prints. */
const HEAVIEST_SHOWN = 4;

/** The bundle's bytes per npm package (`stripe`, `@smithy/core`) or per top folder of the repo (`lambdas`). */
function heaviestSources(metafile: Metafile): { source: string; bytes: number }[] {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, input] of Object.entries(output.inputs)) {
      const source = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/')[0]!;
      bytes.set(source, (bytes.get(source) ?? 0) + input.bytesInOutput);
    }
  }
  return [...bytes]
    .map(([source, size]) => ({ source, bytes: size }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, HEAVIEST_SHOWN);
}

const INIT_RUNS = 9;

/** What Lambda's Node.js runtime defines before it loads a handler (the `awslambda` global). */
const runtimeGlobals = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../infra/twin/lambda-runtime-globals.mjs',
);

/**
 * Cold import of a bundle in a fresh Node process, timed inside that process, with the runtime's
 * globals and the environment the function's entry declares.
 */
function measureInit(fn: FunctionName, file: string): { wallMs: number; cpuMs: number } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(`file://${file}`)}); const w = performance.now() - t; const u = process.cpuUsage(c); console.log(JSON.stringify({ wallMs: w, cpuMs: (u.user + u.system) / 1000 }));`;
  const result = spawnSync(process.execPath, ['--import', runtimeGlobals, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...functionInitEnvironment(fn), POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { wallMs: number; cpuMs: number };
}

/** Builds one entry as CDK builds a function and measures it (the init environment of `envOf`). */
async function measureEntry(
  name: string,
  entry: string,
  envOf: FunctionName,
  outDir: string,
  initRuns: number,
): Promise<BundleFigure> {
  const outfile = path.join(outDir, name, 'index.mjs');
  const { metafile } = await build({
    ...lambdaEsbuildOptions,
    entryPoints: [entry],
    outfile,
    sourcemap: false,
    logLevel: 'error',
    metafile: true,
  });
  const bytes = (await stat(outfile)).size;
  const runs = Array.from({ length: initRuns }, () => measureInit(envOf, outfile));
  return {
    name,
    bytes,
    initMs: median(runs.map((r) => r.wallMs)),
    initCpuMs: median(runs.map((r) => r.cpuMs)),
    heaviest: heaviestSources(metafile),
  };
}

/**
 * What every HTTP function loads before its own code (issue 23, requirement 15): the HTTP wrapper (middy, Powertools
 * logger, metrics and tracer, the DynamoDB document client, zod, the routes' shared checks), and its heaviest parts
 * alone. A function's init cannot go below the first line's.
 */
export async function measureSharedFloor(root: string, outDir: string, initRuns = INIT_RUNS): Promise<BundleFigure[]> {
  const parts: Array<[string, string]> = [
    ['HTTP wrapper, all of it', 'export * from "../../lambdas/lib/http/http-function";'],
    ['Powertools logger, metrics and tracer (X-Ray)', 'export * from "../../lambdas/lib/observability";'],
    [
      'DynamoDB document client',
      'import { DynamoDBClient } from "@aws-sdk/client-dynamodb"; import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb"; export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    ],
    ['zod', 'import * as z from "zod"; export const schema = z.object({ id: z.string() });'],
  ];
  // The entries are written under .bench/ (ignored by git, tsc and ESLint), two levels below the repo root.
  const entries = path.join(root, '.bench', 'floor-entries');
  await mkdir(entries, { recursive: true });
  const figures: BundleFigure[] = [];
  for (const [name, source] of parts) {
    const entry = path.join(entries, `part-${figures.length}.ts`);
    await writeFile(entry, `${source}\n`);
    try {
      figures.push(await measureEntry(name, entry, 'health', path.join(outDir, `floor-${figures.length}`), initRuns));
    } finally {
      await rm(entry, { force: true });
    }
  }
  return figures;
}

/** Bundles every function as CDK does (same esbuild settings) and measures size and module init. */
export async function measureFunctionBundles(
  root: string,
  outDir: string,
  initRuns = INIT_RUNS,
): Promise<BundleFigure[]> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const names = functionNames();
  const figures: BundleFigure[] = [];
  for (const name of names) {
    figures.push(await measureEntry(name, path.join(root, 'lambdas', name, 'handler.ts'), name, outDir, initRuns));
  }
  return figures;
}
