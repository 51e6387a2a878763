import type { ReportData, ReportRow } from '@shared/schemas/reports';

function row(id: string, name: string, spend: number, results: number | null, roas: number | null): ReportRow {
  return { id, name, spend, results, costPerResult: results ? Math.round((spend / results) * 100) / 100 : null, roas };
}

/** A week of figures as the report builder would assemble them (numbers chosen to be checkable by eye). */
export function sampleReportData(overrides: Partial<ReportData> = {}): ReportData {
  const trend = Array.from({ length: 7 }, (_, i) => ({
    date: `2026-11-${String(16 + i).padStart(2, '0')}`,
    spend: 100 + i * 10.5,
    results: 5 + i,
  }));
  return {
    workspaceName: 'Acme',
    senderName: 'Northwind Agency',
    accountName: 'Acme Shoes',
    currency: 'USD',
    period: { cadence: 'weekly', since: '2026-11-16', until: '2026-11-22', key: 'weekly:2026-11-16' },
    timeZone: 'America/New_York',
    previousPeriod: { since: '2026-11-09', until: '2026-11-15' },
    resultLabel: 'Purchases',
    figures: {
      spend: { current: 920.5, previous: 800, target: null, changePercent: 15.0625 },
      results: { current: 56, previous: 50, target: null, changePercent: 12 },
      costPerResult: { current: 16.44, previous: 16, target: 15, changePercent: 2.75 },
      roas: { current: 3.21, previous: 3, target: 3.5, changePercent: 7 },
    },
    trend,
    topCampaigns: [row('1', 'Winter sale', 500, 40, 4.1), row('2', 'Retargeting', 250, 12, 2.5)],
    bottomCampaigns: [row('3', 'Brand video', 170.5, 4, 0.8)],
    topAds: [{ ...row('11', 'Red boots carousel', 300, 25, 4.4), thumbnailUrl: null }],
    bottomAds: [{ ...row('12', 'Slow video', 90, 1, 0.2), thumbnailUrl: null }],
    changes: [
      {
        title: 'Raise the budget of Winter sale',
        appliedAt: '2026-11-17T09:00:00.000Z',
        outcome: 'Results +6 a week, within the predicted range',
      },
    ],
    marketingMix: null,
    summary: { text: 'Spend rose 15.1% to $920.50 for 56 purchases.', source: 'template' },
    brand: { colours: ['#0f172a', '#f97316'], hasLogo: false },
    ...overrides,
  };
}
