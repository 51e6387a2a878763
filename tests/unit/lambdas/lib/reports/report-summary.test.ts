import { describe, expect, it, vi } from 'vitest';
import { checkSummaryNumbers } from '@lambdas/lib/reports/summary-numbers';
import { reportFactNumbers, templateSummary, writeReportSummary } from '@lambdas/lib/reports/report-summary';
import { sampleReportData } from '@tests/support/report-fixtures';

const data = sampleReportData();

describe('writeReportSummary', () => {
  it('keeps an AI summary whose every number is in the data', async () => {
    const writer = vi.fn().mockResolvedValue({ summary: 'Spend rose 15.1% to $920.50 for 56 purchases.' });
    expect(await writeReportSummary(data, writer)).toEqual({
      text: 'Spend rose 15.1% to $920.50 for 56 purchases.',
      source: 'ai',
    });
    expect(writer).toHaveBeenCalledTimes(1);
  });

  it('asks again when a number is not in the data, and keeps the second reply if it checks', async () => {
    const writer = vi
      .fn()
      .mockResolvedValueOnce({ summary: 'ROAS jumped 47% this week.' })
      .mockResolvedValueOnce({ summary: 'ROAS rose 7% to 3.21×.' });
    const log = vi.fn();
    expect(await writeReportSummary(data, writer, log)).toEqual({ text: 'ROAS rose 7% to 3.21×.', source: 'ai' });
    expect(log).toHaveBeenCalledWith('report summary has numbers not in the data', { attempt: 1, unknown: ['47'] });
  });

  it('falls back to the template after two replies with invented numbers', async () => {
    const writer = vi.fn().mockResolvedValue({ summary: 'You made 999 sales.' });
    const summary = await writeReportSummary(data, writer);
    expect(summary).toEqual({ text: templateSummary(data), source: 'template' });
    expect(writer).toHaveBeenCalledTimes(2);
  });

  it('reads the digits of a campaign or ad name as the name, not as a figure', async () => {
    const named = {
      ...data,
      topCampaigns: [{ ...data.topCampaigns[0]!, name: 'Promo 777 | Reel 9:16' }, ...data.topCampaigns.slice(1)],
    };
    const writer = vi.fn().mockResolvedValue({ summary: '“Promo 777 | Reel 9:16” led; spend rose 15.1%.' });
    expect((await writeReportSummary(named, writer)).source).toBe('ai');
    // The same digits outside the name are claims, and are checked.
    writer.mockResolvedValue({ summary: 'Spend rose 777% this week.' });
    expect((await writeReportSummary(named, writer)).source).toBe('template');
  });

  it('falls back to the template on a malformed reply, a failing writer, or no writer', async () => {
    expect((await writeReportSummary(data, vi.fn().mockResolvedValue({ text: 'x' }))).source).toBe('template');
    expect((await writeReportSummary(data, vi.fn().mockRejectedValue(new Error('429')))).source).toBe('template');
    expect((await writeReportSummary(data, undefined)).source).toBe('template');
  });
});

describe('templateSummary', () => {
  it('passes the same number check the AI must pass', () => {
    const text = templateSummary(data);
    expect(text).toBe(
      'Spend was $920.50, +15.1% on the period before. Purchases: 56 (+12% on the period before), at $16.44 each ' +
        'against a target of $15.00. ROAS was 3.21× against a target of 3.50×. 1 change was applied in the period.',
    );
    expect(checkSummaryNumbers(text, reportFactNumbers(data))).toEqual({ ok: true, unknown: [] });
  });
});
