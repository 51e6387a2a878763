/**
 * One Meta measurement in its own process (handlers read a process-wide env, so
 * each sandbox size needs its own twin): start a twin whose sandbox has N
 * campaigns per ad account, connect the demo user through the consent dialog,
 * then time GET /api/meta/ad-accounts/{id}/campaigns and count Graph calls.
 * Prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiOriginHeaders } from '@infra/local/endpoints-file';
import { startTwin } from '@infra/local/twin';
import { consent } from '../support/meta-consent';
import { demoAccessToken } from './demo-sign-in';
import { percentile } from './percentiles';

const campaignsPerAccount = Number(process.argv[2] ?? 12);
const COLD_REQUESTS = 20;
const WARM_REQUESTS = 50;

async function main() {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'adsmith-bench-meta-'));
  const twin = await startTwin({ ports: 'auto', stateDir, web: false, metaSeed: { campaignsPerAccount } });
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

    // Cold: a different range each time, so nothing comes from the cache.
    const cold: number[] = [];
    const coldStart = await graphCalls();
    let campaigns = 0;
    for (let i = 0; i < COLD_REQUESTS; i++) {
      const day = String(1 + i).padStart(2, '0');
      const t = performance.now();
      const reply = await call(`/api/meta/ad-accounts/${account}/campaigns?since=2026-08-${day}&until=2026-09-${day}`);
      cold.push(performance.now() - t);
      if (!reply.ok) throw new Error(`campaigns answered ${reply.status}`);
      campaigns = (await reply.json()).data.length;
    }
    const coldCalls = (await graphCalls()) - coldStart;

    // Warm: the same range again and again, as a dashboard refresh would.
    const warm: number[] = [];
    const warmStart = await graphCalls();
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const t = performance.now();
      await (await call(`/api/meta/ad-accounts/${account}/campaigns?datePreset=last_30d`)).arrayBuffer();
      warm.push(performance.now() - t);
    }
    const warmCalls = (await graphCalls()) - warmStart;

    console.log(
      JSON.stringify({
        campaigns,
        cold: {
          requests: COLD_REQUESTS,
          graphCallsPerRequest: coldCalls / COLD_REQUESTS,
          p50: percentile(cold, 50),
          p99: percentile(cold, 99),
        },
        // The first warm request fills the cache; the rest are hits.
        warm: { requests: WARM_REQUESTS, graphCalls: warmCalls, p50: percentile(warm, 50), p99: percentile(warm, 99) },
      }),
    );
  } finally {
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
