/**
 * One Meta measurement in its own process: a twin whose sandbox has N campaigns per ad account,
 * the demo user connected, then GET /api/meta/ad-accounts/{id}/campaigns timed with the Graph
 * calls it made. Prints one JSON line.
 */
import { percentile } from './percentiles';
import { runProbe, withConnectedDemo } from './meta-probe-session';

const campaignsPerAccount = Number(process.argv[2] ?? 12);
const COLD_REQUESTS = 20;
const WARM_REQUESTS = 50;

runProbe(() =>
  withConnectedDemo({ campaignsPerAccount }, async ({ account, call, graphCalls }) => {
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

    return {
      campaigns,
      cold: {
        requests: COLD_REQUESTS,
        graphCallsPerRequest: coldCalls / COLD_REQUESTS,
        p50: percentile(cold, 50),
        p99: percentile(cold, 99),
      },
      // The first warm request fills the cache; the rest are hits.
      warm: { requests: WARM_REQUESTS, graphCalls: warmCalls, p50: percentile(warm, 50), p99: percentile(warm, 99) },
    };
  }),
);
