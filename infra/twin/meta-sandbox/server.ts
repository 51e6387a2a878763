import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallLog } from './call-log.js';
import type { FaultSwitches, FaultSettings } from './faults.js';
import { SandboxStateSaver } from './persisted-state.js';
import { checkSandboxOptions } from './sandbox-options.js';
import { sandboxParts } from './sandbox-parts.js';
import { sandboxRequestListener } from './sandbox-http.js';
import { openSandboxWorld } from './sandbox-world.js';
import type { SeedOptions } from './seed.js';
import type { PastApproval } from './seeded-past-approval.js';
import type { UsageLimits } from './usage.js';

export type { SeedOptions } from './seed.js';
export type { FaultSettings } from './faults.js';
export { FaultSwitches } from './faults.js';

/**
 * The local Meta: Facebook Login (dialog + token endpoints) and the Graph /
 * Marketing API for the seeded demo user, on one port, speaking Meta's
 * shapes, errors, paging and rate-limit headers. See README.md beside this file.
 */

export interface MetaSandboxOptions {
  /** 0 picks a free port. */
  port: number | 0;
  /** Default 127.0.0.1. */
  host?: string;
  appId: string;
  appSecret: string;
  /** Shown on the consent dialog. Default "Adsmith (local)". */
  appName?: string;
  /** When set, the dialog only accepts redirect_uri values starting with one of these. */
  allowedRedirectUris?: string[];
  seed?: SeedOptions;
  now?: () => Date;
  /** Usage tier (or exact limits). Default 'standard' so normal browsing never trips the limits. */
  usage?: 'development' | 'standard' | Partial<UsageLimits>;
  /** Initial fault switches; default from the META_SANDBOX_FAULTS env var (JSON). */
  faults?: FaultSettings;
  /** Seed a budget raise the demo marketer approved in Adsmith days ago (`npm run dev`; see seeded-past-approval.ts). */
  pastApproval?: boolean;
  /**
   * Keep tokens, grants and Graph writes in this file across restarts (persisted-state.ts); the twin
   * uses `.local/meta-sandbox.json`. Without it everything is in memory only.
   */
  stateFile?: string;
  /** Where a line about the state file goes (a damaged file set aside, a changed seed). Default console.warn. */
  log?: (line: string) => void;
}

export interface MetaSandbox {
  url: string;
  stop(): Promise<void>;
  faults: FaultSwitches;
  /** Graph calls answered so far (same as GET /__admin/calls). */
  calls(): ReturnType<CallLog['snapshot']>;
  /** Clears faults, usage and the call log; `{ world: true }` also reseeds the data and forgets tokens. */
  reset(options?: { world?: boolean }): void;
  /** The demo approval seeded in the current world (option `pastApproval`), if any. */
  pastApproval(): PastApproval | undefined;
  /** Resolves once every change so far is in the state file (option `stateFile`); at once without one. */
  saved(): Promise<void>;
  /** True when the world at start came from the state file (a previous run's), not a fresh seed. */
  readonly keptWorld: boolean;
}

/**
 * Starts the sandbox: the world (kept from the last run, or seeded), the switches and meters beside it,
 * the HTTP listener, the port. Stopping writes the last changes to the state file first.
 */
export async function startMetaSandbox(options: MetaSandboxOptions): Promise<MetaSandbox> {
  checkSandboxOptions(options);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));
  const world = await openSandboxWorld({
    ...(options.seed ? { seed: options.seed } : {}),
    ...(options.pastApproval ? { pastApproval: true } : {}),
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
    now,
    log,
  });
  const saver = options.stateFile ? new SandboxStateSaver(options.stateFile, () => world.snapshot(), log) : undefined;
  const parts = sandboxParts(options, world, now, saver);
  const server = createServer(sandboxRequestListener(parts));
  server.keepAliveTimeout = 5_000;
  const url = await listen(server, options.port, options.host ?? '127.0.0.1');

  return {
    url,
    faults: parts.faults,
    calls: () => parts.calls.snapshot(),
    reset: parts.reset,
    pastApproval: () => world.state.pastApproval,
    saved: async () => saver?.settled(),
    keptWorld: world.keptWorld,
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      // Nothing written before the stop is lost: the last changes reach the file first.
      await saver?.settled();
    },
  };
}

/** Listens and resolves with the URL to reach it by (a wildcard host is reached on loopback). */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${urlHost}:${bound}`;
}
