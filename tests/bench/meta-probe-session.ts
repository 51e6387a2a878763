/**
 * What the Meta probes share: a twin of their own whose sandbox is seeded at the size asked for
 * (handlers read a process-wide env, so each sandbox size needs its own process and twin), the
 * demo user signed in and connected through the consent dialog, the first ad account, an API
 * caller through the origin check, and the sandbox's Graph call counter.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import type { SeedOptions } from '@infra/twin/meta-sandbox/seed';
import { startTwin } from '@infra/twin/twin';
import { consent } from '../support/meta-consent';
import { demoAccessToken } from './demo-sign-in';

export interface ConnectedDemo {
  endpoints: Awaited<ReturnType<typeof startTwin>>['endpoints'];
  /** The demo user's first ad account (USD, with the seeded situations). */
  account: string;
  call: (path: string, init?: RequestInit) => Promise<Response>;
  /** Graph calls the sandbox has answered so far. */
  graphCalls: () => Promise<number>;
}

export async function withConnectedDemo<T>(seed: SeedOptions, run: (demo: ConnectedDemo) => Promise<T>): Promise<T> {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'adsmith-bench-meta-'));
  // The sandbox on its own thread: a large insights reply it builds for a background read must not hold the
  // gateway's answers to the requests being timed (on AWS, Meta is not in API Gateway's process).
  const twin = await startTwin({ ports: 'auto', stateDir, web: false, metaSeed: seed, metaThread: true });
  try {
    const { endpoints } = twin;
    const token = await demoAccessToken(endpoints);
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...apiOriginHeaders(endpoints),
    };
    const call = (p: string, init: RequestInit = {}) => fetch(`${endpoints.api}${p}`, { ...init, headers });
    const config = await (await call('/api/meta/oauth/config')).json();
    const back = await consent(config.dialogUrl, 'continue');
    const connected = await call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    if (!connected.ok) throw new Error(`connect failed: ${connected.status}`);
    const account = (await (await call('/api/meta/ad-accounts')).json()).data[0].id as string;
    const graphCalls = async () =>
      ((await (await fetch(`${endpoints.meta}/__admin/calls`)).json()) as { count: number }).count;
    return await run({ endpoints, account, call, graphCalls });
  } finally {
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** A probe's main: one JSON line on success, the error and exit code 1 otherwise. */
export function runProbe(main: () => Promise<unknown>): void {
  main().then(
    (line) => {
      console.log(JSON.stringify(line));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
