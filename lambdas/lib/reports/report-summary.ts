import * as z from 'zod';
import type { ReportData } from '@shared/schemas/reports';
import { checkSummaryNumbers } from './summary-numbers';
import { changeText, countText, moneyText, roasFigureText } from './report-text';

/**
 * The report's short written summary. The AI engine writes it from the report's figures; its reply is parsed
 * with zod and every number in it checked against those figures (checkSummaryNumbers). A reply that fails is
 * asked for once more, then the template summary, written from the same figures, is used instead.
 */
export const AiSummaryReplySchema = z.object({ summary: z.string().trim().min(1).max(800) });

/** Writes a summary from the figures (the AI engine: OpenAI, or the twin's stand-in). */
export type SummaryWriter = (facts: ReportData) => Promise<unknown>;

type Figures = ReportData['figures'];

/** Every number the report shows or could fairly be quoted from: figures, changes, targets, rows, days, dates. */
export function reportFactNumbers(data: Omit<ReportData, 'summary'>): number[] {
  const figures = Object.values(data.figures as Figures).flatMap((f) => [
    f.current,
    f.previous,
    f.target,
    f.changePercent,
  ]);
  const rows = [...data.topCampaigns, ...data.bottomCampaigns, ...data.topAds, ...data.bottomAds].flatMap((r) => [
    r.spend,
    r.results,
    r.costPerResult,
    r.roas,
  ]);
  const days = data.trend.flatMap((d) => [d.spend, d.results]);
  const dates = [data.period.since, data.period.until, data.previousPeriod.since, data.previousPeriod.until].flatMap(
    (d) => d.split('-').map(Number),
  );
  const counts = [data.trend.length, data.topCampaigns.length, data.bottomCampaigns.length, data.changes.length];
  return [...figures, ...rows, ...days, ...dates, ...counts].filter((n): n is number => n !== null);
}

function trendWord(percent: number | null): string {
  if (percent === null) return 'with nothing to compare with';
  if (percent === 0) return 'unchanged on the period before';
  return `${changeText(percent)} on the period before`;
}

/** The summary written from the figures alone: used when the AI is unavailable or wrote a number not in the data. */
export function templateSummary(data: Omit<ReportData, 'summary'>): string {
  const { spend, results, costPerResult, roas } = data.figures;
  const c = data.currency;
  const parts = [`Spend was ${moneyText(spend.current, c)}, ${trendWord(spend.changePercent)}.`];
  if (results.current !== null) {
    parts.push(
      `${data.resultLabel}: ${countText(results.current)} (${trendWord(results.changePercent)}), ` +
        `at ${moneyText(costPerResult.current, c)} each` +
        (costPerResult.target !== null ? ` against a target of ${moneyText(costPerResult.target, c)}.` : '.'),
    );
  }
  if (roas.current !== null) {
    parts.push(
      `ROAS was ${roasFigureText(roas.current)}` +
        (roas.target !== null ? ` against a target of ${roasFigureText(roas.target)}.` : '.'),
    );
  }
  if (data.changes.length === 1) parts.push('1 change was applied in the period.');
  else if (data.changes.length > 1) parts.push(`${countText(data.changes.length)} changes were applied in the period.`);
  return parts.join(' ');
}

/**
 * The text with the report's campaign and ad names taken out, longest first: a name's digits ("Reel 9:16", "Spring
 * 2026") are the marketer's words, not figures the summary claims.
 */
export function withoutNames(text: string, names: readonly string[]): string {
  return [...new Set(names)]
    .filter((name) => name.trim() !== '')
    .sort((a, b) => b.length - a.length)
    .reduce((rest, name) => rest.split(name).join(' '), text);
}

export async function writeReportSummary(
  data: Omit<ReportData, 'summary'>,
  writer: SummaryWriter | undefined,
  log: (message: string, facts: Record<string, unknown>) => void = () => undefined,
): Promise<ReportData['summary']> {
  const facts = reportFactNumbers(data);
  const names = [...data.topCampaigns, ...data.bottomCampaigns, ...data.topAds, ...data.bottomAds].map((r) => r.name);
  for (let attempt = 1; writer && attempt <= 2; attempt += 1) {
    try {
      const reply = AiSummaryReplySchema.safeParse(
        await writer({ ...data, summary: { text: '', source: 'template' } }),
      );
      if (!reply.success) {
        log('report summary reply malformed', { attempt });
        continue;
      }
      const check = checkSummaryNumbers(withoutNames(reply.data.summary, names), facts);
      if (check.ok) return { text: reply.data.summary, source: 'ai' };
      log('report summary has numbers not in the data', { attempt, unknown: check.unknown });
    } catch (error) {
      log('report summary writer failed', { attempt, error: String(error) });
      break;
    }
  }
  return { text: templateSummary(data), source: 'template' };
}
