/**
 * The optimizer on a large account, in its own process (one twin per sandbox size): a sandbox
 * with N campaigns per ad account, the demo user connected through the consent dialog, then
 * GET /api/optimizer/ad-accounts/{id}/recommendations timed, with the Graph calls it made.
 * Prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTwin } from '@infra/local/twin';
import { consent } from '../support/meta-consent';
import { demoAccessToken } from './demo-sign-in';
import { percentile } from './percentiles';

const campaignsPerAccount = Number(process.argv[2] ?? 200);
const REQUESTS = Number(process.argv[3] ?? 10);

async function main() {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'adsmith-bench-optimizer-'));
  const twin = await startTwin({ ports: 'auto', stateDir, web: false, metaSeed: { campaignsPerAccount } });
  try {
    const { endpoints } = twin;
    const token = await demoAccessToken(endpoints);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
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

    const times: number[] = [];
    const reported: number[] = [];
    let summary: Record<string, unknown> = {};
    const start = await graphCalls();
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const reply = await call(`/api/optimizer/ad-accounts/${account}/recommendations`);
      times.push(performance.now() - t);
      if (!reply.ok) throw new Error(`recommendations answered ${reply.status}: ${await reply.text()}`);
      const body = (await reply.json()) as {
        data: unknown[];
        graphCalls: number;
        partial?: boolean;
        health: Record<string, number>;
      };
      reported.push(body.graphCalls);
      summary = { recommendations: body.data.length, partial: Boolean(body.partial), health: body.health };
    }
    const sandboxCalls = (await graphCalls()) - start;
    console.log(
      JSON.stringify({
        campaignsPerAccount,
        requests: REQUESTS,
        ...summary,
        // Per request, as the sandbox counted them (the account list may come from the cache).
        graphCallsPerRequest: sandboxCalls / REQUESTS,
        graphCallsReported: reported,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
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
