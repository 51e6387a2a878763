import * as z from 'zod';
import {
  datePresets,
  performanceBreakdowns,
  performanceLevels,
  type PerformanceBreakdown,
} from '../performance-options';

export {
  datePresets,
  performanceBreakdowns,
  performanceLevels,
  type DatePreset,
  type PerformanceBreakdown,
  type PerformanceLevel,
} from '../performance-options';

/**
 * The Meta part of our API, as the browser sees it. Tokens never appear here:
 * they stay server-side. Budgets are in the ad account's minor currency units,
 * exactly as Meta keeps them; spend and other insight values in major units.
 */

export const MetaOAuthConfigSchema = z.object({
  appId: z.string(),
  graphVersion: z.string(),
  redirectUri: z.string().url(),
  scopes: z.array(z.string()),
  state: z.string(),
  dialogUrl: z.string().url(),
});
export type MetaOAuthConfig = z.infer<typeof MetaOAuthConfigSchema>;

/** `?rerequest=true` asks Meta's dialog again for permissions the person declined before. */
export const MetaOAuthConfigQuerySchema = z.object({ rerequest: z.enum(['true', 'false']).optional() }).strict();
export type MetaOAuthConfigQuery = z.infer<typeof MetaOAuthConfigQuerySchema>;

/** Permissions without which the dashboard cannot work. */
export const REQUIRED_META_PERMISSIONS = ['ads_read', 'ads_management'] as const;

export const MetaOAuthCallbackBodySchema = z
  .object({
    code: z.string().min(1, 'The authorization code is missing').max(2048),
    state: z.string().min(1, 'The state is missing').max(512),
  })
  .strict();

export const MetaConnectionSchema = z.object({
  isConnected: z.boolean(),
  metaUserName: z.string().nullable(),
  scopes: z.array(z.string()),
  /** ISO time the long-lived token stops working; null when not connected. */
  expiresAt: z.string().nullable(),
  connectedAt: z.string().nullable().optional(),
  /**
   * Not connected because the stored token expired or Meta refused it (revoked, password
   * changed): the person should reconnect. False when there was never a connection, or
   * when Meta could not be reached (which also reads as not connected).
   */
  needsReconnect: z.boolean().optional(),
  /**
   * Permissions the person unticked in Meta's dialog. When ads_read or ads_management is
   * among them the dashboard says so and offers to ask again (auth_type=rerequest).
   */
  declinedScopes: z.array(z.string()).optional(),
});
export type MetaConnection = z.infer<typeof MetaConnectionSchema>;

/** No usable connection: what the API answers without one, and what the web assumes when the check fails. */
export const NOT_CONNECTED: MetaConnection = {
  isConnected: false,
  metaUserName: null,
  scopes: [],
  expiresAt: null,
  connectedAt: null,
  needsReconnect: false,
};

/**
 * A calendar date that exists. JavaScript's date parser rolls 2026-02-30 over to
 * 2 March, so the date is checked to survive a round trip unchanged.
 */
export function isRealCalendarDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-01-31')
  .refine(isRealCalendarDate, 'Not a real date');

/** Maximum days one range may span (Meta keeps 37 months; dashboards need far less). */
export const MAX_RANGE_DAYS = 400;

function daysBetween(since: string, until: string): number {
  return (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000;
}

/** A date range: a preset, or since + until in the ad account's time zone. */
export const DateRangeQuerySchema = z
  .object({
    datePreset: z.enum(datePresets).optional(),
    since: isoDate.optional(),
    until: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.datePreset && (q.since || q.until)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Use either datePreset or since and until, not both',
        path: ['datePreset'],
      });
    }
    if (!q.datePreset && Boolean(q.since) !== Boolean(q.until)) {
      ctx.addIssue({ code: 'custom', message: 'since and until go together', path: [q.since ? 'until' : 'since'] });
    }
    if (q.since && q.until) {
      const days = daysBetween(q.since, q.until);
      if (Number.isNaN(days)) ctx.addIssue({ code: 'custom', message: 'Not a real date', path: ['since'] });
      else if (days < 0) ctx.addIssue({ code: 'custom', message: 'since must not be after until', path: ['since'] });
      else if (days > MAX_RANGE_DAYS) {
        ctx.addIssue({ code: 'custom', message: `A range spans at most ${MAX_RANGE_DAYS} days`, path: ['since'] });
      }
    }
  });
export type DateRangeQuery = z.infer<typeof DateRangeQuerySchema>;

/**
 * Ranges longer than this are read through one of Meta's asynchronous report runs (Meta's advice for
 * big reads) instead of a direct read that might be refused; shorter ones go async only when Meta
 * answers code 1 ("reduce the amount of data").
 */
