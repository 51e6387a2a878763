import type PDFDocument from 'pdfkit';
import { spendResultsGeometry } from '@shared/charts/spend-results-geometry';
import type { ReportData, ReportRow } from '@shared/schemas/reports';
import { countText, dayText, keyFigureCells, moneyText, roasFigureText, shortDayText } from './report-text';

/**
 * The report as a PDF (pdfkit, Helvetica: a standard font every reader has, so nothing is embedded), four pages:
 * 1 key figures and the summary, 2 the trend (chart and the daily figures), 3 top and bottom campaigns and ads,
 * 4 changes applied and the marketing mix. The chart is drawn as vectors from the shared geometry.
 */
export interface ReportImages {
  /** The brand kit's logo as PNG bytes (a PNG-only upload rule keeps it so). */
  logoPng?: Uint8Array;
  /** Ad thumbnails by ad id (JPEG or PNG bytes). */
  thumbnails?: Record<string, Uint8Array>;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const NEUTRAL_BOX = '#e5e7eb';

type Doc = InstanceType<typeof PDFDocument>;

function brandColours(data: ReportData) {
  const [primary = '#0f172a', accent = '#f97316'] = data.brand.colours;
  return { primary, accent };
}

function header(doc: Doc, data: ReportData, title: string, images: ReportImages) {
  const { primary } = brandColours(data);
  doc.rect(0, 0, PAGE.width, 76).fill(primary);
  let textX = PAGE.margin;
  if (images.logoPng) {
    doc.image(Buffer.from(images.logoPng), PAGE.margin, 14, { fit: [96, 48], valign: 'center' });
    textX += 108;
  }
  doc
    .fillColor(readableOn(primary))
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(title, textX, 20, { width: PAGE.width - textX - PAGE.margin });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${data.accountName} · ${dayText(data.period.since)} – ${dayText(data.period.until)}`, textX, 46, {
      width: PAGE.width - textX - PAGE.margin,
    });
  doc.fillColor(INK);
  doc.y = 100;
}

function footer(doc: Doc, data: ReportData, page: number, pages: number) {
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Prepared by ${data.senderName} · page ${page} of ${pages}`, PAGE.margin, PAGE.height - 36, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  doc.fillColor(INK);
}

/** Black or white text, whichever reads on the brand colour (relative luminance, WCAG's formula). */
export function readableOn(hex: string): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#111827' : '#ffffff';
}

function sectionTitle(doc: Doc, text: string) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, PAGE.margin, doc.y);
  doc.moveDown(0.3);
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

