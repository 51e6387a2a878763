/**
 * The optimizer on a large account, in its own process: a twin whose sandbox has N campaigns per
 * ad account, the demo user connected, then GET /api/optimizer/ad-accounts/{id}/recommendations
 * timed, with the Graph calls it made: each round once with `?refresh=true` (a read of Meta, what the
 * first visit in 15 minutes and Analyse again cost) and once without (answered from that read). Prints one JSON line.
 */
import { percentile } from './percentiles';
import { runProbe, withConnectedDemo } from './meta-probe-session';

/** How long the sandbox was busy with the calls after `after` (their intervals merged where they overlap). */
async function sandboxBusyMs(metaUrl: string, after: number): Promise<number> {
  const log = (await (await fetch(`${metaUrl}/__admin/calls`)).json()) as {
    calls: { seq: number; at: string; durationMs: number }[];
  };
  const spans = log.calls
    .filter((c) => c.seq > after)
    .map((c) => [Date.parse(c.at) - c.durationMs, Date.parse(c.at)] as const)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    busy += Math.max(0, to - Math.max(from, end));
    end = Math.max(end, to);
  }
  return busy;
}

const campaignsPerAccount = Number(process.argv[2] ?? 200);
const REQUESTS = Number(process.argv[3] ?? 10);
/** Ads per ad set: 5 makes 200 campaigns about 2,000 ads (the sandbox's default gives about 1,000). */
const adsPerAdSet = process.argv[4] ? Number(process.argv[4]) : undefined;

runProbe(() =>
  withConnectedDemo(
    { campaignsPerAccount, ...(adsPerAdSet ? { adsPerAdSet } : {}) },
    async ({ endpoints, account, call, graphCalls }) => {
      const times: number[] = [];
      const reported: number[] = [];
      let summary: Record<string, unknown> = {};
      const start = await graphCalls();
      const sandboxTimes: number[] = [];
      const storedTimes: number[] = [];
      let storedCalls = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const before = await graphCalls();
        const t = performance.now();
        const reply = await call(`/api/optimizer/ad-accounts/${account}/recommendations?refresh=true`);
        times.push(performance.now() - t);
        sandboxTimes.push(await sandboxBusyMs(endpoints.meta!, before));
        if (!reply.ok) throw new Error(`recommendations answered ${reply.status}: ${await reply.text()}`);
        const body = (await reply.json()) as {
          data: unknown[];
          graphCalls: number;
          partial?: boolean;
          health: Record<string, number>;
        };
        reported.push(body.graphCalls);
        summary = {
          recommendations: body.data.length,
          partial: Boolean(body.partial),
          activeAds: body.health.activeAds,
          activeCampaigns: body.health.activeCampaigns,
        };
        const refreshed = await graphCalls();
        const s = performance.now();
        const stored = await call(`/api/optimizer/ad-accounts/${account}/recommendations`);
        storedTimes.push(performance.now() - s);
        if (!stored.ok) throw new Error(`recommendations answered ${stored.status}: ${await stored.text()}`);
        const storedBody = (await stored.json()) as { data: unknown[] };
        if (storedBody.data.length !== body.data.length) throw new Error('the stored answer differs from the read');
        storedCalls += (await graphCalls()) - refreshed;
      }
      const sandboxCalls = (await graphCalls()) - start - storedCalls;
      return {
        campaignsPerAccount,
        ...(adsPerAdSet ? { adsPerAdSet } : {}),
        requests: REQUESTS,
        ...summary,
        // Per request, as the sandbox counted them (the account list may come from the cache).
        graphCallsPerRequest: sandboxCalls / REQUESTS,
        graphCallsReported: reported,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        // The part of each request the sandbox spent answering Graph calls (its own clock, calls overlapped once):
        // Meta's share, which Adsmith's code does not control; the rest is the function, the wire and JSON.
        sandboxP50: percentile(sandboxTimes, 50),
        ownP50: percentile(
          times.map((time, i) => time - sandboxTimes[i]!),
          50,
        ),
        storedP50: percentile(storedTimes, 50),
        storedP99: percentile(storedTimes, 99),
        storedGraphCallsPerRequest: storedCalls / REQUESTS,
      };
    },
  ),
);
