import { describe, expect, it } from 'vitest';
import { readableOn, renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { pdfPageTexts } from '@tests/support/pdf-text';
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
