import * as z from 'zod';
import { summariseInsights, type InsightsRow } from '../lib/meta/insights-math';
import { readInsights } from '../lib/meta/insights-reader';
import { addDays, timeRangeParam, todayIn } from '../lib/meta-connection/date-range';
import type { AccountSnapshot, DayFigures } from '../lib/optimizer/account-snapshot';
import { AD_HISTORY_WEEKS, OPTIMIZER_CONFIG } from '../lib/optimizer/optimizer-config';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import { GRAPH_PAGE_SIZE, INSIGHTS_ATTRIBUTION_PARAMS } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';

/**
 * Reads what the detectors need for one ad account in a few Graph calls however large the
 * account is: three object lists (campaigns, ad sets with learning stage, ads) and two
 * insights reports (ad sets by day; ads by week with their rankings), all at once. The weekly
 * report's last week is exactly the week the rankings describe, so the rankings ride on it instead
 * of costing a third report (its job, its polls and its pages).
 * A report longer than one page (500 rows) goes through Meta's asynchronous report runs: Meta
 * builds the rows once and the pages are only read, where a synchronous read is rebuilt for
 * every page — on an account of 2,000 ads that was 32 rebuilds of 16,000 ad-weeks. Paging stops when the
 * function's time runs short and the snapshot says `partial`.
 */

const numeric = z.union([z.string(), z.number()]).transform((v) => Number(v));
const budget = numeric.optional().transform((v) => (v && v > 0 ? v : null));

const CampaignRow = z.object({
  id: z.string(),
  name: z.string(),
  objective: z.string(),
  effective_status: z.string(),
  daily_budget: budget,
  lifetime_budget: budget,
});
const AdSetRow = z.object({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  effective_status: z.string(),
  optimization_goal: z.string(),
  bid_strategy: z.string().optional(),
  daily_budget: budget,
  lifetime_budget: budget,
  learning_stage_info: z.looseObject({ status: z.string() }).optional(),
});
const AdRow = z.object({
  id: z.string(),
  name: z.string(),
  adset_id: z.string(),
  campaign_id: z.string(),
  effective_status: z.string(),
});
const InsightRow = z.looseObject({
  adset_id: z.string().optional(),
  ad_id: z.string().optional(),
  date_start: z.string().optional(),
  quality_ranking: z.string().optional(),
  engagement_rate_ranking: z.string().optional(),
  conversion_rate_ranking: z.string().optional(),
});

const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape).join(',');
const METRIC_FIELDS = 'spend,impressions,reach,clicks,inline_link_clicks,results,actions,action_values';
const RANKING_FIELDS = 'quality_ranking,engagement_rate_ranking,conversion_rate_ranking';
/** Objects, pages of 500: 2,000 ads take four pages. */
const MAX_LIST_PAGES = 20;
/** Report rows, pages of 500: 2,000 ads × 8 weeks take 32 pages; beyond 60 the reply is partial. */
const MAX_REPORT_PAGES = 60;
/** Report jobs of this size finish in a second or two at Meta: poll often rather than wait a whole second. */
const REPORT_POLL_MS = 300;

function figures(row: InsightsRow, currency: string): DayFigures {
  const summary = summariseInsights([row], { currency });
  return {
    date: String(row.date_start ?? ''),
    spend: summary.spend,
    impressions: summary.impressions,
    reach: summary.reach,
    clicks: summary.clicks,
    linkClicks: summary.linkClicks,
    results: summary.resultsByType.reduce((total, r) => total + r.results, 0),
    purchaseValue: summary.purchaseValue ?? 0,
  };
}

/** The result indicator an ad set's rows report most (one, unless its goal changed within the window). */
function resultTypeOf(rows: readonly InsightsRow[], currency: string): string | undefined {
  const types = summariseInsights(rows, { currency }).resultsByType;
  return [...types].sort((a, b) => b.results - a.results || a.resultType.localeCompare(b.resultType))[0]?.resultType;
}

const resultTypeField = (resultType: string | undefined) => (resultType ? { resultType } : {});

function groupBy<T>(rows: readonly T[], key: (row: T) => string | undefined): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const id = key(row);
    if (!id) continue;
    const group = map.get(id);
    if (group) group.push(row);
    else map.set(id, [row]);
  }
  return map;
}

