import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';
import { twinServices, type TwinService } from '@infra/twin/twin-ports';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A free port on loopback, released at once for the twin to bind. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Every twin port moved off its default, so these twins never meet a developer's `npm run dev`. */
export async function freeTwinPortsEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const service of Object.keys(twinServices) as TwinService[])
    env[twinServices[service].envVar] = String(await freePort());
  return env;
}

export interface DevTwin {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm run dev` as a real child process (node running dev.ts through tsx, as the
 * script does, without npm's wrapper so its pid is the twin's), on the given state
 * folder and ports. The test environment's variables are left out: it is a developer's twin. `entry` lets a test
 * start the same twin with its own options (tests/integration/twin/scaled-queue-twin.ts).
 */
export function spawnDevTwin(stateDir: string, portsEnv: Record<string, string>, entry = 'infra/twin/dev.ts'): DevTwin {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST') env[key] = value;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...env, ...portsEnv, ADSMITH_STATE_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Resolves with the twin's endpoints once it says it is ready; rejects with its output if it exits first. */
export async function whenReady(twin: DevTwin, stateDir: string, timeoutMs = 150_000): Promise<TwinEndpoints> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void twin.exited.then(() => (exited = true));
  while (!twin.output().includes('Local twin ready')) {
    if (exited) throw new Error(`The twin exited before it was ready:\n${twin.output()}`);
    if (Date.now() > deadline) throw new Error(`The twin was not ready in ${timeoutMs} ms:\n${twin.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(await readFile(path.join(stateDir, 'endpoints.json'), 'utf8')) as TwinEndpoints;
}

/** Stops a twin as Ctrl-C would and waits for it; SIGKILL if it hangs. */
export async function stopDevTwin(twin: DevTwin): Promise<void> {
  if (twin.child.exitCode !== null || twin.child.signalCode !== null) return;
  twin.child.kill('SIGINT');
  const timer = setTimeout(() => twin.child.kill('SIGKILL'), 20_000);
  await twin.exited;
  clearTimeout(timer);
}
