import { spawnSync } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult, type Metafile } from 'esbuild';
import { bundleFiles, entryOutputOf, LAMBDA_ENTRY_FILE, shippedBuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { functionNames, type FunctionName } from '@shared/functions';
import { benchNode } from './bench-node';
import { functionInitEnvironment } from './function-init-environment';
import { median } from './percentiles';

export interface BundleFigure {
  name: string;
  /** What init loads: index.mjs and the chunks it imports statically (the figure the ≤ 500 KB target is about). */
  bytes: number;
  /** Every chunk, the lazy ones (loaded by the first request that needs them) too. */
  totalBytes: number;
  /** Median wall time of the module's import in a fresh process. */
  initMs: number;
  /** Median CPU time (user + system) of the same import: what a loaded machine's wall time hides. */
  initCpuMs: number;
  /**
   * Median CPU time of the import and then of every lazy chunk, in the same fresh process: the most that loading
   * code on first use adds to a cold container (its first request on the heaviest route), so work moved out of
   * init shows here and is not counted as saved. Equal to initCpuMs when nothing is lazy.
   */
  withLazyCpuMs: number;
  /**
   * Median CPU time of the import and then of the lazy chunks of its heaviest route (the lazily imported module
   * that brings the most bytes, with every chunk it imports, at once or later): what the first request of a cold
   * container pays at worst when each route loads on first use (lambdas/lib/http/http-function.ts `onFirstUse`).
   */
  withHeaviestRouteCpuMs: number;
  /** KB of the chunks that heaviest route loads beyond init. */
  heaviestRouteBytes: number;
  /** The packages (or the repo's own top folder) that weigh most in the bundle, heaviest first: what to cut. */
  heaviest: { source: string; bytes: number }[];
}

/** How many of a bundle's heaviest sources the bench prints. */
const HEAVIEST_SHOWN = 4;

/**
 * What init loads, in bytes per npm package (`stripe`, `@smithy/core`) or per top folder of the repo (`lambdas`);
 * `outputs` are the files init loads.
 */
function heaviestSources(metafile: Metafile, outputs: ReadonlySet<string>): { source: string; bytes: number }[] {
  const bytes = new Map<string, number>();
  for (const [name, output] of Object.entries(metafile.outputs)) {
    if (!outputs.has(name)) continue;
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

/** What Lambda's Node.js runtime has set up before it loads a handler (see the file). */
const runtimePreload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lambda-runtime-preload.mjs');

/**
 * Cold import of a bundle in a fresh Node process (Lambda's Node major when installed: bench-node.ts), timed inside
 * that process, with the runtime's globals and the environment the function's entry declares; then the import of each
 * lazy chunk.
 */
function measureInit(fn: FunctionName, file: string, route: string[], lazy: string[]): InitRun {
  const url = (f: string) => JSON.stringify(`file://${f}`);
  const rest = lazy.filter((f) => !route.includes(f));
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${url(file)}); const w = performance.now() - t; const u = process.cpuUsage(c); for (const f of [${route.map(url).join(', ')}]) await import(f); const r = process.cpuUsage(c); for (const f of [${rest.map(url).join(', ')}]) await import(f); const l = process.cpuUsage(c); console.log(JSON.stringify({ wallMs: w, cpuMs: (u.user + u.system) / 1000, withRouteCpuMs: (r.user + r.system) / 1000, withLazyCpuMs: (l.user + l.system) / 1000 }));`;
  const result = spawnSync(benchNode().execPath, ['--import', runtimePreload, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...functionInitEnvironment(fn), POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as InitRun;
}

interface InitRun {
  wallMs: number;
  cpuMs: number;
  withRouteCpuMs: number;
  withLazyCpuMs: number;
}

/**
 * The lazy chunks each module init reaches only through `import()` brings with it (it, and every chunk it imports
 * in turn, statically or lazily), heaviest first: a route bound with `onFirstUse`, or an SDK behind its factory.
 */
export function lazyLoads(metafile: Metafile, init: readonly string[]): string[][] {
  const loaded = new Set(init);
  const firstLazy = new Set(
    init.flatMap((file) =>
      (metafile.outputs[file]?.imports ?? [])
        .filter((i) => i.kind === 'dynamic-import' && !i.external && !loaded.has(i.path))
        .map((i) => i.path),
    ),
  );
  const closure = (start: string) => {
    const files = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file) || files.has(file)) return;
      files.add(file);
      for (const i of metafile.outputs[file]?.imports ?? []) if (!i.external) visit(i.path);
    };
    visit(start);
    return [...files];
  };
  const bytes = (files: string[]) => files.reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
  return [...firstLazy].map(closure).sort((a, b) => bytes(b) - bytes(a));
}

/**
 * Builds an entry into `outdir` as CDK builds a function (app-function.ts lambdaCode): the same esbuild options and
 * source maps, so the bundle timed is the bundle shipped (tests/infra/stateless-stack.test.ts compares them).
 */
export function buildAsShipped(entry: string, outdir: string): Promise<BuildResult<{ metafile: true }>> {
  return build({ ...shippedBuildOptions(entry, outdir), logLevel: 'error', metafile: true });
}

/** Builds one entry as CDK builds a function and measures it (the init environment of `envOf`). */
async function measureEntry(
  name: string,
  entry: string,
  envOf: FunctionName,
  outDir: string,
  initRuns: number,
): Promise<BundleFigure> {
  const dir = path.join(outDir, name);
  const { metafile } = await buildAsShipped(entry, dir);
  const entryOutput = entryOutputOf(metafile);
  const files = bundleFiles(metafile, entryOutput);
  const size = async (list: string[]) =>
    (await Promise.all(list.map(async (file) => (await stat(path.resolve(file))).size))).reduce((a, b) => a + b, 0);
  const lazy = files.lazy.map((file) => path.resolve(file));
  const heaviestRoute = lazyLoads(metafile, files.init)[0] ?? [];
  const route = heaviestRoute.map((file) => path.resolve(file));
  const runs = Array.from({ length: initRuns }, () =>
    measureInit(envOf, path.join(dir, LAMBDA_ENTRY_FILE), route, lazy),
  );
  return {
    name,
    bytes: await size(files.init),
    totalBytes: await size([...files.init, ...files.lazy]),
    initMs: median(runs.map((r) => r.wallMs)),
    initCpuMs: median(runs.map((r) => r.cpuMs)),
    withLazyCpuMs: median(runs.map((r) => r.withLazyCpuMs)),
    withHeaviestRouteCpuMs: median(runs.map((r) => r.withRouteCpuMs)),
    heaviestRouteBytes: await size(heaviestRoute),
    heaviest: heaviestSources(metafile, new Set(files.init)),
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
