import { describe, expect, it } from 'vitest';
import { readableOn, renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { pdfPageImageCounts, pdfPageTexts } from '@tests/support/pdf-text';
import { solidPng } from '@tests/support/png';
import { sampleReportData } from '@tests/support/report-fixtures';

describe('renderReportPdf', () => {
  it('writes four pages a PDF reader extracts, each with its own section and figures', async () => {
    const pdf = await renderReportPdf(sampleReportData());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(4);
    const [keyFigures, trend, campaigns, changes] = pages as [string, string, string, string];
    expect(keyFigures).toContain('Key figures');
    expect(keyFigures).toMatch(/Spend \$920\.50 \$800\.00 \+15\.1% —/);
    expect(keyFigures).toMatch(/Purchases 56 50 \+12% —/);
    expect(keyFigures).toMatch(/Cost per result \$16\.44 \$16\.00 \+2\.8% \$15\.00/);
    expect(keyFigures).toMatch(/ROAS 3\.21× 3\.00× \+7% 3\.50×/);
    expect(keyFigures).toContain('Spend rose 15.1% to $920.50 for 56 purchases.');
    expect(keyFigures).toContain('Prepared by Northwind Agency · page 1 of 4');
    expect(trend).toMatch(/Nov 16, 2026 \$100\.00 5/);
    expect(trend).toMatch(/Nov 22, 2026 \$163\.00 11/);
    expect(campaigns).toMatch(/Top campaigns .*Winter sale \$500\.00 40 \$12\.50 4\.10×/);
    expect(campaigns).toMatch(/Bottom ads .*Slow video \$90\.00 1 \$90\.00 0\.20×/);
    expect(changes).toMatch(/Raise the budget of Winter sale Results \+6 a week, within the predicted range/);
    expect(changes).toContain('No marketing-mix model for this account yet.');
  });

  it('says so when the period had no delivery', async () => {
    const pages = await pdfPageTexts(await renderReportPdf(sampleReportData({ trend: [] })));
    expect(pages[1]).toContain('No delivery in this period.');
  });
});

describe('readableOn', () => {
  it('writes white on a dark brand colour and ink on a light one', () => {
    expect(readableOn('#0f172a')).toBe('#ffffff');
    expect(readableOn('#fde68a')).toBe('#111827');
  });
});

describe('renderReportPdf with pictures', () => {
  it("draws the logo on every page's header and each ad's thumbnail; a missing one leaves a neutral box", async () => {
    const data = sampleReportData({ marketingMix: null });
    const logoPng = solidPng(64, [255, 255, 255]);
    const withPictures = await renderReportPdf(data, { logoPng, thumbnails: { '11': solidPng(32, [200, 0, 0]) } });
    // Logo on each of the four pages; the one ad with a thumbnail on page 3 (the other has its neutral box).
    expect(await pdfPageImageCounts(withPictures)).toEqual([1, 1, 2, 1]);
    const without = await renderReportPdf(data);
    expect(await pdfPageImageCounts(without)).toEqual([0, 0, 0, 0]);
    // A thumbnail that is not a picture pdfkit reads is not a failed report.
    const broken = await renderReportPdf(data, { thumbnails: { '11': Buffer.from('<svg/>') } });
    expect(await pdfPageTexts(broken)).toHaveLength(4);
  });

  it('writes the marketing mix when the workspace has a model', async () => {
    const pages = await pdfPageTexts(
      await renderReportPdf(
        sampleReportData({
          marketingMix: {
            modelName: 'Q3 mix',
            fittedAt: '2026-11-02T10:00:00Z',
            channels: [{ name: 'meta', contributionShare: 0.3, roas: 2.4 }],
          },
        }),
      ),
    );
    expect(pages[3]).toContain('Q3 mix, fitted Nov 2, 2026.');
    expect(pages[3]).toMatch(/meta 30\.0% 2\.40×/);
    expect(pages[3]).not.toContain('No marketing-mix model');
  });
});
