/**
 * The optimizer on a large account, in its own process: a twin whose sandbox has N campaigns per ad account, the demo
 * user connected, then GET /api/optimizer/ad-accounts/{id}/recommendations as the screen makes it. No request waits
 * on Meta (issue 23 req 16): each round asks for a read with `?refresh=true` (Analyse again; the first visit after
 * 15 minutes does the same), polls as the screen does until the background read (optimizer-worker) has landed, then
 * asks once more (answered from that read). Every request is timed (refresh, polls, stored answers: what a marketer
 * waits for) and so is each background read, with its Graph calls. Prints one JSON line.
 */
import { percentile } from './percentiles';
import { runProbe, withConnectedDemo } from './meta-probe-session';

/**
 * How long the sandbox was busy with the calls after `after` (their intervals merged where they overlap), and of it
 * how long fell inside `window` (epoch ms): the sandbox answers in the twin's own process, so while it builds a large
 * insights reply the twin's gateway waits too, which Meta's servers never make API Gateway do.
 */
async function sandboxBusyMs(
  metaUrl: string,
  after: number,
  window: readonly [number, number] = [0, 0],
): Promise<{ busy: number; inWindow: number }> {
  const log = (await (await fetch(`${metaUrl}/__admin/calls`)).json()) as {
    calls: { seq: number; at: string; durationMs: number }[];
  };
  const spans = log.calls
    .filter((c) => c.seq > after)
    .map((c) => [Date.parse(c.at) - c.durationMs, Date.parse(c.at)] as const)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let inWindow = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    const start = Math.max(from, end);
    busy += Math.max(0, to - start);
    inWindow += Math.max(0, Math.min(to, window[1]) - Math.max(start, window[0]));
    end = Math.max(end, to);
  }
  return { busy, inWindow };
}

interface Reply {
  pending?: true;
  updating?: boolean;
  data?: unknown[];
  graphCalls: number;
  metaReadAt?: string;
  metaReadGraphCalls?: number;
  partial?: boolean;
  readFailed?: { message: string };
  health?: Record<string, number>;
}

const campaignsPerAccount = Number(process.argv[2] ?? 200);
const ROUNDS = Number(process.argv[3] ?? 10);
/** Ads per ad set: 5 makes 200 campaigns about 2,000 ads (the sandbox's default gives about 1,000). */
const adsPerAdSet = process.argv[4] ? Number(process.argv[4]) : undefined;
/** The screen polls every 1.5 s; the probe a little oftener, so a read's time is not rounded up to a poll. */
const POLL_MS = 250;

runProbe(() =>
  withConnectedDemo(
    { campaignsPerAccount, ...(adsPerAdSet ? { adsPerAdSet } : {}) },
    async ({ endpoints, account, call, graphCalls }) => {
      const path = `/api/optimizer/ad-accounts/${account}/recommendations`;
      const requestTimes: number[] = [];
      const refreshTimes: number[] = [];
      /** Of each Analyse again, the time the sandbox (in this process) was busy with the background read's calls. */
      const refreshSandboxTimes: number[] = [];
      const storedTimes: number[] = [];
      const requestCalls: number[] = [];
      const readTimes: number[] = [];
      const readCalls: number[] = [];
      const sandboxTimes: number[] = [];
      let summary: Record<string, unknown> = {};
      const ask = async (query = ''): Promise<{ reply: Reply; ms: number; window: [number, number] }> => {
        const t = performance.now();
        const from = Date.now();
        const response = await call(`${path}${query}`);
        const ms = performance.now() - t;
        const window: [number, number] = [from, Date.now()];
        if (response.status !== 200 && response.status !== 202)
          throw new Error(`recommendations answered ${response.status}: ${await response.text()}`);
        const reply = (await response.json()) as Reply;
        requestTimes.push(ms);
        requestCalls.push(reply.graphCalls);
        return { reply, ms, window };
      };
      /** Asks (refresh or not) and polls as the screen does until no read is under way: the reply then. */
      const untilLanded = async (query: string) => {
        const asked = await ask(query);
        let { reply } = asked;
        const started = performance.now();
        while (reply.updating) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          ({ reply } = await ask());
          if (performance.now() - started > 120_000) throw new Error('the background read did not land in 2 minutes');
        }
        if (reply.pending || reply.readFailed) throw new Error(`the read failed: ${reply.readFailed?.message}`);
        return { reply, askedMs: asked.ms, askedWindow: asked.window };
      };
      // The account's first visit (202, then the first read): timed apart, and it warms the functions up.
      const firstStarted = performance.now();
      await untilLanded('');
      const firstReadMs = performance.now() - firstStarted;
      requestTimes.length = 0;
      requestCalls.length = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const before = await graphCalls();
        const started = performance.now();
        const { reply, askedMs, askedWindow } = await untilLanded('?refresh=true');
        refreshTimes.push(askedMs);
        readTimes.push(performance.now() - started);
        readCalls.push(reply.metaReadGraphCalls ?? NaN);
        const sandbox = await sandboxBusyMs(endpoints.meta!, before, askedWindow);
        sandboxTimes.push(sandbox.busy);
        refreshSandboxTimes.push(sandbox.inWindow);
        summary = {
          recommendations: reply.data!.length,
          partial: Boolean(reply.partial),
          activeAds: reply.health!.activeAds,
          activeCampaigns: reply.health!.activeCampaigns,
        };
        const stored = await ask();
        storedTimes.push(stored.ms);
        if (stored.reply.data!.length !== reply.data!.length)
          throw new Error('the stored answer differs from the read');
      }
      return {
        campaignsPerAccount,
        ...(adsPerAdSet ? { adsPerAdSet } : {}),
        rounds: ROUNDS,
        firstReadMs,
        ...summary,
        // Every request a marketer makes (refresh, the screen's polls, stored answers): none waits on Meta.
        requests: requestTimes.length,
        requestGraphCallsPerRequest: requestCalls.reduce((a, b) => a + b, 0) / requestCalls.length,
        p50: percentile(requestTimes, 50),
        p99: percentile(requestTimes, 99),
        refreshP50: percentile(refreshTimes, 50),
        refreshP99: percentile(refreshTimes, 99),
        // Of Analyse again's wait, the sandbox's busy time inside it (Meta's work in the twin's own event loop).
        refreshSandboxP50: percentile(refreshSandboxTimes, 50),
        storedP50: percentile(storedTimes, 50),
        storedP99: percentile(storedTimes, 99),
        // The background read: from Analyse again to the new figures served, with the Graph calls it made.
        readGraphCalls: Math.max(...readCalls),
        readP50: percentile(readTimes, 50),
        readP99: percentile(readTimes, 99),
        // Of each read, the sandbox's busy time (Meta's share, its own clock, overlapping calls once).
        sandboxP50: percentile(sandboxTimes, 50),
      };
    },
  ),
);
