import reference from './meta-reference.json';

/**
 * The Marketing API v26 reference (field lists per node type, enums, the ODAX
 * objective → optimization goal table, currency offsets), copied verbatim from
 * the team's research notes so the sandbox validates exactly what Meta does.
 */

export type NodeType = 'Campaign' | 'AdSet' | 'Ad' | 'AdAccount' | 'AdsInsights' | 'AdCreative' | 'User';

const nodeFields = reference.fields;

/** The User node is not in the reference file; these are the fields the sandbox can answer. */
const userFields = ['id', 'name', 'first_name', 'last_name', 'short_name', 'name_format', 'picture', 'email'];

export const FIELDS_BY_NODE_TYPE: Readonly<Record<NodeType, ReadonlySet<string>>> = {
  Campaign: new Set(nodeFields.Campaign),
  AdSet: new Set(nodeFields.AdSet),
  Ad: new Set(nodeFields.Ad),
  AdAccount: new Set(nodeFields.AdAccount),
  AdsInsights: new Set(nodeFields.AdsInsights),
  AdCreative: new Set(nodeFields.AdCreative),
  User: new Set(userFields),
};

const enums = reference.enums;

/** Meta lists status in this order in its error messages, not alphabetically. */
export const STATUS_VALUES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'] as const;
export type Status = (typeof STATUS_VALUES)[number];

export const ODAX_OBJECTIVES = enums['Campaign.objective_ODAX_current'] as readonly string[];
export const OBJECTIVE_VALUES = enums['Campaign.objective'] as readonly string[];
export const OPTIMIZATION_GOAL_VALUES = enums['AdSet.optimization_goal'] as readonly string[];
export const BILLING_EVENT_VALUES = enums['AdSet.billing_event'] as readonly string[];
export const BID_STRATEGY_VALUES = enums['Campaign.bid_strategy'] as readonly string[];
export const CALL_TO_ACTION_VALUES = enums['CallToAction.type'] as readonly string[];
export const EFFECTIVE_STATUS_FILTER_VALUES = enums[
  'effective_status_filter_param(/act_id/campaigns|adsets|ads)'
] as readonly string[];
export const DATE_PRESET_VALUES = enums['AdsInsights.date_preset'] as readonly string[];
export const LEVEL_VALUES = ['ad', 'adset', 'campaign', 'account'] as const;
export type InsightsLevel = (typeof LEVEL_VALUES)[number];
export const BREAKDOWN_VALUES = enums['AdsInsights.breakdowns'] as readonly string[];
export const ACTION_BREAKDOWN_VALUES = enums['AdsInsights.action_breakdowns'] as readonly string[];
export const ATTRIBUTION_WINDOW_VALUES = enums['AdsInsights.action_attribution_windows'] as readonly string[];

/** ODAX objective → destination → allowed optimization goals (the "(any)" key means any destination). */
export const ODAX_GOALS = reference.ODAX_objective_to_optimization_goals as unknown as Record<
  string,
  Record<string, string[]>
>;

/** Every optimization goal an objective allows, whatever the destination. */
export function goalsForObjective(objective: string): string[] {
  const byDestination = ODAX_GOALS[objective];
  if (!byDestination) return [];
  const goals = new Set<string>();
  for (const [destination, list] of Object.entries(byDestination)) {
    if (destination.startsWith('_')) continue;
    for (const goal of list) goals.add(goal);
  }
  return [...goals];
}

const offsetOneCurrencies = new Set(reference.currency_offset_1_codes);

/** Minor units per major unit: 1 for JPY-like currencies (budgets in whole units), 100 otherwise. */
export function currencyOffset(currency: string): 1 | 100 {
  return offsetOneCurrencies.has(currency) ? 1 : 100;
}
