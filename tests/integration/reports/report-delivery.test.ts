import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFileName } from '@lambdas/lib/reports/report-email';
import { keyFigureCells, moneyText, roasFigureText } from '@lambdas/lib/reports/report-text';
import type { ReportData } from '@shared/schemas/reports';
import { pdfPageImageCounts, pdfPageTexts } from '@tests/support/pdf-text';
import { pngPixel } from '@tests/support/png';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';
import { twin, uniqueEmail } from '../twin-client';

/**
 * The scheduled report's delivery on the twin (issue 28 req 4 and 6): ticks are off in the integration twin, so the
 * test runs `reports-sender` itself through Scheduler's "run now". The mailed email carries the key figures and the
 * PDF the dashboard's insights route agrees with; a second run sends nothing more; each workspace's report goes to
 * its own recipients only.
 */
interface MailedMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: { fileName: string; contentType: string; bytes: number; base64: string }[];
}

function schedules(): string {
  const url = twin().schedules;
  if (!url) throw new Error('This twin has no Scheduler "run now" (endpoints.schedules)');
  return url;
}

async function runSender(): Promise<{ sent: number; alreadySent: number; failed: number }> {
  const reply = await fetch(`${schedules()}/reports-sender/run`, { method: 'POST' });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { result: { sent: number; alreadySent: number; failed: number } }).result;
}

