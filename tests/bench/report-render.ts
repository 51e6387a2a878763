import { deflateSync } from 'node:zlib';
import { topAndBottom } from '@lambdas/lib/reports/report-figures';
import { renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { writeReportSummary } from '@lambdas/lib/reports/report-summary';
import type { ReportRow } from '@shared/schemas/reports';
import { sampleReportData } from '@tests/support/report-fixtures';
import { percentile } from './percentiles';

/**
 * Issue 28 requirement 7: time to rank and render a monthly report of an account with 200 campaigns (6 ads each,
 * as the optimizer bench's large account) to PDF, with a 96 px thumbnail for each listed ad, and the PDF's size.
 * In process: the Meta reads that feed it are measured by the campaigns and optimizer benches.
 */
function crcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** A plain PNG of one colour (a stand-in thumbnail: its bytes, not its picture, are what the bench weighs). */
function solidPng(side: number, rgb: [number, number, number]): Uint8Array {
  const table = crcTable();
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: side }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
