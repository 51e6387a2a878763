import {
  accountOf,
  answerBest,
  answerBudget,
  answerMetric,
  answerPerformance,
  answerRanking,
  askedMetric,
} from './account-answerer';
import { textOf, type ChatMessage } from './chat-request';

/**
 * The offline model as a support chatbot. When the system message carries a `<knowledge>`
 * block (the chatbot's prompt, lambdas/lib/ai/prompts/chat.ts), it answers the last visitor
 * message from those lines only: the facts whose words best match the question, word for
 * word, so an answer about prices is exactly what shared/plans.ts says. It refuses what the
 * prompt tells a real model to refuse (its instructions, other people's data), and gives a
 * few fixed, sound tips for general ads questions. A question about the visitor's own results
 * is answered from the `<account>` block when the chat function sent one (account-answerer.ts).
 * Same conversation, same answer.
 */
export function isChatbotConversation(messages: ChatMessage[]): boolean {
  return messages.some((m) => (m.role === 'system' || m.role === 'developer') && /<knowledge>/.test(textOf(m)));
}

const STOP_WORDS = new Set(
  'a an and are as at be can do does for from get have how i if in is it its me my of on or please so tell that the this to up use we what when where which who why will with you your adsmith about there their them'.split(
    ' ',
  ),
);

/** Words a question may use for what a fact says in other words. */
const SYNONYMS: Record<string, string[]> = {
  price: ['plan', 'month', 'year', 'free'],
  prices: ['plan', 'month', 'year', 'free'],
  pricing: ['plan', 'month', 'year', 'free'],
  cost: ['plan', 'month', 'year', 'free'],
  costs: ['plan', 'month', 'year', 'free'],
  much: ['plan', 'month'],
  plans: ['plan'],
  cheap: ['free', 'plan'],
  cancel: ['billing', 'cancelled'],
  refund: ['billing'],
  subscription: ['billing', 'plan'],
  pay: ['billing', 'card', 'stripe'],
  payment: ['billing', 'card', 'stripe'],
  copy: ['ad', 'copy', 'generator'],
  write: ['copy', 'generator'],
  ads: ['ad'],
  facebook: ['meta'],
  instagram: ['meta'],
  connect: ['meta', 'connection'],
  limit: ['generations', 'includes'],
  limits: ['generations', 'includes'],
  quota: ['generations'],
  delete: ['deletes', 'privacy'],
  data: ['privacy', 'keeps'],
  privacy: ['privacy'],
  features: ['what', 'adsmith', 'platform'],
  feature: ['what', 'adsmith', 'platform'],
  does: ['platform'],
  campaigns: ['campaigns', 'dashboard'],
  pause: ['pause', 'dashboard'],
  budget: ['budgets', 'dashboard'],
  team: ['seats', 'agency'],
  agency: ['agency'],
  pro: ['pro'],
  free: ['free'],
  openai: ['openai', 'key'],
  key: ['openai', 'key'],
  signup: ['sign-up', 'signing'],
  register: ['sign-up', 'signing'],
};

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? []).filter((w) => !STOP_WORDS.has(w));
}

function stem(word: string): string {
  return word.replace(/(ing|es|s)$/, '');
}

interface Fact {
  /** Its place in the knowledge block, to quote several facts in the prompt's order. */
  index: number;
  title: string;
  text: string;
  terms: Set<string>;
}

function factsOf(system: string): Fact[] {
  // The block itself opens a line; the rules above it name <knowledge> in a sentence.
  const block = /<knowledge>\n([\s\S]*?)<\/knowledge>/.exec(system)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => /^\s*-\s*([^:]+):\s*(.+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, title, text], index) => ({
      index,
      title: title!.trim(),
      text: text!.trim(),
      terms: new Set([...words(title!), ...words(title!), ...words(text!)].map(stem)),
    }));
}

function score(fact: Fact, question: string[]): number {
  let total = 0;
  const title = new Set(words(fact.title).map(stem));
  for (const word of question) {
    const candidates = [word, ...(SYNONYMS[word] ?? [])].map(stem);
    for (const candidate of new Set(candidates)) {
      if (title.has(candidate)) total += 3;
      else if (fact.terms.has(candidate)) total += 1;
    }
  }
  return total;
}

