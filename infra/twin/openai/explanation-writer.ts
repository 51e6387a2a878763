import { formatCurrency } from '@shared/currency-units';
import { textOf, type ChatMessage } from './chat-request';

/**
 * The offline model's answer to the optimizer's explanation prompt (schema
 * `recommendation_explanations`): for each recommendation in the JSON data, two
 * sentences built from its evidence and expected effect, quoting the numbers as
 * given and money with the account currency's symbol, as the prompt asks a real model to. Anything it cannot read gets an
 * empty list, which the optimizer's check turns into its template text.
 */
export const EXPLANATIONS_SCHEMA_NAME = 'recommendation_explanations';

interface Item {
  id: string;
  title: string;
  evidence: Record<string, number>;
  expectedEffect?: { metric?: string; low?: number; expected?: number; high?: number };
  adviceOnly?: boolean;
}

const METRIC_WORDS: Record<string, string> = {
  results_per_week: 'more results a week',
  spend_per_week: 'a week in spend',
  link_clicks_per_week: 'more link clicks a week',
  ctr_percent: 'points of CTR',
};

/** camelCase evidence names in words: costPerResult → "cost per result", ctrDropPercent → "CTR drop (%)". */
/**
 * Which evidence numbers are money, read off their names as a model would (costPerResult, spend, dailyBudget,
 * cpm, movedPerDay): ratios, shares and percentages of money are not.
 */
const MONEY_NAME = /(cost|spend|budget|cpm|value|revenue|moved)/i;
const NOT_MONEY_NAME = /(percent|share|ratio)/i;

export function isMoneyName(name: string): boolean {
  return MONEY_NAME.test(name) && !NOT_MONEY_NAME.test(name);
}

function words(name: string): string {
  const spaced = name
    .replace(/Percent$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bctr\b/g, 'CTR')
    .replace(/\bcpm\b/g, 'CPM');
  return name.endsWith('Percent') ? `${spaced} (%)` : spaced;
}

interface Data {
  currency: string | undefined;
  items: Item[];
}

function dataIn(messages: ChatMessage[]): Data {
  const none = { currency: undefined, items: [] };
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const text = user ? textOf(user) : '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return none;
  try {
    const data = JSON.parse(text.slice(start, end + 1)) as { currency?: unknown; recommendations?: unknown };
    return {
      currency: typeof data.currency === 'string' ? data.currency : undefined,
      items: Array.isArray(data.recommendations)
        ? (data.recommendations as Item[]).filter((r) => typeof r?.id === 'string' && r.evidence)
        : [],
    };
  } catch {
    return none;
  }
}

function explain(item: Item, currency: string | undefined): string {
  const money = (value: number) => (currency ? formatCurrency(value, currency) : String(value));
  const facts = Object.entries(item.evidence)
    .slice(0, 3)
    .map(([name, value]) => `${words(name)} ${isMoneyName(name) ? money(value) : value}`);
  const list = facts.length > 1 ? `${facts.slice(0, -1).join(', ')} and ${facts.at(-1)}` : (facts[0] ?? 'no figures');
  const first = `The account's own numbers show ${list}.`;
  const effect = item.expectedEffect;
  const metric = METRIC_WORDS[effect?.metric ?? ''] ?? 'a week';
  const title = item.title.replace(/[.!?]+$/, '');
  const second = item.adviceOnly
    ? 'Another recommendation already changes it, so hold this one and watch the results after that change.'
    : effect && typeof effect.expected === 'number' && effect.expected !== 0
      ? effect.metric === 'spend_per_week'
        ? `${title}: expect about ${money(effect.expected)} ${metric}, between ${money(effect.low ?? effect.expected)} and ${money(effect.high ?? effect.expected)}.`
        : `${title}: expect about ${effect.expected} ${metric}, between ${effect.low} and ${effect.high}.`
      : `${title}, then watch the next week's results.`;
  return `${first} ${second}`;
}

export function writeExplanations(messages: ChatMessage[]): { explanations: Array<{ id: string; text: string }> } {
  const { currency, items } = dataIn(messages);
  return { explanations: items.map((item) => ({ id: item.id, text: explain(item, currency) })) };
}