export async function readAccountSnapshot(
  session: MetaSession,
  adAccountId: string,
  options: { remainingMs: () => number },
): Promise<AccountSnapshot & { partial: boolean }> {
  const account = await ownedAdAccount(session, adAccountId);
  const today = todayIn(account.timezone_name, session.deps.now());
  const cpm = OPTIMIZER_CONFIG.cpmSpike;
  const dailyRange = { since: addDays(today, -(cpm.spikeDays + cpm.baselineDays + 1)), until: today };
  const weeklyRange = { since: addDays(today, -(AD_HISTORY_WEEKS * 7)), until: addDays(today, -1) };
  const lastWeek = { since: addDays(today, -OPTIMIZER_CONFIG.recentDays), until: addDays(today, -1) };
  const list = <T>(edge: string, schema: z.ZodType<T>, fields: string) =>
    session.graph
      .paginate(`/${account.id}/${edge}`, { fields, limit: GRAPH_PAGE_SIZE.list }, schema, { maxPages: MAX_LIST_PAGES })
      .then((page) => page.items);
  const report = (params: Record<string, string | number | boolean>) =>
    readInsights(
      session.graph,
      account.id,
      { limit: GRAPH_PAGE_SIZE.list, ...INSIGHTS_ATTRIBUTION_PARAMS, ...params },
      InsightRow,
      {
        maxPages: MAX_REPORT_PAGES,
        remainingMs: options.remainingMs,
        asyncWhenPaged: true,
        pollIntervalMs: REPORT_POLL_MS,
      },
    );

  const [campaigns, adsets, ads, adsetDays, adWeeks] = await Promise.all([
    list('campaigns', CampaignRow, fieldsOf(CampaignRow)),
    list('adsets', AdSetRow, fieldsOf(AdSetRow)),
    list('ads', AdRow, fieldsOf(AdRow)),
    report({
      level: 'adset',
      fields: `adset_id,${METRIC_FIELDS}`,
      time_range: timeRangeParam(dailyRange),
      time_increment: 1,
    }),
    report({
      level: 'ad',
      fields: `ad_id,${METRIC_FIELDS},${RANKING_FIELDS}`,
      time_range: timeRangeParam(weeklyRange),
      time_increment: 7,
    }),
  ]);

  const currency = account.currency;
  const daysByAdset = groupBy(adsetDays.rows, (row) => row.adset_id);
  const weeksByAd = groupBy(adWeeks.rows, (row) => row.ad_id);
  // The weekly buckets start at weeklyRange.since, so the last one is lastWeek exactly.
  const rankingByAd = new Map(
    adWeeks.rows.filter((row) => row.date_start === lastWeek.since).map((row) => [row.ad_id, row]),
  );
  const byDate = (a: DayFigures, b: DayFigures) => a.date.localeCompare(b.date);

  return {
    adAccountId: account.id,
    currency,
    today,
    partial: adsetDays.partial || adWeeks.partial,
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      objective: c.objective,
      status: c.effective_status,
      dailyBudget: c.daily_budget,
      lifetimeBudget: c.lifetime_budget,
    })),
    adsets: adsets.map((a) => ({
      id: a.id,
      name: a.name,
      campaignId: a.campaign_id,
      status: a.effective_status,
      optimizationGoal: a.optimization_goal,
      ...(a.bid_strategy ? { bidStrategy: a.bid_strategy } : {}),
      dailyBudget: a.daily_budget,
      lifetimeBudget: a.lifetime_budget,
      ...(a.learning_stage_info ? { learningStatus: a.learning_stage_info.status } : {}),
      ...resultTypeField(resultTypeOf((daysByAdset.get(a.id) ?? []) as InsightsRow[], currency)),
      days: (daysByAdset.get(a.id) ?? []).map((row) => figures(row as InsightsRow, currency)).sort(byDate),
    })),
    ads: ads.map((ad) => {
      const ranking = rankingByAd.get(ad.id);
      return {
        id: ad.id,
        name: ad.name,
        adsetId: ad.adset_id,
        campaignId: ad.campaign_id,
        status: ad.effective_status,
        weeks: (weeksByAd.get(ad.id) ?? []).map((row) => figures(row as InsightsRow, currency)).sort(byDate),
        ...(ranking
          ? {
              rankings: {
                ...(ranking.quality_ranking ? { quality: ranking.quality_ranking } : {}),
                ...(ranking.engagement_rate_ranking ? { engagement: ranking.engagement_rate_ranking } : {}),
                ...(ranking.conversion_rate_ranking ? { conversion: ranking.conversion_rate_ranking } : {}),
              },
            }
          : {}),
      };
    }),
  };
}