export const ASYNC_REPORT_MIN_DAYS = 93;

/**
 * A running report, as the API hands it to the browser: Meta's report run id and a signature binding it
 * to the user, the object and the range it was started for, so a poll cannot read someone else's run.
 */
export const ReportTicketSchema = z.string().regex(/^\d{1,25}\.[A-Za-z0-9_-]{43}$/, 'Not a report of ours');

/** An insights series query; `report` continues a report run the previous reply said was running. */
export const InsightsQuerySchema = DateRangeQuerySchema.and(z.object({ report: ReportTicketSchema.optional() }));
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

export const DailyInsightsQuerySchema = InsightsQuerySchema.and(
  z.object({ timeIncrement: z.enum(['1', 'all_days']).optional() }),
);

const adAccountId = z.string().regex(/^act_\d{1,20}$/, 'Ad account ids look like act_123');
const objectId = z.string().regex(/^\d{1,25}$/, 'Meta ids are numeric');

export const AdAccountParamsSchema = z.object({ id: adAccountId });
export const CampaignParamsSchema = z.object({ id: objectId });

export const AdAccountSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  currency: z.string(),
  timezoneName: z.string(),
  /** Meta's account_status as a word: ACTIVE, DISABLED, UNSETTLED, ... */
  status: z.string(),
  amountSpent: z.number().nullable(),
  /** Meta's `min_daily_budget` in minor units: the smallest daily budget this account accepts (null if unknown). */
  minDailyBudget: z.number().nullable().optional(),
});
export type AdAccount = z.infer<typeof AdAccountSchema>;