async function mailTo(address: string): Promise<MailedMessage[]> {
  return (await (
    await fetch(`${twin().mailbox}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as MailedMessage[];
}

/** The email's key-figures table: each row's cells after its label, by label. */
function figureRows(html: string): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const [row] of html.matchAll(/<tr>.*?<\/tr>/g)) {
    const [label, ...cells] = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!);
    if (label) rows[label] = cells;
  }
  return rows;
}

/** An SVG logo (the brand kit takes SVG; the report draws it as PNG with resvg): one square of the brand's blue. */
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
    '<rect width="128" height="128" fill="#1e3a8a"/></svg>',
);

/** The agency's brand kit: an SVG logo uploaded as the browser does (presigned PUT, confirm) and its colours. */
async function brandKitWithLogo(user: FreshUser) {
  const ticket = await (
    await user.call('/api/graphics/uploads', {
      method: 'POST',
      body: JSON.stringify({ purpose: 'logo', fileName: 'logo.svg', contentType: 'image/svg+xml', size: LOGO.length }),
    })
  ).json();
  const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: new Uint8Array(LOGO), headers: ticket.headers });
  expect(put.status).toBe(200);
  const asset = await (await user.call(`/api/graphics/uploads/${ticket.uploadId}/confirm`, { method: 'POST' })).json();
  const kit = {
    logo: { kind: 'asset', key: asset.key, width: 128, height: 128, mimeType: 'image/svg+xml' },
    colours: ['#1e3a8a', '#f97316'],
    headingFont: 'oswald',
    bodyFont: 'inter',
    ctaStyle: { shape: 'rounded', fill: 'solid' },
  };
  const saved = await user.call('/api/graphics/brand-kit', { method: 'PUT', body: JSON.stringify(kit) });
  expect(saved.status).toBe(200);
}

async function weeklyReport(user: FreshUser, recipients: string[], senderName: string): Promise<string> {
  await connectMeta(user);
  const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as Array<{ id: string }>;
  const accountId = accounts[0]!.id;
  const saved = await user.call('/api/reports/settings', {
    method: 'PUT',
    body: JSON.stringify({ cadence: 'weekly', adAccountId: accountId, recipients, senderName, targetRoas: 2.5 }),
  });
  expect(saved.status).toBe(200);
  return accountId;
}

describe('the scheduled report, delivered', () => {
  let agency: FreshUser;
  let other: FreshUser;
  let accountId: string;
  const client = uniqueEmail('report-client');
  const otherClient = uniqueEmail('report-other-client');
  beforeAll(async () => {
    agency = await freshUser('report-delivery');
    other = await freshUser('report-delivery-other');
    accountId = await weeklyReport(agency, [client], 'Northwind Agency');
    await brandKitWithLogo(agency);
    await weeklyReport(other, [otherClient], 'Southwind Partners');
  });
  afterAll(async () => {
    // Off again, so later runs of the sender (other files share the twin) leave these workspaces alone.
    for (const [user, to] of [
      [agency, client],
      [other, otherClient],
    ] as const) {
      await user?.call('/api/reports/settings', {
        method: 'PUT',
        body: JSON.stringify({ cadence: 'off', adAccountId: accountId, recipients: [to], senderName: 'Off' }),
      });
      await user?.remove();
    }
  });

  it('the scheduler refuses a function that has no schedule', async () => {
    const listed = (await (await fetch(schedules())).json()) as { schedules: { function: string }[] };
    expect(listed.schedules.map((s) => s.function)).toContain('reports-sender');
    const refused = await fetch(`${schedules()}/reports/run`, { method: 'POST' });
    expect(refused.status).toBe(404);
  });

  it('mails one email with the PDF and the key figures, equal to the dashboard, once per period', async () => {
    const first = await runSender();
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const mail = await mailTo(client);
    expect(mail).toHaveLength(1);
    const [message] = mail;
    const preview = (await (await agency.call('/api/reports/preview?cadence=weekly')).json()) as ReportData;
    const { since, until } = preview.period;
    const dashboard = await (
      await agency.call(`/api/meta/ad-accounts/${accountId}/insights?since=${since}&until=${until}`)
    ).json();
    const c = dashboard.currency as string;
    // The key figures inline (the email's table), as the dashboard has them for the same week.
    const rows = figureRows(message!.html ?? '');
    expect(rows.Spend).toEqual(
      keyFigureCells(
        {
          current: dashboard.totals.spend,
          previous: dashboard.previousTotals?.spend ?? null,
          target: null,
          changePercent: preview.figures.spend.changePercent,
        },
        'money',
        c,
      ),
    );
    expect(rows['Cost per result']?.[0]).toBe(moneyText(dashboard.totals.costPerResult, c));
    expect(rows.ROAS?.slice(0, 2)).toEqual([
      roasFigureText(dashboard.totals.roas),
      roasFigureText(dashboard.previousTotals?.roas ?? null),
    ]);
    expect(rows.ROAS?.[3]).toBe(roasFigureText(2.5));
    expect(message!.text).toContain('Northwind Agency');
    expect(message!.subject).toContain('weekly report');
    // The week is the ad account's (Meta's timezone_name), as the dashboard's days are.
    const accounts = (await (await agency.call('/api/meta/ad-accounts')).json()).data as Array<{
      id: string;
      timezoneName: string;
    }>;
    expect(preview.timeZone).toBe(accounts.find((a) => a.id === accountId)?.timezoneName);
    expect(message!.text).toContain(`(${preview.timeZone})`);
    // Branded: the brand kit's colour heads the email, its logo shown inline.
    expect(preview.brand).toEqual({ colours: ['#1e3a8a', '#f97316'], hasLogo: true });
    expect(message!.html).toContain('background:#1e3a8a');
    expect(message!.html).toContain('src="cid:brand-logo"');
    expect(message!.attachments?.map((a) => a.fileName)).toEqual([reportFileName(preview), 'logo.png']);
    // The SVG drawn by the bundled function (resvg's .wasm beside it) as a PNG of the logo's blue, 200 px high.
    const inlineLogo = Buffer.from(message!.attachments![1]!.base64, 'base64');
    expect(inlineLogo.readUInt32BE(20)).toBe(200);
    expect(pngPixel(inlineLogo, 100, 100)).toEqual([30, 58, 138, 255]);
    // The PDF attached, read back page by page.
    const attachment = message!.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.fileName).toBe(reportFileName(preview));
    const pages = await pdfPageTexts(Buffer.from(attachment.base64, 'base64'));
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain(moneyText(dashboard.totals.spend, c));
    expect(pages[0]).toContain('Prepared by Northwind Agency');
    for (const day of dashboard.data as Array<{ spend: number }>) expect(pages[1]).toContain(moneyText(day.spend, c));
    // The logo heads every page. The sandbox's thumbnails are SVG data: URLs (the PDF draws JPEG and PNG): the ads
    // listed carry Meta's URL for the screen, and the PDF draws neutral boxes in their place, without failing.
    expect([...preview.topAds, ...preview.bottomAds].every((ad) => ad.thumbnailUrl?.startsWith('data:image/svg'))).toBe(
      true,
    );
    expect(preview.topAds.length).toBeGreaterThan(0);
    expect(await pdfPageImageCounts(Buffer.from(attachment.base64, 'base64'))).toEqual([1, 1, 1, 1]);

    // The sends list says it went.
    const sends = (await (await agency.call('/api/reports/sends')).json()).data as Array<{
      periodKey: string;
      status: string;
    }>;
    expect(sends).toEqual([expect.objectContaining({ periodKey: preview.period.key, status: 'sent' })]);

    // Run again: the period was sent, nothing more.
    const second = await runSender();
    expect(second.sent).toBe(0);
    expect(await mailTo(client)).toHaveLength(1);
  });

  it("each workspace's report goes to its own recipients only", async () => {
    await runSender();
    const own = await mailTo(otherClient);
    expect(own).toHaveLength(1);
    expect(own[0]!.text).toContain('Southwind Partners');
    expect(own[0]!.text).not.toContain('Northwind Agency');
    const agencyMail = await mailTo(client);
    expect(agencyMail.every((m) => !m.text.includes('Southwind Partners'))).toBe(true);
  });
});
