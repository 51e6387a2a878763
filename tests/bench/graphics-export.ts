import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { apiOriginHeaders, type TwinEndpoints } from '@infra/twin/endpoints-file';
import { bundledFiles } from '@infra/cdk/lib/bundling/bundled-files';
import { LAMBDA_ENTRY_FILE, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { functions } from '@shared/functions';
import { defaultDesign } from '@shared/graphics/design-schema';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
import { benchNode } from './bench-node';
import { median, percentile } from './percentiles';

/**
 * The export function's figures (issue 11 point 9): its bundle and the files bundled beside it, its module init, the
 * first export's render from a cold start (WASM compiled, fonts read from graphics-assets/) and warm renders of the
 * four sizes, each in a fresh Node process running the bundled renderer; then whole exports through the twin's API.
 */
export interface GraphicsExportFigures {
  bundleBytes: number;
  assetBytes: number;
  initMs: number;
  coldRenderMs: number;
  warm: { p50Ms: number; p99Ms: number; rounds: number };
}

async function bundleWithFiles(
  entry: string,
  dir: string,
): Promise<{ file: string; bytes: number; assetBytes: number }> {
  const file = path.join(dir, LAMBDA_ENTRY_FILE);
  await build({ ...lambdaEsbuildOptions, entryPoints: [entry], outdir: dir, sourcemap: false, logLevel: 'error' });
  let assetBytes = 0;
  for (const copy of bundledFiles(functions['graphics-export'].bundledFiles)) {
    const target = path.join(dir, copy.target);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(copy.source, target);
    assetBytes += (await stat(target)).size;
  }
  return { file, bytes: (await stat(file)).size, assetBytes };
}

/** Runs a script in a fresh process of the Node the functions' init is timed on (bench-node.ts). */
function runNode(script: string): string {
  const result = spawnSync(benchNode().execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  if (result.status !== 0) throw new Error(`bench process failed: ${result.stderr}`);
  return result.stdout.trim();
}

export async function measureGraphicsExportFunction(root: string, outDir: string, rounds = 10) {
  await rm(outDir, { recursive: true, force: true });
  const handler = await bundleWithFiles(
    path.join(root, 'lambdas', 'graphics-export', 'handler.ts'),
    path.join(outDir, 'function'),
  );
  const probe = await bundleWithFiles(
    path.join(root, 'tests', 'bench', 'graphics-export-entry.ts'),
    path.join(outDir, 'probe'),
  );
  const inits = Array.from({ length: 5 }, () =>
    Number(
      runNode(
        `const t = performance.now(); await import(${JSON.stringify(`file://${handler.file}`)}); console.log(performance.now() - t);`,
      ),
    ),
  );
  const renders = JSON.parse(
    runNode(
      `const m = await import(${JSON.stringify(`file://${probe.file}`)}); console.log(JSON.stringify(await m.run(${rounds})));`,
    ),
  ) as { coldMs: number; warmMs: number[] };
  return {
    bundleBytes: handler.bytes,
    assetBytes: handler.assetBytes,
    initMs: median(inits),
    coldRenderMs: renders.coldMs,
    warm: { p50Ms: percentile(renders.warmMs, 50), p99Ms: percentile(renders.warmMs, 99), rounds },
  } satisfies GraphicsExportFigures;
}

/**
 * Whole exports of the four sizes through the twin's API (gateway, checks, quota, render, S3, ZIP, alt text from
 * the offline model, presigning), one at a time. The first is the function's cold start on the twin. Stays within
 * the free plan's monthly exports.
 */
export async function measureGraphicsExportApi(
  endpoints: Pick<TwinEndpoints, 'api' | 'apiOrigin'>,
  token: string,
  requests = 6,
): Promise<{ firstMs: number; p50Ms: number; p99Ms: number; requests: number; failures: number }> {
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    ...apiOriginHeaders(endpoints),
  };
  const design = defaultDesign({
    templateId: 'offer-badge',
    texts: { ...defaultDesign().texts, headline: 'Summer sale: everything for the beach', badge: '-30 %' },
  });
  const saved = await fetch(`${endpoints.api}/api/graphics/designs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench export', design }),
  });
  if (saved.status !== 201) throw new Error(`saving the bench design failed: ${saved.status} ${await saved.text()}`);
  const { id, version } = (await saved.json()) as { id: string; version: number };
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < requests + 1; i++) {
    const started = performance.now();
    const reply = await fetch(`${endpoints.api}/api/graphics/designs/${id}/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version, sizes: [...placementSizeIds], format: 'png' }),
    });
    await reply.arrayBuffer();
    times.push(performance.now() - started);
    if (reply.status !== 201) failures++;
  }
  const [firstMs, ...warm] = times;
  return {
    firstMs: Math.round(firstMs!),
    p50Ms: Math.round(percentile(warm, 50)),
    p99Ms: Math.round(percentile(warm, 99)),
    requests,
    failures,
  };
}
