import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reservePort, urlOf } from './listen';

/**
 * HOOK: the Meta sandbox (infra/local/meta-sandbox/, another engineer's work)
 * exports `startMetaSandbox({ port }) => Promise<{ url, stop() }>` from this file.
 * Until the file exists the twin runs without it and endpoints.json has no `meta`.
 */
const META_SANDBOX_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'meta-sandbox', 'meta-sandbox.ts');

interface MetaSandbox {
  url: string;
  stop(): Promise<void>;
}

type StartMetaSandbox = (options: { port: number }) => Promise<MetaSandbox>;

export async function startMetaSandboxIfPresent(port: number): Promise<MetaSandbox | null> {
  if (!existsSync(META_SANDBOX_ENTRY)) return null;
  const module = (await import(META_SANDBOX_ENTRY)) as { startMetaSandbox?: StartMetaSandbox };
  if (typeof module.startMetaSandbox !== 'function') return null;
  // The port check gives the same busy-port message as every other service.
  const free = await reservePort('meta', port);
  const sandbox = await module.startMetaSandbox({ port: free });
  return { url: sandbox.url ?? urlOf(free), stop: () => sandbox.stop() };
}