/** Metrics over a range; null where the figure has no meaning (e.g. CPC with no clicks). */
export const MetricsSchema = z.object({
  spend: z.number(),
  impressions: z.number(),
  reach: z.number(),
  /** True when reach was added up across days (people reached on several days count more than once). */
  reachIsEstimate: z.boolean(),
  frequency: z.number().nullable(),
  /** All clicks: Ads Manager's "Clicks (all)". */
  clicks: z.number(),
  /** Link clicks (`inline_link_clicks`): Ads Manager's default "Link clicks". */
  linkClicks: z.number(),
  /** Link-click CTR in percent, as `inline_link_click_ctr`. */
  ctr: z.number().nullable(),
  /** Cost per link click, as `cost_per_inline_link_click`. */
  cpc: z.number().nullable(),
  /** "CTR (all)": every click over impressions, in percent. */
  ctrAll: z.number().nullable(),
  /** "CPC (all)": spend over every click. */
  cpcAll: z.number().nullable(),
  cpm: z.number().nullable(),
  /**
   * Meta's own `results`, which follow each ad set's optimization goal. Null when there
   * were none or the ad sets optimise for different results (see resultsByType).
   */
  results: z.number().nullable(),
  /** Meta's result indicator without `actions:`, e.g. `offsite_conversion.fb_pixel_purchase`, `link_click`, `reach`. */
  resultType: z.string().nullable(),
  /** Meta's `cost_per_result`: per result, or per 1,000 people reached when the result is reach. */
  costPerResult: z.number().nullable(),
  /** One entry per result type Meta reported. */
  resultsByType: z.array(
    z.object({ resultType: z.string(), results: z.number(), costPerResult: z.number().nullable() }),
  ),
  /** How conversions were counted (`7d_click_1d_view`, `1d_click`, …; `mixed` across ad sets); null if not reported. */
  attributionSetting: z.string().nullable(),
  purchaseValue: z.number().nullable(),
  roas: z.number().nullable(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

export const CampaignSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  objective: z.string(),
  status: z.string(),
  effectiveStatus: z.string(),
  /** Minor currency units, as Meta keeps budgets; null when the budget sits on the ad sets. */
  dailyBudget: z.number().int().nullable(),
  lifetimeBudget: z.number().int().nullable(),
  startTime: z.string().nullable(),
  stopTime: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignWithMetricsSchema = CampaignSchema.extend({ metrics: MetricsSchema });
export type CampaignWithMetrics = z.infer<typeof CampaignWithMetricsSchema>;

export const ResolvedRangeSchema = z.object({ since: z.string(), until: z.string() });

export const CampaignListSchema = z.object({
  data: z.array(CampaignWithMetricsSchema),
  range: ResolvedRangeSchema,
  currency: z.string(),
  timezoneName: z.string(),
  /** Meta had more results than could be read in time: the figures cover part of the account. */
  partial: z.boolean().optional(),
});

export const PerformanceTableQuerySchema = DateRangeQuerySchema.and(
  z.object({
    level: z.enum(performanceLevels),
    breakdown: z
      .enum(Object.keys(performanceBreakdowns) as [PerformanceBreakdown, ...PerformanceBreakdown[]])
      .optional(),
  }),
);
export type PerformanceTableQuery = z.infer<typeof PerformanceTableQuerySchema>;

export const PerformanceRowSchema = z.object({
  /** The campaign's, ad set's or ad's id. */
  id: z.string(),
  name: z.string(),
  /** Where the row sits: the campaign of an ad set or ad, the ad set of an ad (null at campaign level). */
  campaignName: z.string().nullable(),
  adsetName: z.string().nullable(),
  /** The breakdown's values as Meta names them (e.g. `{ age: '25-34' }`); empty without a breakdown. */
  segment: z.record(z.string(), z.string()),
  metrics: MetricsSchema,
});
export type PerformanceRow = z.infer<typeof PerformanceRowSchema>;

/** What delivered at one level over a range, split by a breakdown when asked. */
export const PerformanceTableSchema = z.object({
  level: z.enum(performanceLevels),
  breakdown: z.enum(Object.keys(performanceBreakdowns) as [PerformanceBreakdown, ...PerformanceBreakdown[]]).nullable(),
  rows: z.array(PerformanceRowSchema),
  range: ResolvedRangeSchema,
  currency: z.string(),
  timezoneName: z.string(),
  /** Meta had more rows than could be read in time. */
  partial: z.boolean().optional(),
});
export type PerformanceTable = z.infer<typeof PerformanceTableSchema>;

export const DailyPointSchema = MetricsSchema.extend({ date: z.string() });
export type DailyPoint = z.infer<typeof DailyPointSchema>;

/** Daily figures and totals for a range, with the equal-length period before it for comparison. */
export const InsightsSeriesSchema = z.object({
  data: z.array(DailyPointSchema),
  totals: MetricsSchema,
  previousTotals: MetricsSchema.nullable(),
  range: ResolvedRangeSchema,
  previousRange: ResolvedRangeSchema.nullable(),
  currency: z.string(),
  /**
   * Meta had more days than could be read in the time a request has: `data` stops at the last day read
   * (never zero-filled past it) and the totals still cover the whole range.
   */
  partial: z.boolean().optional(),
});
export type InsightsSeries = z.infer<typeof InsightsSeriesSchema>;

/** Meta is still building the report (HTTP 202): ask again with `report` until the series arrives. */
export const InsightsReportPendingSchema = z.object({
  pending: z.literal(true),
  report: ReportTicketSchema,
  /** Meta's async_status: "Job Not Started", "Job Started", "Job Running", … */
  status: z.string(),
  /** Meta's async_percent_completion, 0–100. */
  percent: z.number().min(0).max(100),
});
export type InsightsReportPending = z.infer<typeof InsightsReportPendingSchema>;

export const InsightsSeriesReplySchema = z.union([InsightsReportPendingSchema, InsightsSeriesSchema]);
export type InsightsSeriesReply = z.infer<typeof InsightsSeriesReplySchema>;

export function isReportPending(reply: InsightsSeriesReply | undefined): reply is InsightsReportPending {
  return Boolean(reply && 'pending' in reply && reply.pending);
}

export const CampaignUpdateSchema = z
  .object({
    status: z.enum(['ACTIVE', 'PAUSED']).optional(),
    dailyBudget: z.number().int('Budgets are whole minor units').positive().max(1e12).optional(),
    lifetimeBudget: z.number().int('Budgets are whole minor units').positive().max(1e12).optional(),
  })
  .strict()
  .refine((u) => u.status || u.dailyBudget || u.lifetimeBudget, { message: 'Nothing to change' })
  .refine((u) => !(u.dailyBudget && u.lifetimeBudget), {
    message: 'A campaign has a daily or a lifetime budget, not both',
    path: ['lifetimeBudget'],
  });
export type CampaignUpdate = z.infer<typeof CampaignUpdateSchema>;

export const AdAccountListSchema = z.object({ data: z.array(AdAccountSchema) });

/** One ad set of a campaign, as /campaigns lists them: its status and budget (minor units, null when none). */
export const CampaignAdSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  effectiveStatus: z.string(),
  dailyBudget: z.number().int().nullable(),
  lifetimeBudget: z.number().int().nullable(),
});
export type CampaignAdSet = z.infer<typeof CampaignAdSetSchema>;

export const CampaignAdSetListSchema = z.object({
  data: z.array(CampaignAdSetSchema),
  currency: z.string(),
  /** Meta had more ad sets than one read shows. */
  partial: z.boolean().optional(),
});
