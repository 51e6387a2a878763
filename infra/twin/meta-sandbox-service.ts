import path from 'node:path';
import { reservePort } from './listen';
import type { SeedOptions } from './meta-sandbox/seed';
import type { MetaSandbox } from './meta-sandbox/server';
import { startMetaSandboxThread, type MetaSandboxHandle } from './meta-sandbox-thread';
import { LOCAL_META_APP } from './secrets/local-secret-values';
import { TWIN_HOST } from './twin-ports';

/**
 * The Meta sandbox (infra/twin/meta-sandbox/, Graph API + OAuth dialog) as one
 * of the twin's services: it knows the same app id and secret the twin puts in
 * the meta-app secret, so OAuth exchange and appsecret_proof check out.
 */
interface ServiceOptions {
  pastApproval?: boolean;
  stateDir?: string;
  log?: (line: string) => void;
  /** On a worker thread of its own (meta-sandbox-thread.ts): the twin then holds only a handle. */
  thread?: boolean;
}

export function startMetaSandboxService(
  port: number,
  seed?: SeedOptions,
  options?: ServiceOptions & { thread?: false },
): Promise<MetaSandbox>;
export function startMetaSandboxService(
  port: number,
  seed: SeedOptions | undefined,
  options: ServiceOptions,
): Promise<MetaSandboxHandle>;
export async function startMetaSandboxService(
  port: number,
  seed?: SeedOptions,
  options: ServiceOptions = {},
): Promise<MetaSandboxHandle> {
  // Probing first gives the same busy-port message as every other service.
  const free = await reservePort('meta', port);
  // Loaded on demand so a sandbox that fails to load costs only the Meta features (see twin.ts).
  const [{ startMetaSandbox }, { SANDBOX_STATE_FILE }] = await Promise.all([
    import('./meta-sandbox/server'),
    import('./meta-sandbox/persisted-state'),
  ]);
  return (options.thread ? startMetaSandboxThread : startMetaSandbox)({
    // Tokens, grants and Graph writes survive a restart of the twin (cleared with the folder or a world reset).
    ...(options.stateDir ? { stateFile: path.join(options.stateDir, SANDBOX_STATE_FILE) } : {}),
    ...(options.log ? { log: options.log } : {}),
    port: free,
    host: TWIN_HOST,
    appId: LOCAL_META_APP.appId,
    appSecret: LOCAL_META_APP.appSecret,
    ...(seed ? { seed } : {}),
    ...(options.pastApproval ? { pastApproval: true } : {}),
  });
}
