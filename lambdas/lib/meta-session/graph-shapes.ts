import * as z from 'zod';

/**
 * The parts of Meta's replies we read, checked at the boundary. Meta sends
 * numbers as strings in many places (budgets, insights); we accept both.
 */
const numeric = z.union([z.string(), z.number()]).transform((v) => Number(v));

export const GraphAdAccountSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string().default(''),
  currency: z.string(),
  timezone_name: z.string(),
  account_status: z.number(),
  amount_spent: numeric.optional(),
  /** The smallest daily budget Meta accepts in this account, minor units (Meta sends it as a number). */
  min_daily_budget: numeric.optional(),
});
export type GraphAdAccount = z.infer<typeof GraphAdAccountSchema>;

export const GraphCampaignSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  objective: z.string(),
  status: z.string(),
  effective_status: z.string(),
  daily_budget: numeric.optional(),
  lifetime_budget: numeric.optional(),
  start_time: z.string().optional(),
  stop_time: z.string().optional(),
});
export type GraphCampaign = z.infer<typeof GraphCampaignSchema>;

/** The campaign fields asked of Meta: exactly the ones the schema reads, so the two cannot drift. */
export const CAMPAIGN_FIELDS = Object.keys(GraphCampaignSchema.shape) as (keyof typeof GraphCampaignSchema.shape)[];

export const AD_ACCOUNT_FIELDS = Object.keys(GraphAdAccountSchema.shape) as (keyof typeof GraphAdAccountSchema.shape)[];

/**
 * Rows per page of a Graph list. Campaign and insight lists ask for Meta's generous
 * maximum so most accounts take one call; a person has few ad accounts.
 */
export const GRAPH_PAGE_SIZE = { list: 500, adAccounts: 100 } as const;

/**
 * Insight fields we ask Meta for: spend, delivery, link and all clicks, Meta's own
 * results and cost per result (they follow each ad set's optimization goal), the
 * attribution setting they were counted with, and purchase value.
 */
export const INSIGHT_FIELDS = [
  'campaign_id',
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'results',
  'cost_per_result',
  'attribution_setting',
  'actions',
  'action_values',
  'purchase_roas',
  'date_start',
  'date_stop',
];

/**
 * Parameters every insights request carries: conversions counted with each ad
 * set's own attribution setting, so the numbers match Ads Manager's.
 */
export const INSIGHTS_ATTRIBUTION_PARAMS = { use_unified_attribution_setting: true } as const;

export function graphList<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    paging: z.object({ next: z.string().optional() }).passthrough().optional(),
  });
}
