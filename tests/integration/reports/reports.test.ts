import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyText } from '@lambdas/lib/reports/report-text';
import type { ReportData } from '@shared/schemas/reports';
import { pdfPageTexts } from '@tests/support/pdf-text';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * The reports routes on the twin (issue 28 req 4 and 6): a report of the demo account is read as the dashboard reads
 * it, so its figures, and the PDF's page by page, equal what the dashboard's insights route answers for the period.
 */
describe('reports', () => {
  let user: FreshUser;
  let accountId: string;
  beforeAll(async () => {
    user = await freshUser('reports');
    await connectMeta(user);
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as Array<{ id: string }>;
    accountId = accounts[0]!.id;
  });
  afterAll(() => user.remove());

  it('keeps the settings, refusing bad input with the field named', async () => {
    expect(await (await user.call('/api/reports/settings')).json()).toEqual({ settings: null });
    const bad = await user.call('/api/reports/settings', {
      method: 'PUT',
      body: JSON.stringify({
        cadence: 'weekly',
        adAccountId: accountId,
        recipients: ['not-an-email'],
        senderName: 'A',
      }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('recipients');
    const settings = {
      cadence: 'weekly',
      adAccountId: accountId,
      recipients: ['client@example.com'],
      senderName: 'Northwind Agency',
      targetRoas: 3,
    };
    const saved = await user.call('/api/reports/settings', { method: 'PUT', body: JSON.stringify(settings) });
    expect(saved.status).toBe(200);
    const read = await (await user.call('/api/reports/settings')).json();
    expect(read.settings).toMatchObject(settings);
    expect(await (await user.call('/api/reports/sends')).json()).toEqual({ data: [] });
  });

  it("the preview's figures and trend are the dashboard's for the same period", async () => {
    const preview = (await (await user.call('/api/reports/preview?cadence=weekly')).json()) as ReportData;
    const { since, until } = preview.period;
    const dashboard = await (
      await user.call(`/api/meta/ad-accounts/${accountId}/insights?since=${since}&until=${until}`)
    ).json();
    expect(preview.figures.spend.current).toBe(dashboard.totals.spend);
    expect(preview.figures.results.current).toBe(dashboard.totals.results);
    expect(preview.figures.costPerResult.current).toBe(dashboard.totals.costPerResult);
    expect(preview.figures.roas.current).toBe(dashboard.totals.roas);
    expect(preview.figures.spend.previous).toBe(dashboard.previousTotals?.spend ?? null);
    expect(preview.figures.roas.target).toBe(3);
    expect(preview.trend).toEqual(
      dashboard.data.map((d: { date: string; spend: number; results: number | null }) => ({
        date: d.date,
        spend: d.spend,
        results: d.results,
      })),
    );
    expect(preview.senderName).toBe('Northwind Agency');
    expect(preview.figures.spend.current).toBeGreaterThan(0);
    // Written by the AI engine (the twin's offline model) and kept: every number it quotes is the report's.
    expect(preview.summary.source).toBe('ai');
    expect(preview.summary.text).toContain('The account spent');
  });

  it('the PDF, read back page by page, shows the same figures', async () => {
    const reply = await user.call('/api/reports/pdf?cadence=weekly');
    expect(reply.status).toBe(200);
    const { fileName, contentBase64 } = await reply.json();
    expect(fileName).toMatch(/\.pdf$/);
    const pages = await pdfPageTexts(Buffer.from(contentBase64, 'base64'));
    expect(pages).toHaveLength(4);
    const preview = (await (await user.call('/api/reports/preview?cadence=weekly')).json()) as ReportData;
    const dashboard = await (
      await user.call(
        `/api/meta/ad-accounts/${accountId}/insights?since=${preview.period.since}&until=${preview.period.until}`,
      )
    ).json();
    expect(pages[0]).toContain(moneyText(dashboard.totals.spend, dashboard.currency));
    expect(pages[0]).toContain('Prepared by Northwind Agency');
    // The trend page lists each day's spend as the dashboard's chart has it.
    for (const day of dashboard.data as Array<{ spend: number }>) {
      expect(pages[1]).toContain(moneyText(day.spend, dashboard.currency));
    }
  });
});
