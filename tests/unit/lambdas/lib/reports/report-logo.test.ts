import { describe, expect, it } from 'vitest';
import { REPORT_SVG_LOGO_MAX_BYTES, reportLogoPng } from '@lambdas/lib/reports/report-logo';
import { renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { pdfPageImageCounts } from '@tests/support/pdf-text';
import { pngPixel, solidPng } from '@tests/support/png';
import { sampleReportData } from '@tests/support/report-fixtures';

/** A 300 × 100 logo: red on the left half, blue on the right. */
const svgLogo = (extra = '') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">${extra}` +
      `<rect x="0" y="0" width="150" height="100" fill="#ff0000"/><rect x="150" y="0" width="150" height="100" fill="#0000ff"/></svg>`,
  );

describe('reportLogoPng', () => {
  it('draws an SVG logo as a PNG at the report’s size, as drawn', async () => {
    const png = (await reportLogoPng(svgLogo(), 'image/svg+xml'))!;
    expect(Buffer.from(png).readUInt32BE(16)).toBe(600);
    expect(Buffer.from(png).readUInt32BE(20)).toBe(200);
    expect(pngPixel(png, 100, 100)).toEqual([255, 0, 0, 255]);
    expect(pngPixel(png, 500, 100)).toEqual([0, 0, 255, 255]);
  });

  it('sanitises first: a script or an outside picture is not drawn, the logo is', async () => {
    const hostile = svgLogo(
      '<script>fetch("https://evil.example.com")</script>' +
        '<image href="https://evil.example.com/x.png" width="300" height="100"/>',
    );
    const png = (await reportLogoPng(hostile, 'image/svg+xml'))!;
    expect(pngPixel(png, 100, 100)).toEqual([255, 0, 0, 255]);
  });

  it('draws nothing from what is not a usable logo: too large, not an SVG, a PNG that is not one', async () => {
    const padded = svgLogo(`<desc>${'x'.repeat(REPORT_SVG_LOGO_MAX_BYTES)}</desc>`);
    expect(await reportLogoPng(padded, 'image/svg+xml')).toBeNull();
    expect(await reportLogoPng(Buffer.from('<html><body>hi</body></html>'), 'image/svg+xml')).toBeNull();
    // The sanitiser refuses entity declarations (expansion attacks) outright.
    const entities = Buffer.concat([Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]>'), svgLogo()]);
    expect(await reportLogoPng(entities, 'image/svg+xml')).toBeNull();
    expect(await reportLogoPng(Buffer.from('<svg/>'), 'image/png')).toBeNull();
    const png = solidPng(64, [0, 128, 0]);
    expect(await reportLogoPng(png, 'image/png')).toBe(png);
  });

  it('the report of a workspace with an SVG logo paints it on every page as an image of its drawn size', async () => {
    const logoPng = (await reportLogoPng(svgLogo(), 'image/svg+xml'))!;
    const pdf = await renderReportPdf(sampleReportData({ marketingMix: null, topAds: [], bottomAds: [] }), {
      logoPng,
      thumbnails: {},
    });
    expect(await pdfPageImageCounts(pdf)).toEqual([1, 1, 1, 1]);
    // pdfkit writes an image XObject's dictionary uncompressed: the logo's, at the size resvg drew it.
    expect(Buffer.from(pdf).toString('latin1')).toMatch(
      /\/Subtype \/Image[\s\S]{0,200}\/Width 600[\s\S]{0,40}\/Height 200/,
    );
  });
});