function table(
  doc: Doc,
  columns: Column[],
  rows: string[][],
  options: { fontSize?: number; rowHeight?: number; headerHeight?: number } = {},
) {
  const fontSize = options.fontSize ?? 9;
  const bodyHeight = options.rowHeight ?? fontSize + 8;
  const draw = (cells: string[], bold: boolean) => {
    const rowHeight = bold ? (options.headerHeight ?? bodyHeight) : bodyHeight;
    const y = doc.y;
    let x = PAGE.margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    columns.forEach((column, i) => {
      doc.text(cells[i] ?? '', x + 2, y + Math.max(3, (rowHeight - fontSize) / 2), {
        width: column.width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    });
    doc
      .moveTo(PAGE.margin, y + rowHeight)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + rowHeight;
  };
  draw(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) draw(row, false);
  doc.x = PAGE.margin;
}

function keyFiguresPage(doc: Doc, data: ReportData) {
  sectionTitle(doc, 'Key figures');
  const c = data.currency;
  table(
    doc,
    [
      { title: 'Figure', width: 151 },
      { title: 'This period', width: 90, align: 'right' },
      { title: 'Previous period', width: 90, align: 'right' },
      { title: 'Change', width: 68, align: 'right' },
      { title: 'Target', width: 100, align: 'right' },
    ],
    [
      ['Spend', ...keyFigureCells(data.figures.spend, 'money', c)],
      [data.resultLabel, ...keyFigureCells(data.figures.results, 'count', c)],
      ['Cost per result', ...keyFigureCells(data.figures.costPerResult, 'money', c)],
      ['ROAS', ...keyFigureCells(data.figures.roas, 'roas', c)],
    ],
    { fontSize: 10, rowHeight: 20 },
  );
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Previous period: ${dayText(data.previousPeriod.since)} – ${dayText(data.previousPeriod.until)}. ` +
        `Figures as Meta reports them, in ${c}.`,
      PAGE.margin,
      doc.y + 4,
      { width: CONTENT_WIDTH },
    )
    .fillColor(INK);
  sectionTitle(doc, 'Summary');
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .text(data.summary.text, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 3 });
  if (data.summary.source === 'template') {
    doc
      .moveDown(0.3)
      .fontSize(8)
      .fillColor(MUTED)
      .text('Summary written from the figures above.', { width: CONTENT_WIDTH })
      .fillColor(INK);
  }
}

function trendChart(doc: Doc, data: ReportData, top: number) {
  const { primary, accent } = brandColours(data);
  const height = 220;
  const geometry = spendResultsGeometry(
    data.trend.map((d) => ({ label: shortDayText(d.date), spend: d.spend, results: d.results })),
    { width: CONTENT_WIDTH, height, padding: { top: 10, right: 44, bottom: 24, left: 60 } },
  );
  const at = (x: number, y: number) => [PAGE.margin + x, top + y] as const;
  doc.lineWidth(0.5).strokeColor(RULE).dash(3, { space: 3 });
  for (const tick of geometry.spendTicks) {
    doc
      .moveTo(...at(geometry.plot.x, tick.y))
      .lineTo(...at(geometry.plot.x + geometry.plot.width, tick.y))
      .stroke();
  }
  doc.undash();
  doc.fontSize(7).fillColor(MUTED).font('Helvetica');
  for (const tick of geometry.spendTicks) {
    const [x, y] = at(0, tick.y - 4);
    doc.text(moneyText(tick.value, data.currency), x, y, {
      width: geometry.plot.x - 6,
      align: 'right',
      lineBreak: false,
    });
  }
  for (const tick of geometry.resultTicks) {
    const [x, y] = at(geometry.plot.x + geometry.plot.width + 6, tick.y - 4);
    doc.text(countText(tick.value), x, y, { width: 38, lineBreak: false });
  }
  for (const label of geometry.xLabels) {
    const [x, y] = at(label.x - 25, geometry.plot.y + geometry.plot.height + 6);
    doc.text(label.text, x, y, { width: 50, align: 'center', lineBreak: false });
  }
  doc.fillColor(primary).fillOpacity(0.8);
  for (const bar of geometry.bars) doc.rect(...at(bar.x, bar.y), bar.width, Math.max(bar.height, 0)).fill();
  doc.fillOpacity(1);
  if (geometry.line.length > 1) {
    doc.lineWidth(2).strokeColor(accent);
    const [first, ...rest] = geometry.line;
    doc.moveTo(...at(first!.x, first!.y));
    for (const point of rest) doc.lineTo(...at(point.x, point.y));
    doc.stroke();
  }
  // The legend, as the app's chart has.
  const legendY = top + height + 4;
  doc.rect(PAGE.margin + geometry.plot.x, legendY + 2, 8, 8).fill(primary);
  doc
    .fillColor(INK)
    .fontSize(8)
    .text('Spend (left axis)', PAGE.margin + geometry.plot.x + 12, legendY + 1, { lineBreak: false });
  if (geometry.line.length > 0) {
    doc.rect(PAGE.margin + geometry.plot.x + 110, legendY + 5, 12, 2).fill(accent);
    doc.fillColor(INK).text(`${data.resultLabel} (right axis)`, PAGE.margin + geometry.plot.x + 126, legendY + 1, {
      lineBreak: false,
    });
  }
  doc.fillColor(INK);
  doc.y = legendY + 20;
}

function trendPage(doc: Doc, data: ReportData) {
  sectionTitle(doc, `Daily spend and ${data.resultLabel.toLowerCase()}`);
  if (data.trend.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No delivery in this period.', PAGE.margin, doc.y);
    return;
  }
  trendChart(doc, data, doc.y);
  sectionTitle(doc, 'Day by day');
  // A month's 31 rows fit the rest of the page at this height.
  table(
    doc,
    [
      { title: 'Day', width: 200 },
      { title: 'Spend', width: 149, align: 'right' },
      { title: data.resultLabel, width: 150, align: 'right' },
    ],
    data.trend.map((d) => [dayText(d.date), moneyText(d.spend, data.currency), countText(d.results)]),
    { fontSize: 7.5, rowHeight: 11.5 },
  );
}

function rowsTable(doc: Doc, data: ReportData, rows: ReportRow[], images: ReportImages, withThumbnails: boolean) {
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('None in this period.', PAGE.margin, doc.y).fillColor(INK);
    doc.moveDown(0.3);
    return;
  }
  const columns: Column[] = [
    ...(withThumbnails ? [{ title: '', width: 32 }] : []),
    { title: 'Name', width: withThumbnails ? 157 : 189 },
    { title: 'Spend', width: 80, align: 'right' },
    { title: data.resultLabel, width: 80, align: 'right' },
    { title: 'Cost per result', width: 80, align: 'right' },
    { title: 'ROAS', width: 70, align: 'right' },
  ];
  const cells = (r: ReportRow) => [
    ...(withThumbnails ? [''] : []),
    r.name,
    moneyText(r.spend, data.currency),
    countText(r.results),
    moneyText(r.costPerResult, data.currency),
    roasFigureText(r.roas),
  ];
  if (!withThumbnails) {
    table(doc, columns, rows.map(cells));
    return;
  }
  // Ads: a thumbnail in the first column of each row (the header row is 17 points high).
  const startY = doc.y;
  table(doc, columns, rows.map(cells), { fontSize: 9, rowHeight: 30, headerHeight: 17 });
  rows.forEach((row, i) => {
    const [x, y] = [PAGE.margin + 2, startY + 17 + 30 * i + 2];
    const bytes = images.thumbnails?.[row.id];
    if (bytes) {
      try {
        doc.image(Buffer.from(bytes), x, y, { fit: [26, 26], align: 'center', valign: 'center' });
        return;
      } catch {
        // A thumbnail pdfkit cannot read falls through to the neutral box, not a failed report.
      }
    }
    // No picture (none from Meta, not JPEG or PNG, too slow or too large): a neutral box keeps the column even.
    doc.rect(x, y, 26, 26).fill(NEUTRAL_BOX).fillColor(INK);
  });
}

function campaignsPage(doc: Doc, data: ReportData, images: ReportImages) {
  sectionTitle(doc, 'Top campaigns');
  rowsTable(doc, data, data.topCampaigns, images, false);
  sectionTitle(doc, 'Bottom campaigns');
  rowsTable(doc, data, data.bottomCampaigns, images, false);
  sectionTitle(doc, 'Top ads');
  rowsTable(doc, data, data.topAds, images, true);
  sectionTitle(doc, 'Bottom ads');
  rowsTable(doc, data, data.bottomAds, images, true);
}

function changesPage(doc: Doc, data: ReportData) {
  sectionTitle(doc, 'Changes applied and their outcomes');
  if (data.changes.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('No changes were applied in this period.', PAGE.margin, doc.y);
    doc.fillColor(INK);
  } else {
    table(
      doc,
      [
        { title: 'Applied', width: 80 },
        { title: 'Change', width: 200 },
        { title: 'Measured outcome', width: 219 },
      ],
      data.changes.map((c) => [dayText(c.appliedAt.slice(0, 10)), c.title, c.outcome]),
    );
  }
  sectionTitle(doc, 'Marketing mix');
  const mix = data.marketingMix;
  if (!mix) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('No marketing-mix model for this account yet.', PAGE.margin, doc.y);
    doc.fillColor(INK);
    return;
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${mix.modelName}, fitted ${dayText(mix.fittedAt.slice(0, 10))}.`, PAGE.margin, doc.y);
  doc.moveDown(0.3);
  table(
    doc,
    [
      { title: 'Channel', width: 250 },
      { title: 'Share of contribution', width: 130, align: 'right' },
      { title: 'ROAS', width: 119, align: 'right' },
    ],
    mix.channels.map((ch) => [ch.name, `${(ch.contributionShare * 100).toFixed(1)}%`, roasFigureText(ch.roas)]),
  );
}

const PAGES: { title: string; draw: (doc: Doc, data: ReportData, images: ReportImages) => void }[] = [
  { title: 'Performance report', draw: keyFiguresPage },
  { title: 'Trend', draw: trendPage },
  { title: 'Campaigns and ads', draw: campaignsPage },
  { title: 'Changes and marketing mix', draw: changesPage },
];

/** pdfkit (with fontkit, ~360 KB bundled) is loaded by the first render, not at a cold start of the routes that never render. */
export async function renderReportPdf(data: ReportData, images: ReportImages = {}): Promise<Buffer> {
  const { default: PdfDocument } = await import('pdfkit');
  const doc = new PdfDocument({
    size: 'A4',
    // A small bottom margin: the footer sits below the content, and pdfkit starts a new page for text past it.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 20 },
    autoFirstPage: false,
    info: {
      Title: `${data.accountName} report ${data.period.since} to ${data.period.until}`,
      Author: data.senderName,
      // A fixed date: the same report renders to the same bytes (no clock in the file).
      CreationDate: new Date(`${data.period.until}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  PAGES.forEach((page, i) => {
    doc.addPage();
    header(doc, data, page.title, images);
    page.draw(doc, data, images);
    footer(doc, data, i + 1, PAGES.length);
  });
  doc.end();
  return done;
}
