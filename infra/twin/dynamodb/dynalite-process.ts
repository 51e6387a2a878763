import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TWIN_HOST } from '../twin-ports';
import { ANSWER_TIMEOUT_MS } from '../wait-until-answering';

export interface DynaliteProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** How long dynalite may take to print that it listens before the twin gives up (generous: shared machines are slow). */
const START_TIMEOUT_MS = ANSWER_TIMEOUT_MS;

/**
 * Starts dynalite as a child of this process, running the node binary on its CLI
 * directly (never through npx, whose wrapper would leave the server orphaned when killed).
 * `dataDir` persists tables in LevelDB; without it they live in memory.
 */
export function startDynalite(port: number, dataDir?: string): Promise<DynaliteProcess> {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('dynalite/package.json')), 'cli.js');
  const args = [
    '--host',
    TWIN_HOST,
    '--port',
    String(port),
    '--createTableMs',
    '0',
    '--deleteTableMs',
    '0',
    '--updateTableMs',
    '0',
  ];
  if (dataDir) args.push('--path', dataDir);
  // The child exits when its IPC channel to us closes, so even a twin killed with
  // SIGKILL leaves no dynalite behind. `dynalite` fills argv[1], as its CLI expects.
  const bootstrap = `process.on('disconnect', () => process.exit(0)); require(${JSON.stringify(cli)});`;
  const child = spawn(process.execPath, ['-e', bootstrap, 'dynalite', ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The channel is only a lifeline: it must not keep this process alive.
  child.unref();
  child.channel?.unref();

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      // LevelDB closes quickly; a stuck child is killed outright.
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });

  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`dynalite did not start within ${START_TIMEOUT_MS} ms: ${output.trim()}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening at')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining its output so a chatty child never blocks on a full pipe.
        child.stdout?.resume();
        resolve({ child, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const busy = output.includes('EADDRINUSE') ? ` (port ${port} is in use)` : '';
      reject(new Error(`dynalite exited (${signal ?? code})${busy}: ${output.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}