const PROMPT_PROBE =
  /\b(system prompt|your (instructions|prompt|rules|guidelines|configuration)|initial prompt|ignore (all|any|the|your|previous)|previous instructions|repeat (the|everything|all) (text|words|above)|knowledge block|reveal)\b/i;
const OTHERS_DATA =
  /\b(other|another|someone else'?s?|all) (users?|customers?|people|accounts?|clients?)\b.*\b(data|emails?|campaigns?|accounts?|spend|details|names?)\b|\b(emails?|data|campaigns?) of (other|another) (users?|customers?)\b/i;

const AD_TIPS: { pattern: RegExp; answer: string }[] = [
  {
    pattern: /\b(budget|spend|cpm|cpc|cost per|bid)/i,
    answer:
      'Start with a daily budget of at least five times your target cost per result per ad set, let Meta’s learning phase finish (about 50 results a week) before judging, and move budget to the ad sets with the lowest cost per result rather than raising everything at once.',
  },
  {
    pattern: /\b(target|audience|lookalike|interest)/i,
    answer:
      'In 2025 broad targeting with strong creative usually beats narrow interests: start broad or with a 1–3% lookalike of your best customers, exclude recent buyers, and let the creative do the targeting. Compare audiences by cost per result over a full week.',
  },
  {
    pattern: /\b(creative|image|video|headline|copy|hook)/i,
    answer:
      'Test three to five genuinely different creative ideas rather than small tweaks: a clear hook in the first two seconds of video, one benefit per ad, vertical 9:16 for Stories and Reels, and a call to action that matches the objective. Keep the winners and refresh them every few weeks.',
  },
  {
    pattern: /\b(roas|conversion|pixel|tracking|attribution)/i,
    answer:
      'Measure on results, not clicks: install the Meta pixel and the Conversions API, pick one conversion event per campaign, and judge campaigns on cost per result and ROAS over at least seven days, since Meta’s attribution window delays some conversions.',
  },
];

/**
 * What a question is about, as the chat's suggested questions and common marketer questions fall: the
 * visitor's own performance, budget, creative, Adsmith's prices and plans, or how to do something in the app
 * (anything else). Prices only when the words are about paying for Adsmith: "cost per result" is a metric.
 */
export type ChatIntent = 'performance' | 'budget' | 'creative' | 'pricing' | 'app';

const PRICING =
  /\b(price|prices|pricing|plans?|subscriptions?|subscribe|upgrade|downgrade|billing|invoices?|refunds?|trial|cheap|expensive to use)\b|\bhow much (does|is|do|would)\b(?![^?]*\b(spend|budget|bid)\b)|\bcosts?\b(?!\s+(per|of|a|an)\b)/i;
const PERFORMANCE =
  /\b(cost per|cpa|cpr|cpm|cpc|ctr|roas|frequency|performance|performing|underperform\w*|results?|conversions?|worst|best|learning phase|expensive|too high|so high|going up|dropp?(ed|ing)?|fell|falling)\b/i;
/** Metrics that make a question about results even without "my": "what does a high CPM mean?". */
const METRIC = /\b(cost per|cpa|cpm|cpc|ctr|roas|frequency|learning phase)\b/i;
const BUDGET = /\b(budgets?|spend|spending|scale|scaling|bid|bidding|allocate)\b/i;
const CREATIVE = /\b(creatives?|images?|videos?|headlines?|hooks?|fatigue|fatigued|tired|refresh)\b/i;
const OWN = /\b(my|our|mine|i|we|campaigns?|account)\b/i;

export function chatIntent(question: string): ChatIntent {
  // "Why is my cost per result high?" is about results, though "cost" also names a price.
  if (PERFORMANCE.test(question) && OWN.test(question) && !/\b(adsmith|plan|subscription)\b/i.test(question))
    return 'performance';
  if (PRICING.test(question)) return 'pricing';
  if (BUDGET.test(question)) return 'budget';
  if (METRIC.test(question)) return 'performance';
  if (CREATIVE.test(question)) return 'creative';
  return 'app';
}

const NO_ACCOUNT_PERFORMANCE =
  'A high cost per result usually has one of a few causes: audience fatigue (frequency above about 3 with a falling CTR), ad sets stuck in Meta’s learning phase (fewer than about 50 results a week), a dearer auction (CPM up against the weeks before), or a weak landing page (people click but do not convert). Compare each campaign’s cost per result with your account’s median to find the one to fix first.';

export function answerChatbot(messages: ChatMessage[]): string {
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map(textOf)
    .join('\n');
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const question = lastUser ? textOf(lastUser).trim() : '';

  if (PROMPT_PROBE.test(question)) {
    return 'I can’t share how I’m set up, but I’m happy to help with Adsmith or with your Facebook and Instagram ads. What would you like to know?';
  }
  if (OTHERS_DATA.test(question)) {
    return 'I can’t share anything about other people’s accounts or data, and I don’t have access to any. I can tell you about Adsmith’s features and plans, or help with your own ads.';
  }

  const intent = chatIntent(question);
  const account = accountOf(system);
  // A question that names a figure gets that figure, campaign by campaign, as the campaigns page shows it.
  const metric = askedMetric(question);
  if (account && metric && (OWN.test(question) || intent === 'performance')) return answerMetric(account, metric);
  if (account && (intent === 'performance' || (intent === 'budget' && OWN.test(question)))) {
    // "Which is best?" and "which is worst?" are rankings; "why?" is the causes.
    if (/\b(best|top|winning|strongest)\b/i.test(question)) return answerBest(account);
    if (/\b(which|rank|worst|weakest)\b/i.test(question) && !/\bwhy\b/i.test(question)) return answerRanking(account);
    if (intent === 'performance') return answerPerformance(account);
    // "How should I set my daily budget?" wants the rule of thumb first, then where their money does best.
    const setting = /\b(set|setting|start|how much|daily budget)\b/i.test(question);
    return setting ? `${AD_TIPS[0]!.answer} ${answerBudget(account)}` : answerBudget(account);
  }

  const asked = words(question);
  const ranked = factsOf(system)
    .map((fact) => ({ fact, score: score(fact, asked) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const visitor = /<visitor>([\s\S]*?)<\/visitor>/.exec(system)?.[1]?.trim() ?? '';
  const notConnected = /not connected a Meta ad account/.test(visitor);
  const connectHint =
    notConnected && /\b(connect|meta|facebook|account|campaigns?)\b/i.test(question)
      ? ' You are signed in but have not connected a Meta ad account yet: press Connect Meta on your dashboard to start.'
      : '';

  const tip = AD_TIPS.find((t) => t.pattern.test(question));
  if (intent === 'performance') {
    // Without the account's figures: the causes to look for, never a price list or invented numbers.
    const seeFigures = notConnected
      ? ' Connect Meta on your dashboard and I can name your own campaigns and their figures.'
      : /figures could not be read just now/.test(visitor)
        ? ' I could not read your ad account’s figures just now; ask again in a minute, or open /campaigns.'
        : '';
    return `${NO_ACCOUNT_PERFORMANCE}${seeFigures}`;
  }
  const isPlanFact = (fact: Fact) => / plan$/i.test(fact.title);
  // Plans and prices are quoted only when asked about; otherwise a word like "free" must not pull them in.
  const relevant = intent === 'pricing' ? ranked : ranked.filter((entry) => !isPlanFact(entry.fact));
  const best = relevant[0];
  if (best && best.score >= 3) {
    const planFacts = relevant.filter((entry) => isPlanFact(entry.fact));
    const chosen =
      intent === 'pricing' && planFacts.length > 1
        ? planFacts.map((entry) => entry.fact).sort((a, b) => a.index - b.index)
        : relevant
            .filter((entry) => entry.score >= Math.max(3, best.score - 1))
            .slice(0, 2)
            .map((entry) => entry.fact);
    return `${chosen.map((fact) => `${fact.title}: ${fact.text}`).join(' ')}${connectHint}`;
  }
  if (tip) return `${tip.answer}${connectHint}`;
  return `I’m not sure about that one. I can tell you about Adsmith’s features, plans and prices, or give advice on Facebook and Instagram ads; for anything else, the team is one message away on the contact page.${connectHint}`;
}
