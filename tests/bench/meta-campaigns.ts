import { runProbe } from './run-probe';

interface MetaFigure {
  /** Campaigns the list returned (Meta leaves archived ones out). */
  campaigns: number;
  seededPerAccount?: number;
  cold: { requests: number; graphCallsPerRequest: number; p50: number; p99: number };
  warm: { requests: number; graphCalls: number; p50: number; p99: number };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** GET /api/meta/ad-accounts/{id}/campaigns on the sandbox with 12 and with 200 campaigns per account. */
export function measureMetaCampaigns(perAccountSizes: readonly number[] = [12, 200]): MetaFigure[] {
  console.log('\nGET /api/meta/ad-accounts/{id}/campaigns on the Meta sandbox');
  const figures: MetaFigure[] = [];
  for (const perAccount of perAccountSizes) {
    const outcome = runProbe<MetaFigure>('meta-campaigns-probe.ts', [perAccount]);
    if ('error' in outcome) throw new Error(`Meta probe failed: ${outcome.error}`);
    const figure = { ...outcome.figure, seededPerAccount: perAccount };
    figures.push(figure);
    console.log(
      `  ${String(perAccount).padStart(3)} seeded (${figure.campaigns} listed)  uncached: ${figure.cold.graphCallsPerRequest.toFixed(1)} Graph calls/request, p50 ${ms(figure.cold.p50)}, p99 ${ms(figure.cold.p99)}` +
        `   cached: ${figure.warm.graphCalls} Graph calls in ${figure.warm.requests} requests, p50 ${ms(figure.warm.p50)}, p99 ${ms(figure.warm.p99)}`,
    );
  }
  return figures;
}
