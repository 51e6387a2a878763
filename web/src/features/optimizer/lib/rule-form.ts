import { budgetToMajor, majorToBudget } from '@shared/currency-units';
import { defaultSafeguards } from '@shared/rule-language';
import {
  MONEY_METRICS,
  type OBJECTIVES,
  RuleDraftSchema,
  type Comparator,
  type Rule,
  type RuleDraft,
  type RuleLevel,
  type RuleMetric,
  type RuleWindow,
} from '@shared/schemas/rules';
import type { AdAccount } from '@shared/schemas/meta';

export const METRICS: [RuleMetric, string][] = [
  ['cost_per_result', 'Cost per result'],
  ['spend', 'Spend'],
  ['results', 'Results'],
  ['roas', 'ROAS (×)'],
  ['ctr', 'CTR (%)'],
  ['cpm', 'CPM'],
  ['frequency', 'Frequency'],
];
export const WINDOWS: [RuleWindow, string][] = [
  ['today', 'Today'],
  ['last_3_days', 'Last 3 days'],
  ['last_7_days', 'Last 7 days'],
  ['last_14_days', 'Last 14 days'],
  ['last_30_days', 'Last 30 days'],
];
export const COMPARATORS: [Comparator, string][] = [
  ['gt', 'is above'],
  ['gte', 'is at least'],
  ['lt', 'is below'],
  ['lte', 'is at most'],
];

export interface ConditionState {
  metric: RuleMetric;
  window: RuleWindow;
  comparator: Comparator;
  /** As typed, in major units for money. */
  value: string;
}

export interface FormState {
  name: string;
  adAccountId: string;
  level: RuleLevel;
  filterKind: 'all' | 'name' | 'objective' | 'ids';
  nameContains: string;
  objective: (typeof OBJECTIVES)[number];
  ids: string;
  /** The custom audience the rule is limited to ('' = any ad set), its name as listed, and how it is used. */
  audienceId: string;
  audienceName: string;
  audienceRelation: 'targets' | 'excludes';
  conditions: ConditionState[];
  action: 'pause' | 'resume' | 'raise' | 'lower' | 'notify';
  percent: string;
  floor: string;
  ceiling: string;
  schedule: 'every_30_minutes' | 'hourly' | 'daily';
  time: string;
  minSpend: string;
  skipLearning: boolean;
  lagDays: string;
  cooldownHours: string;
  maxChangePercent: string;
}

export function initialState(accounts: AdAccount[], rule?: Rule): FormState {
  const account = accounts.find((a) => a.id === rule?.rule.scope.adAccountId) ?? accounts[0];
  const currency = account?.currency ?? 'USD';
  const major = (minor: number) => String(budgetToMajor(minor, currency));
  if (rule) {
    const r = rule.rule;
    const f = r.scope.filter;
    return {
      name: r.name,
      adAccountId: r.scope.adAccountId,
      level: r.scope.level,
      filterKind: f.kind,
      nameContains: f.kind === 'name' ? f.contains : '',
      objective: f.kind === 'objective' ? f.objectives[0]! : 'OUTCOME_SALES',
      ids: f.kind === 'ids' ? f.ids.join(', ') : '',
      audienceId: r.scope.audience?.id ?? '',
      audienceName: r.scope.audience?.name ?? '',
      audienceRelation: r.scope.audience?.relation ?? 'targets',
      conditions: r.conditions.map((c) => ({
        metric: c.metric,
        window: c.window,
        comparator: c.comparator,
        value: MONEY_METRICS.has(c.metric) ? major(c.threshold) : String(c.threshold),
      })),
      action: r.action.type === 'change_budget' ? r.action.direction : (r.action.type as 'pause' | 'resume' | 'notify'),
      percent: r.action.type === 'change_budget' ? String(r.action.percent) : '15',
      floor: r.action.type === 'change_budget' ? major(r.action.floorMinor) : '',
      ceiling: r.action.type === 'change_budget' ? major(r.action.ceilingMinor) : '',
      schedule: r.schedule.kind,
      time: r.schedule.kind === 'daily' ? r.schedule.time : '09:00',
      minSpend: major(r.safeguards.minSpendMinor),
      skipLearning: r.safeguards.skipLearning,
      lagDays: String(r.safeguards.attributionLagDays),
      cooldownHours: String(r.safeguards.cooldownHours),
      maxChangePercent: String(r.safeguards.maxBudgetChangePercentPerDay),
    };
  }
  const safe = defaultSafeguards(currency);
  return {
    name: '',
    adAccountId: account?.id ?? '',
    level: 'adset',
    filterKind: 'all',
    nameContains: '',
    objective: 'OUTCOME_SALES',
    ids: '',
    audienceId: '',
    audienceName: '',
    audienceRelation: 'targets',
    conditions: [{ metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', value: '' }],
    action: 'pause',
    percent: '15',
    floor: '',
    ceiling: '',
    schedule: 'daily',
    time: '09:00',
    minSpend: major(safe.minSpendMinor),
    skipLearning: safe.skipLearning,
    lagDays: String(safe.attributionLagDays),
    cooldownHours: String(safe.cooldownHours),
    maxChangePercent: String(safe.maxBudgetChangePercentPerDay),
  };
}

/** The form as a rule (money to minor units of the account's currency), or why it is not one yet. */
export function toDraft(s: FormState, currency: string): { draft: RuleDraft } | { error: string } {
  const money = (text: string) => majorToBudget(Number(text || 'NaN'), currency);
  const num = (text: string) => Number(text.trim() === '' ? 'NaN' : text);
  try {
    const candidate = {
      name: s.name,
      scope: {
        adAccountId: s.adAccountId,
        level: s.level,
        filter:
          s.filterKind === 'all'
            ? { kind: 'all' }
            : s.filterKind === 'name'
              ? { kind: 'name', contains: s.nameContains }
              : s.filterKind === 'objective'
                ? { kind: 'objective', objectives: [s.objective] }
                : {
                    kind: 'ids',
                    ids: s.ids
                      .split(/[\s,]+/)
                      .map((id) => id.trim())
                      .filter(Boolean),
                  },
        ...(s.audienceId && {
          audience: { id: s.audienceId, name: s.audienceName, relation: s.audienceRelation },
        }),
      },
      conditions: s.conditions.map((c) => ({
        metric: c.metric,
        window: c.window,
        comparator: c.comparator,
        threshold: MONEY_METRICS.has(c.metric) ? money(c.value) : num(c.value),
      })),
      action:
        s.action === 'raise' || s.action === 'lower'
          ? {
              type: 'change_budget',
              direction: s.action,
              percent: num(s.percent),
              floorMinor: s.floor.trim() === '' ? 0 : money(s.floor),
              // A raise needs its ceiling; a cut without one has no upper limit to respect.
              ceilingMinor: s.ceiling.trim() === '' ? (s.action === 'lower' ? 1e12 : Number.NaN) : money(s.ceiling),
            }
          : { type: s.action },
      schedule: s.schedule === 'daily' ? { kind: 'daily', time: s.time } : { kind: s.schedule },
      safeguards: {
        minSpendMinor: s.minSpend.trim() === '' ? 0 : money(s.minSpend),
        skipLearning: s.skipLearning,
        attributionLagDays: num(s.lagDays),
        cooldownHours: num(s.cooldownHours),
        maxBudgetChangePercentPerDay: num(s.maxChangePercent),
      },
    };
    const parsed = RuleDraftSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { error: `${issue.path.join(' › ') || 'Rule'}: ${issue.message}` };
    }
    return { draft: parsed.data };
  } catch {
    return { error: 'Amounts must be numbers.' };
  }
}
