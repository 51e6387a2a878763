import { spawnSync } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { functionNames } from '@shared/functions';
import { median } from './percentiles';

export interface BundleFigure {
  name: string;
  bytes: number;
  initMs: number;
}

const INIT_RUNS = 9;

/** Cold import of a bundle in a fresh Node process, timed inside that process. */
function measureInit(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(`file://${file}`)}); console.log(performance.now() - t);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return Number(result.stdout.trim());
}

/** Bundles every function as CDK does (same esbuild settings) and measures size and module init. */
export async function measureFunctionBundles(root: string, outDir: string): Promise<BundleFigure[]> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const names = functionNames();
  const figures: BundleFigure[] = [];
  for (const name of names) {
    const outfile = path.join(outDir, name, 'index.mjs');
    await build({
      ...lambdaEsbuildOptions,
      entryPoints: [path.join(root, 'lambdas', name, 'handler.ts')],
      outfile,
      sourcemap: false,
      logLevel: 'error',
    });
    const bytes = (await stat(outfile)).size;
    const runs = Array.from({ length: INIT_RUNS }, () => measureInit(outfile));
    figures.push({ name, bytes, initMs: median(runs) });
  }
  return figures;
}
