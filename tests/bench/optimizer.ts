import { runProbe } from './run-probe';

interface OptimizerFigure {
  campaignsPerAccount: number;
  adsPerAdSet?: number;
  requests?: number;
  recommendations?: number;
  /** Active ads the account has (of about 2,200 listed at 200 campaigns and 6 ads per ad set). */
  activeAds?: number;
  partial?: boolean;
  graphCallsPerRequest?: number;
  p50?: number;
  p99?: number;
  /** Of each request, the sandbox's busy time (Meta's share) and the rest (Adsmith, the wire, JSON), p50. */
  sandboxP50?: number;
  ownP50?: number;
  /** The same list answered again within 15 minutes, from that read (no Graph call expected). */
  storedP50?: number;
  storedP99?: number;
  storedGraphCallsPerRequest?: number;
  error?: string;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * GET /api/optimizer/ad-accounts/{id}/recommendations on the demo account and on a large one
 * (200 campaigns, 6 ads per ad set: about 2,200 ads listed): Graph calls per request, p50 and p99 of a
 * read of Meta (`?refresh=true`), then of the same list answered from that read within its 15 minutes.
 * The first request of a size stores every proposal; the next ones only what changed. A size that
 * fails (e.g. the function's 29 s timeout) is printed as such instead of stopping the bench.
 */
export function measureOptimizer(
  sizes: ReadonlyArray<{ campaigns: number; adsPerAdSet?: number }> = [
    { campaigns: 6 },
    { campaigns: 200, adsPerAdSet: 6 },
  ],
  requests = 5,
): OptimizerFigure[] {
  console.log('\nGET /api/optimizer/ad-accounts/{id}/recommendations on the Meta sandbox');
  return sizes.map(({ campaigns: perAccount, adsPerAdSet }) => {
    const outcome = runProbe<OptimizerFigure>('optimizer-probe.ts', [
      perAccount,
      requests,
      ...(adsPerAdSet ? [adsPerAdSet] : []),
    ]);
    if ('error' in outcome) {
      console.log(`  ${String(perAccount).padStart(3)} campaigns/account  FAILED: ${outcome.error}`);
      return { campaignsPerAccount: perAccount, error: outcome.error };
    }
    const figure = outcome.figure;
    console.log(
      `  ${String(perAccount).padStart(3)} campaigns/account  ${figure.activeAds ?? '?'} active ads  ${figure.recommendations} recommendations${figure.partial ? ' (partial)' : ''}  ${figure.graphCallsPerRequest!.toFixed(1)} Graph calls/request  p50 ${ms(figure.p50!)}  p99 ${ms(figure.p99!)}` +
        (figure.sandboxP50 !== undefined
          ? `  (of the p50: sandbox ${ms(figure.sandboxP50)}, Adsmith and the wire ${ms(figure.ownP50!)})`
          : ''),
    );
    if (figure.storedP50 !== undefined) {
      console.log(
        `  ${' '.repeat(3)} answered again from that read (within 15 min): ${figure.storedGraphCallsPerRequest!.toFixed(1)} Graph calls/request  p50 ${ms(figure.storedP50)}  p99 ${ms(figure.storedP99!)}`,
      );
    }
    return figure;
  });
}
