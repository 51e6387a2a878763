/**
 * The Meta sandbox in a worker thread of its own (meta-sandbox-thread.ts starts it): it answers Graph calls on its
 * own event loop, as Meta's servers do apart from API Gateway's, so a large insights reply being built does not hold
 * the twin's gateway. Messages: `ready` (url, keptWorld, pastApproval), `log` lines, `error` at start; `stop` in.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startMetaSandbox, type MetaSandboxOptions } from './server';

const port = parentPort!;
const options = workerData as Omit<MetaSandboxOptions, 'log'>;

try {
  const sandbox = await startMetaSandbox({ ...options, log: (line) => port.postMessage({ type: 'log', line }) });
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void sandbox.stop().then(
      () => port.postMessage({ type: 'stopped' }),
      (error: unknown) => port.postMessage({ type: 'stopped', error: String(error) }),
    );
  });
  port.postMessage({
    type: 'ready',
    url: sandbox.url,
    keptWorld: sandbox.keptWorld,
    pastApproval: sandbox.pastApproval(),
  });
} catch (error) {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  port.postMessage({ type: 'error', name, message });
}
