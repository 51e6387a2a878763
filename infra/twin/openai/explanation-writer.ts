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

/**
 * The mechanism behind a recommendation, read off its evidence's names as a media buyer would: why these numbers
 * call for this change. No numbers of its own (the optimizer's check allows only the detector's), so it can sit
 * beside them; null when the evidence matches no known pattern.
 */
export function reasonFor(evidence: Record<string, number>, title: string): string | null {
  const has = (...names: string[]) => names.every((name) => name in evidence);
  if (has('winnerCostPerResult', 'loserCostPerResult'))
    return 'because the same money buys results more cheaply in the ad set it moves to, so the account gets more results without spending more';
  if (has('resultsPerWeek', 'neededPerWeek'))
    return 'because Meta keeps delivery unstable until an ad set gets enough results a week to finish learning, and a budget or audience this small keeps it below that';
  if (has('ctrDropPercent') || has('lastWeekFrequency'))
    return 'because the same people keep seeing the same ads, so fewer of them click each week, and only new creative gives them something new to react to';
  if (has('cpm', 'baselineCpm'))
    return 'because every impression costs more than before, so each result does too even when the ads work as well as ever';
  if (has('rateLoserPercent', 'rateWinnerPercent'))
    return 'because the ads compete for the same people, and every impression the weaker one wins is one the stronger ad would have used better';
  if (has('medianCostPerResult', 'spentSharePercent'))
    return 'because its budget runs out while its results cost less than similar ad sets pay, so more budget buys more of them at about that price';
  if (has('medianCostPerResult'))
    return 'because each of its results costs more than similar ad sets pay, so the money saved does more elsewhere in the account';
  if (has('spentSharePercent', 'budget'))
    return 'because Meta cannot find enough people to spend the budget on at this audience, bid or schedule, so the plan it was set for is not happening';
  if (
    /\b(rank|ranking|quality)\b/i.test(title) ||
    Object.keys(evidence).some((name) => /Ranking|Percentile/.test(name))
  )
    return 'because Meta ranks the ad below others competing for the same people, which raises what it pays and limits who sees it';
  return null;
}

function explain(item: Item, currency: string | undefined): string {
  const money = (value: number) => (currency ? formatCurrency(value, currency) : String(value));
  const facts = Object.entries(item.evidence)
    .slice(0, 3)
    .map(([name, value]) => `${words(name)} ${isMoneyName(name) ? money(value) : value}`);
  const list = facts.length > 1 ? `${facts.slice(0, -1).join(', ')} and ${facts.at(-1)}` : (facts[0] ?? 'no figures');
  const reason = item.adviceOnly ? null : reasonFor(item.evidence, item.title);
  const first = `The account's own numbers show ${list}${reason ? `, and this matters ${reason}` : ''}.`;
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
