import { describe, expect, it } from 'vitest';
import { marketingMixSummary } from '@lambdas/lib/reports/report-marketing-mix';
import type { MmmReport } from '@shared/schemas/mmm';

const channel = (name: string, organic: boolean, roi: number | null) => ({
  name,
  organic,
  spend: 1000,
  contribution: { estimate: 1, low: 0, high: 2 },
  roi: roi === null ? null : { estimate: roi, low: roi / 2, high: roi * 2 },
  cpa: null,
  marginalRoi: null,
  curve: [],
  carryover: [],
});

function report(kpiKind: MmmReport['kpiKind']): MmmReport {
  return {
    kpiKind,
    totals: [
      { name: 'baseline', kind: 'intercept', total: 500, share: 0.5 },
      { name: 'meta', kind: 'media', total: 300, share: 0.3 },
      { name: 'search', kind: 'media', total: 150, share: 0.15 },
      { name: 'newsletter', kind: 'organic', total: 50, share: 0.05 },
    ],
    channels: [channel('meta', false, 2.4), channel('search', false, 1.1), channel('newsletter', true, null)],
  } as unknown as MmmReport;
}

describe('marketingMixSummary', () => {
  it('gives each paid channel its share of the modelled results and its ROAS when the outcome is revenue', () => {
    expect(marketingMixSummary({ name: 'Q3 mix', updated_at: '2026-11-02T10:00:00Z' }, report('revenue'))).toEqual({
      modelName: 'Q3 mix',
      fittedAt: '2026-11-02T10:00:00Z',
      channels: [
        { name: 'meta', contributionShare: 0.3, roas: 2.4 },
        { name: 'search', contributionShare: 0.15, roas: 1.1 },
      ],
    });
  });

  it('gives no ROAS when the model counts conversions', () => {
    const summary = marketingMixSummary({ name: 'Leads', updated_at: '2026-11-02T10:00:00Z' }, report('conversions'));
    expect(summary.channels.map((c) => c.roas)).toEqual([null, null]);
  });
});
