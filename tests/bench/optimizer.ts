import { runProbe } from './run-probe';

interface OptimizerFigure {
  campaignsPerAccount: number;
  adsPerAdSet?: number;
  rounds?: number;
  /** The account's first visit: 202 and polls until the first read landed (functions cold). */
  firstReadMs?: number;
  recommendations?: number;
  /** Active ads the account has (of about 2,200 listed at 200 campaigns and 6 ads per ad set). */
  activeAds?: number;
  partial?: boolean;
  /** Every request the screen makes (refresh, polls while the read runs, answers from the store). */
  requests?: number;
  requestGraphCallsPerRequest?: number;
  p50?: number;
  p99?: number;
  refreshP50?: number;
  refreshP99?: number;
  /** Of Analyse again's wait, the time the sandbox was busy with the background read (near 0 on its own thread). */
  refreshSandboxP50?: number;
  storedP50?: number;
  storedP99?: number;
  /** The background read of Meta (optimizer-worker): its Graph calls, and Analyse again → new figures served. */
  readGraphCalls?: number;
  readP50?: number;
  readP99?: number;
  /** Of each read, the sandbox's busy time (Meta's share), p50. */
  sandboxP50?: number;
  error?: string;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * GET /api/optimizer/ad-accounts/{id}/recommendations on the demo account and on large ones (200 and 1,000 campaigns,
 * 6 ads per ad set): no request waits on Meta, so two lines a size. The requests (Analyse again, the screen's polls
 * while the read runs, answers from the store): Graph calls per request, p50 and p99. The background read
 * (optimizer-worker): its Graph calls and the time from Analyse again to the new figures served. A size that fails is
 * printed as such instead of stopping the bench.
 */
export function measureOptimizer(
  sizes: ReadonlyArray<{ campaigns: number; adsPerAdSet?: number }> = [
    { campaigns: 6 },
    { campaigns: 200, adsPerAdSet: 6 },
  ],
  rounds = 5,
): OptimizerFigure[] {
  console.log(
    '\nGET /api/optimizer/ad-accounts/{id}/recommendations on the Meta sandbox (reads of Meta in the background)',
  );
  return sizes.map(({ campaigns: perAccount, adsPerAdSet }) => {
    const outcome = runProbe<OptimizerFigure>('optimizer-probe.ts', [
      perAccount,
      rounds,
      ...(adsPerAdSet ? [adsPerAdSet] : []),
    ]);
    if ('error' in outcome) {
      console.log(`  ${String(perAccount).padStart(5)} campaigns/account  FAILED: ${outcome.error}`);
      return { campaignsPerAccount: perAccount, error: outcome.error };
    }
    const f = outcome.figure;
    console.log(
      `  ${String(perAccount).padStart(5)} campaigns/account  ${f.activeAds ?? '?'} active ads  ${f.recommendations} recommendations${f.partial ? ' (partial)' : ''}`,
    );
    console.log(
      `        requests (${f.requests}: Analyse again, polls, stored answers)  ${f.requestGraphCallsPerRequest!.toFixed(1)} Graph calls/request  p50 ${ms(f.p50!)}  p99 ${ms(f.p99!)}  (Analyse again p50 ${ms(f.refreshP50!)}, of it the sandbox busy ${ms(f.refreshSandboxP50!)}; stored p50 ${ms(f.storedP50!)})`,
    );
    console.log(
      `        background read  ${f.readGraphCalls} Graph calls  p50 ${ms(f.readP50!)}  p99 ${ms(f.readP99!)} to the new figures served  (sandbox p50 ${ms(f.sandboxP50!)}; the first visit's ${ms(f.firstReadMs!)}, cold)`,
    );
    return f;
  });
}
