import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '@infra/twin/mailbox/mailbox';
import { mailboxHandler } from '@infra/twin/mailbox/mailbox-handler';
import { LOGO_CONTENT_ID, reportEmail, sendReportEmail } from '@lambdas/lib/reports/report-email';
import { renderReportPdf } from '@lambdas/lib/reports/report-pdf';
import { pdfPageTexts } from '@tests/support/pdf-text';
import { solidPng } from '@tests/support/png';
import { sampleReportData } from '@tests/support/report-fixtures';

const SENDER = 'reports@adsmith.test';
const mailbox = new Mailbox();
let server: Server;
let ses: SESv2Client;

beforeAll(async () => {
  server = createServer(mailboxHandler(mailbox, SENDER)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  ses = new SESv2Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
});

afterAll(() => {
  ses.destroy();
  server.close();
});

describe('reportEmail', () => {
  it('puts the key figures inline against the previous period and target', () => {
    const { subject, text, html } = reportEmail(sampleReportData());
    expect(subject).toBe('Acme Shoes: your weekly report, Nov 16, 2026 – Nov 22, 2026');
    expect(text).toContain('Cost per result: $16.44 (previous $16.00, +2.8%; target $15.00)');
    expect(text).toContain('ROAS: 3.21× (previous 3.00×, +7%; target 3.50×)');
    expect(html).toContain('<td style="padding:6px 10px;border-bottom:1px solid #e5e7eb">$920.50</td>');
  });
});

describe('sendReportEmail through SES v2 (the twin mailbox)', () => {
  it('delivers the email from the agency name with the PDF attached, readable again', async () => {
    const data = sampleReportData();
    const pdf = await renderReportPdf(data);
    await sendReportEmail(ses, SENDER, ['client@example.com'], data, pdf);
    const [message] = mailbox.list('client@example.com');
    expect(message?.subject).toBe('Acme Shoes: your weekly report, Nov 16, 2026 – Nov 22, 2026');
    expect(message?.attachments).toHaveLength(1);
    const attachment = message!.attachments![0]!;
    expect(attachment).toMatchObject({
      fileName: 'Acme-Shoes-2026-11-16-to-2026-11-22.pdf',
      contentType: 'application/pdf',
    });
    const pages = await pdfPageTexts(Buffer.from(attachment.base64, 'base64'));
    expect(pages[0]).toMatch(/Spend \$920\.50 \$800\.00/);
  });

  it("shows the brand kit's logo inline (cid:) in the brand colour's header, and the account's time zone", async () => {
    const data = sampleReportData({ brand: { colours: ['#fde68a'], hasLogo: true } });
    const logo = solidPng(64, [1, 2, 3]);
    await sendReportEmail(ses, SENDER, ['logo@example.com'], data, await renderReportPdf(data), logo);
    const [message] = mailbox.list('logo@example.com');
    expect(message?.attachments?.map((a) => [a.fileName, a.contentType])).toEqual([
      ['Acme-Shoes-2026-11-16-to-2026-11-22.pdf', 'application/pdf'],
      ['logo.png', 'image/png'],
    ]);
    expect(Buffer.from(message!.attachments![1]!.base64, 'base64')).toEqual(Buffer.from(logo));
    expect(message?.html).toContain(`<img src="cid:${LOGO_CONTENT_ID}"`);
    // Ink on a light brand colour, as the PDF's header does.
    expect(message?.html).toContain('background:#fde68a;color:#111827');
    expect(message?.text).toContain('Nov 16, 2026 – Nov 22, 2026 (America/New_York)');
    expect(reportEmail(data).html).not.toContain('cid:');
  });

  it('is refused, as SES refuses it, from an address that is not the verified sender', async () => {
    const send = sendReportEmail(
      ses,
      'other@adsmith.test',
      ['client@example.com'],
      sampleReportData(),
      new Uint8Array([1]),
    );
    await expect(send).rejects.toThrow(/not verified/);
  });
});
