import { budgetToMajor, majorToBudget } from './currency-units';
import {
  CONVERSION_METRICS,
  MONEY_METRICS,
  type Comparator,
  type RuleAction,
  type RuleCondition,
  type RuleDraft,
  type RuleLevel,
  type RuleMetric,
  type RuleSafeguards,
  type RuleSchedule,
  type RuleScope,
  type RuleWindow,
} from './schemas/rules';

/**
 * The safe defaults a new rule gets without asking (issue 13 point 2), in the account's currency:
 * decisions wait for about $20 of spend (¥3,000), learning ad sets are left alone, conversions get one
 * day to be attributed, an object is left for 24 h after any action, and budgets move at most 20 % a day.
 */
export const RULE_DEFAULT_MIN_SPEND_USD = 20;
const UNITS_PER_USD: Record<string, number> = { USD: 1, EUR: 1, GBP: 1, JPY: 150 };

export function defaultSafeguards(currency: string): RuleSafeguards {
  const perUsd = UNITS_PER_USD[currency.toUpperCase()] ?? 1;
  return {
    minSpendMinor: majorToBudget(RULE_DEFAULT_MIN_SPEND_USD * perUsd, currency),
    skipLearning: true,
    attributionLagDays: 1,
    cooldownHours: 24,
    maxBudgetChangePercentPerDay: 20,
  };
}

/** "$40" / "¥3,000": a minor-unit amount for people. */
export function formatMinor(minor: number, currency: string): string {
  const major = budgetToMajor(minor, currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(major) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
  }).format(major);
}

const LEVEL_WORD: Record<RuleLevel, string> = { campaign: 'campaign', adset: 'ad set', ad: 'ad' };
const LEVEL_PLURAL: Record<RuleLevel, string> = { campaign: 'campaigns', adset: 'ad sets', ad: 'ads' };

const METRIC_WORD: Record<RuleMetric, string> = {
  spend: 'spend',
  results: 'results',
  cost_per_result: 'cost per result',
  roas: 'ROAS',
  ctr: 'CTR',
  cpm: 'CPM',
  frequency: 'frequency',
};

const WINDOW_WORD: Record<RuleWindow, string> = {
  today: 'today',
  last_3_days: 'over the last 3 days',
  last_7_days: 'over the last 7 days',
  last_14_days: 'over the last 14 days',
  last_30_days: 'over the last 30 days',
};

const COMPARATOR_WORD: Record<Comparator, string> = {
  gt: 'above',
  gte: 'at least',
  lt: 'below',
  lte: 'at most',
};

const OBJECTIVE_WORD: Record<string, string> = {
  OUTCOME_SALES: 'Sales',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_APP_PROMOTION: 'App promotion',
};

export function formatThreshold(metric: RuleMetric, value: number, currency: string): string {
  if (MONEY_METRICS.has(metric)) return formatMinor(Math.round(value), currency);
  if (metric === 'ctr') return `${round2(value)}%`;
  if (metric === 'roas') return `${round2(value)}×`;
  return String(round2(value));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function describeCondition(condition: RuleCondition, currency: string): string {
  return `${METRIC_WORD[condition.metric]} ${WINDOW_WORD[condition.window]} is ${COMPARATOR_WORD[condition.comparator]} ${formatThreshold(
    condition.metric,
    condition.threshold,
    currency,
  )}`;
}

function describeFilter(scope: RuleScope): string {
  const word = LEVEL_WORD[scope.level];
  switch (scope.filter.kind) {
    case 'all':
      return `any ${word}`;
    case 'name':
      return `any ${word} whose name contains "${scope.filter.contains}"`;
    case 'objective':
      return `any ${word} of a ${scope.filter.objectives.map((o) => OBJECTIVE_WORD[o] ?? o).join(' or ')} campaign`;
    case 'ids':
      return scope.filter.ids.length === 1
        ? `the chosen ${word}`
        : `any of the ${scope.filter.ids.length} chosen ${LEVEL_PLURAL[scope.level]}`;
  }
}

/** "that targets “Customers”", said of the ad set itself, a campaign's ad sets or an ad's ad set. */
function describeAudience(scope: RuleScope): string {
  if (!scope.audience) return '';
  const what = `${scope.audience.relation} “${scope.audience.name}”`;
  switch (scope.level) {
    case 'adset':
      return ` that ${what}`;
    case 'campaign':
      return ` with an ad set that ${what}`;
    case 'ad':
      return ` in an ad set that ${what}`;
  }
}

function describeScope(scope: RuleScope): string {
  return `${describeFilter(scope)}${describeAudience(scope)}`;
}

function describeAction(action: RuleAction, currency: string): string {
  switch (action.type) {
    case 'pause':
      return 'Pause';
    case 'resume':
      return 'Resume';
    case 'notify':
      return 'Notify me about';
    case 'change_budget':
      return action.direction === 'raise'
        ? `Raise by ${round2(action.percent)}% (never above ${formatMinor(action.ceilingMinor, currency)}) the daily budget of`
        : `Lower by ${round2(action.percent)}% (never below ${formatMinor(action.floorMinor, currency)}) the daily budget of`;
  }
}

export function describeSchedule(schedule: RuleSchedule): string {
  switch (schedule.kind) {
    case 'every_30_minutes':
      return 'Checked every 30 minutes';
    case 'hourly':
      return 'Checked every hour';
    case 'daily':
      return `Checked daily at ${schedule.time} (account time)`;
  }
}

/**
 * The rule in one plain sentence, e.g. "Pause any ad set whose cost per result over the last 3 days is
 * above $40, once it has spent $50." Shown live in the builder and repeated in Slack when it acts.
 */
export function describeRule(rule: RuleDraft, currency: string): string {
  const [first, ...rest] = rule.conditions;
  const conditions = [first, ...rest]
    .filter((c): c is RuleCondition => c !== undefined)
    .map((c) => describeCondition(c, currency));
  const whose = conditions.length > 0 ? ` whose ${conditions.join(' and whose ')}` : '';
  const guard =
    rule.safeguards.minSpendMinor > 0
      ? `, once it has spent ${formatMinor(rule.safeguards.minSpendMinor, currency)}`
      : '';
  return `${describeAction(rule.action, currency)} ${describeScope(rule.scope)}${whose}${guard}.`;
}

/** The safeguards as short sentences, so none of them works unseen. */
export function describeSafeguards(rule: RuleDraft, currency: string): string[] {
  const s = rule.safeguards;
  const usesConversions = rule.conditions.some((c) => CONVERSION_METRICS.has(c.metric));
  return [
    s.minSpendMinor > 0
      ? `Waits until an object has spent ${formatMinor(s.minSpendMinor, currency)} in the rule's widest window.`
      : 'Decides without a minimum spend.',
    s.skipLearning ? 'Leaves ad sets in the learning phase alone.' : 'Also acts on ad sets still learning.',
    s.attributionLagDays > 0
      ? `Ignores the last ${s.attributionLagDays} day${s.attributionLagDays === 1 ? '' : 's'} for results, cost per result and ROAS${usesConversions ? '' : ' (not used by this rule)'}.`
      : 'Reads conversions up to today.',
    s.cooldownHours > 0
      ? `Leaves an object alone for ${s.cooldownHours} h after any action on it.`
      : 'No cooldown between actions.',
    `Moves a budget by at most ${round2(s.maxBudgetChangePercentPerDay)}% a day.`,
  ];
}
