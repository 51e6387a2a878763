import { formatCurrency } from '@shared/currency-units';
import { textOf, type ChatMessage } from './chat-request';

/**
 * The offline model's answer to the report summary prompt (schema `report_summary`): a few sentences built from the
 * report's JSON data, quoting its numbers as given and money with the account currency's symbol, as the prompt asks a
 * real model to. It is a stand-in, labelled as such in docs/twin.md: fixed sentence shapes, no judgement.
 */
export const REPORT_SUMMARY_SCHEMA_NAME = 'report_summary';

interface Figure {
  current: number | null;
  previous: number | null;
  target: number | null;
  changePercent: number | null;
}
interface Row {
  name: string;
  costPerResult: number | null;
}
interface Data {
  currency: string;
  resultLabel: string;
  figures: { spend: Figure; results: Figure; costPerResult: Figure; roas: Figure };
  topCampaigns: Row[];
  bottomCampaigns: Row[];
  changesApplied: number;
}

function dataIn(messages: ChatMessage[]): Data | undefined {
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const text = user ? textOf(user) : '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    const data = JSON.parse(text.slice(start, end + 1)) as Partial<Data>;
    return data.figures && typeof data.currency === 'string' ? (data as Data) : undefined;
  } catch {
    return undefined;
  }
}

const change = (percent: number | null) =>
  percent === null ? '' : ` (${percent >= 0 ? 'up' : 'down'} ${Math.abs(percent)}% on the period before)`;

export function writeReportSummary(messages: ChatMessage[]): { summary: string } {
  const data = dataIn(messages);
  if (!data) return { summary: '' };
  const money = (value: number) => formatCurrency(value, data.currency);
  const { spend, results, costPerResult } = data.figures;
  const sentences: string[] = [];
  if (spend.current !== null)
    sentences.push(`The account spent ${money(spend.current)}${change(spend.changePercent)}.`);
  if (results.current !== null && costPerResult.current !== null) {
    const target = costPerResult.target !== null ? `, against a target of ${money(costPerResult.target)}` : '';
    sentences.push(
      `${data.resultLabel} came to ${results.current}${change(results.changePercent)} at ${money(costPerResult.current)} each${target}.`,
    );
  }
  if (data.figures.roas.current !== null) {
    sentences.push(`ROAS was ${data.figures.roas.current}×${change(data.figures.roas.changePercent)}.`);
  }
  const best = data.topCampaigns.find((row) => row.costPerResult !== null);
  const worst = data.bottomCampaigns.find((row) => row.costPerResult !== null && row.name !== best?.name);
  if (best && worst) {
    sentences.push(
      `“${best.name}” did best at ${money(best.costPerResult!)} a result, “${worst.name}” worst at ${money(worst.costPerResult!)}.`,
    );
  }
  if (data.changesApplied > 0) {
    sentences.push(`${data.changesApplied} ${data.changesApplied === 1 ? 'change was' : 'changes were'} applied.`);
  }
  return { summary: sentences.join(' ') };
}
