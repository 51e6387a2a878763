import { topAndBottom } from '@lambdas/lib/reports/report-figures';
import { renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { writeReportSummary } from '@lambdas/lib/reports/report-summary';
import type { ReportRow } from '@shared/schemas/reports';
import { solidPng } from '@tests/support/png';
import { sampleReportData } from '@tests/support/report-fixtures';
import { percentile } from './percentiles';

/**
 * Issue 28 requirement 7: time to rank and render a monthly report of an account with 200 campaigns (6 ads each,
 * as the optimizer bench's large account) to PDF, with a 96 px thumbnail for each listed ad, and the PDF's size.
 * In process: the Meta reads that feed it are measured by the campaigns and optimizer benches.
 */
export async function measureReportRender(
  campaigns = 200,
  rounds = 10,
): Promise<{
  campaigns: number;
  ads: number;
  p50Ms: number;
  p99Ms: number;
  rounds: number;
  pdfBytes: number;
  pages: number;
}> {
  const row = (id: string, name: string, i: number): ReportRow => {
    const spend = 50 + ((i * 37) % 400);
    const results = (i * 13) % 40;
    return {
      id,
      name,
      spend,
      results,
      costPerResult: results ? spend / results : null,
      roas: (i % 50) / 10,
      thumbnailUrl: null,
    };
  };
  const campaignRows = Array.from({ length: campaigns }, (_, i) =>
    row(`${i + 1}`, `Campaign ${i + 1}: autumn sale`, i),
  );
  const adRows = Array.from({ length: campaigns * 6 }, (_, i) => row(`${100_000 + i}`, `Ad ${i + 1}`, i + 7));
  const trend = Array.from({ length: 31 }, (_, i) => ({
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    spend: 1_000 + i * 17,
    results: 40 + (i % 9),
  }));
  const thumbnail = solidPng(96, [249, 115, 22]);
  const times: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let round = 0; round < rounds + 1; round += 1) {
    const started = performance.now();
    const rankedCampaigns = topAndBottom(campaignRows, 5);
    const rankedAds = topAndBottom(adRows, 5);
    const withoutSummary = {
      ...sampleReportData(),
      period: { cadence: 'monthly' as const, since: '2026-10-01', until: '2026-10-31', key: 'monthly:2026-10' },
      previousPeriod: { since: '2026-09-01', until: '2026-09-30' },
      trend,
      topCampaigns: rankedCampaigns.top,
      bottomCampaigns: rankedCampaigns.bottom,
      topAds: rankedAds.top,
      bottomAds: rankedAds.bottom,
    };
    const summary = await writeReportSummary(withoutSummary, undefined);
    const thumbnails = Object.fromEntries([...rankedAds.top, ...rankedAds.bottom].map((ad) => [ad.id, thumbnail]));
    pdf = await renderReportPdf({ ...withoutSummary, summary }, { thumbnails, logoPng: thumbnail });
    // The first round loads pdfkit's font metrics: a cold container's cost, left out of the warm figures.
    if (round > 0) times.push(performance.now() - started);
  }
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return {
    campaigns,
    ads: adRows.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    rounds,
    pdfBytes: pdf.byteLength,
    pages,
  };
}
