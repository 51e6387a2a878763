import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { clientOf, type ClientAccess } from '../aws/lazy-sdk';
import { sesSdk } from '../aws/sesv2';
import type { ReportData } from '@shared/schemas/reports';
import { readableOn } from './report-pdf';
import { dayText, keyFigureCells } from './report-text';

/**
 * The report as an email: the key figures inline (this period, the period before, the change, the target), the
 * summary, and the PDF attached. It comes from the agency's sender name at the stage's verified address.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function reportFileName(data: ReportData): string {
  const account = data.accountName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';
  return `${account}-${data.period.since}-to-${data.period.until}.pdf`;
}

/** The logo's Content-ID in the email: the HTML shows it inline (`cid:`), as mail clients do for attached images. */
export const LOGO_CONTENT_ID = 'brand-logo';

export function reportEmail(data: ReportData, options: { withLogo?: boolean } = {}) {
  const period = `${dayText(data.period.since)} – ${dayText(data.period.until)}`;
  const subject = `${data.accountName}: your ${data.period.cadence} report, ${period}`;
  const c = data.currency;
  const rows: [string, string[]][] = [
    ['Spend', keyFigureCells(data.figures.spend, 'money', c)],
    [data.resultLabel, keyFigureCells(data.figures.results, 'count', c)],
    ['Cost per result', keyFigureCells(data.figures.costPerResult, 'money', c)],
    ['ROAS', keyFigureCells(data.figures.roas, 'roas', c)],
  ];
  const [primary = '#0f172a'] = data.brand.colours;
  const text = [
    `${data.accountName}, ${period} (${data.timeZone})`,
    '',
    ...rows.map(
      ([label, [now, before, change, target]]) => `${label}: ${now} (previous ${before}, ${change}; target ${target})`,
    ),
    '',
    data.summary.text,
    '',
    `The full report is attached as a PDF. ${data.senderName}`,
  ].join('\n');
  const cell = 'padding:6px 10px;border-bottom:1px solid #e5e7eb';
  const html =
    `<div style="font-family:Helvetica,Arial,sans-serif;color:#111827;max-width:640px">` +
    `<h1 style="background:${escapeHtml(primary)};color:${readableOn(primary)};padding:16px;font-size:20px;margin:0">` +
    (options.withLogo
      ? `<img src="cid:${LOGO_CONTENT_ID}" alt="${escapeHtml(data.senderName)}" height="40" style="vertical-align:middle;margin-right:12px">`
      : '') +
    `${escapeHtml(data.accountName)}</h1>` +
    `<p>${escapeHtml(period)} (${escapeHtml(data.timeZone)})</p>` +
    `<table style="border-collapse:collapse;width:100%"><thead><tr>` +
    ['Figure', 'This period', 'Previous period', 'Change', 'Target']
      .map((h) => `<th style="${cell};text-align:left">${h}</th>`)
      .join('') +
    `</tr></thead><tbody>` +
    rows
      .map(
        ([label, cells]) =>
          `<tr><td style="${cell}">${escapeHtml(label)}</td>${cells.map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`).join('')}</tr>`,
      )
      .join('') +
    `</tbody></table>` +
    `<p>${escapeHtml(data.summary.text)}</p>` +
    `<p>The full report, with the trend, the campaigns and ads, and the changes applied, is attached as a PDF.</p>` +
    `<p>${escapeHtml(data.senderName)}</p></div>`;
  return { subject, text, html };
}

/** `"Northwind Agency" <reports@adsmith.example>`: the settings schema keeps quotes and angle brackets out of the name. */
export function senderAddress(senderName: string, address: string): string {
  return `"${senderName}" <${address}>`;
}

export async function sendReportEmail(
  ses: ClientAccess<SESv2Client>,
  from: string,
  recipients: readonly string[],
  data: ReportData,
  pdf: Uint8Array,
  logoPng?: Uint8Array,
): Promise<string | undefined> {
  const { subject, text, html } = reportEmail(data, { withLogo: Boolean(logoPng) });
  const [{ SendEmailCommand }, client] = await Promise.all([sesSdk(), clientOf(ses)]);
  const sent = await client.send(
    new SendEmailCommand({
      FromEmailAddress: senderAddress(data.senderName, from),
      Destination: { ToAddresses: [...recipients] },
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: { Text: { Data: text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
          Attachments: [
            {
              RawContent: pdf,
              FileName: reportFileName(data),
              ContentType: 'application/pdf',
              ContentDisposition: 'ATTACHMENT',
              ContentTransferEncoding: 'BASE64',
            },
            ...(logoPng
              ? [
                  {
                    RawContent: logoPng,
                    FileName: 'logo.png',
                    ContentType: 'image/png',
                    ContentDisposition: 'INLINE' as const,
                    ContentId: LOGO_CONTENT_ID,
                    ContentTransferEncoding: 'BASE64' as const,
                  },
                ]
              : []),
          ],
        },
      },
    }),
  );
  return sent.MessageId;
}
