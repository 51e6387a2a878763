import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MetaSandbox, MetaSandboxOptions } from './meta-sandbox/server';
import { TwinSetupError } from './twin-ports';

/** What the twin uses of a sandbox, whether it runs on the twin's event loop or on a thread of its own. */
export type MetaSandboxHandle = Pick<MetaSandbox, 'url' | 'stop' | 'keptWorld' | 'pastApproval'>;

type ThreadMessage =
  | { type: 'ready'; url: string; keptWorld: boolean; pastApproval: ReturnType<MetaSandbox['pastApproval']> }
  | { type: 'log'; line: string }
  | { type: 'error'; name: string; message: string }
  | { type: 'stopped'; error?: string };

const ENTRY = fileURLToPath(new URL('./meta-sandbox/sandbox-thread-entry.ts', import.meta.url));

let bundled: Promise<URL> | undefined;

/**
 * Workers do not inherit the parent's TypeScript loader, so the entry is bundled once per process (as parallel-fit's),
 * with its packages left to Node (native ones such as node-av cannot be bundled): hence a folder inside
 * node_modules, from where they resolve.
 */
function threadEntry(): Promise<URL> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const cache = path.join(fileURLToPath(new URL('../../node_modules/.cache', import.meta.url)));
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'adsmith-meta-sandbox-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'sandbox-thread.mjs');
    await build({
      entryPoints: [ENTRY],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
    });
    return pathToFileURL(outfile);
  })();
  return bundled;
}

/**
 * Starts the sandbox on a worker thread: Graph calls are answered on its own event loop, so the twin's gateway and
 * functions never wait while it builds a large reply (on AWS, Meta's servers are not in API Gateway's process). The
 * benches that time requests beside background reads of Meta use it (tests/bench/meta-probe-session.ts).
 */
export async function startMetaSandboxThread(options: MetaSandboxOptions): Promise<MetaSandboxHandle> {
  const { log, ...data } = options;
  const worker = new Worker(await threadEntry(), { workerData: data });
  const onLog = (message: ThreadMessage) => {
    if (message.type === 'log') (log ?? console.warn)(message.line);
  };
  worker.on('message', onLog);
  const ready = await new Promise<Extract<ThreadMessage, { type: 'ready' }>>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'ready') resolve(message);
      if (message.type === 'error')
        reject(message.name === 'TwinSetupError' ? new TwinSetupError(message.message) : new Error(message.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the Meta sandbox's thread exited with code ${code} before it started`)),
    );
  });
  let stopped: Promise<void> | undefined;
  return {
    url: ready.url,
    keptWorld: ready.keptWorld,
    pastApproval: () => ready.pastApproval,
    stop: () =>
      (stopped ??= new Promise<void>((resolve, reject) => {
        worker.on('message', (message: ThreadMessage) => {
          if (message.type !== 'stopped') return;
          void worker.terminate().then(() => (message.error ? reject(new Error(message.error)) : resolve()));
        });
        worker.postMessage({ type: 'stop' });
      })),
  };
}
