import { spawnSync } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
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
    const outfile = path.join(outDir, name, 'index.mjs');
    const { metafile } = await build({
      ...lambdaEsbuildOptions,
      entryPoints: [path.join(root, 'lambdas', name, 'handler.ts')],
      outfile,
      sourcemap: false,
      logLevel: 'error',
      metafile: true,
    });
    const bytes = (await stat(outfile)).size;
    const runs = Array.from({ length: initRuns }, () => measureInit(name, outfile));
    figures.push({
      name,
      bytes,
      initMs: median(runs.map((r) => r.wallMs)),
      initCpuMs: median(runs.map((r) => r.cpuMs)),
      heaviest: heaviestSources(metafile),
    });
  }
  return figures;
}
