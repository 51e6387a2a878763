import * as z from 'zod';
import { summariseInsights, type InsightsRow } from '../meta/insights-math';
import {
  READ_CALL_BUDGET,
  callBudget,
  hasMoreNested,
  insightsExpansion,
  nestedInsightsSchema,
  readBoundedList,
} from '../meta/bounded-list';
import { addDays, todayIn } from '../meta-connection/date-range';
import type { AccountSnapshot, DayFigures } from './account-snapshot';
import { AD_HISTORY_WEEKS, OPTIMIZER_CONFIG } from './optimizer-config';
import { ownedAdAccount } from '../meta-session/ad-accounts';
import type { MetaSession } from '../meta-session/session';

/**
 * Reads what the detectors need for one ad account in at most READ_CALL_BUDGET Graph calls however
 * large the account is. Field expansion carries the insights on the object lists themselves: ad sets
 * with their daily insights, ads with their weekly insights and rankings (the weekly report's last
 * week is exactly the week the rankings describe), so a read is the campaigns, ad sets and ads lists
 * page by page — no separate report, no report job to poll. A page Meta finds too big (code 1) is
 * asked again with half the rows; pages beyond the budget are not read and the snapshot says `partial`.
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
  special_ad_categories: z.array(z.string()).optional(),
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
  // The custom audiences it leaves out (an exclusion the optimizer may propose, issue 30).
  targeting: z
    .looseObject({
      excluded_custom_audiences: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).optional(),
    })
    .optional(),
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
/**
 * Rows per page. Each ad's 8 weeks or each ad set's 26 days of insights ride on it, so a page of
 * 2,000 ads asks Meta for 112,000 ad-days; a page refused as too big is halved.
 */
const PAGE_SIZE = { campaigns: 1000, adsets: 1000, ads: 2000 } as const;
/** No further page is asked for with less time than this left: the reply still has to be built. */
const MIN_REMAINING_MS = 3000;

const nestedInsights = nestedInsightsSchema(InsightRow);

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
  // The ad account read above is the first call of the budget (it may come from the session's cache).
  const budget = callBudget(READ_CALL_BUDGET - 1);
  const shouldContinue = () => options.remainingMs() > MIN_REMAINING_MS;
  const list = <T>(edge: keyof typeof PAGE_SIZE, schema: z.ZodType<T>, fields: string) =>
    readBoundedList(session.graph, `/${account.id}/${edge}`, { fields }, schema, {
      budget,
      pageSize: PAGE_SIZE[edge],
      shouldContinue,
    });
  const AdSetWithDays = AdSetRow.extend({ insights: nestedInsights });
  const AdWithWeeks = AdRow.extend({ insights: nestedInsights });

  const [campaignList, adsetList, adList] = await Promise.all([
    list('campaigns', CampaignRow, fieldsOf(CampaignRow)),
    list(
      'adsets',
      AdSetWithDays,
      `${fieldsOf(AdSetRow)},${insightsExpansion(dailyRange, 1, `adset_id,${METRIC_FIELDS}`)}`,
    ),
    list(
      'ads',
      AdWithWeeks,
      `${fieldsOf(AdRow)},${insightsExpansion(weeklyRange, 7, `ad_id,${METRIC_FIELDS},${RANKING_FIELDS}`)}`,
    ),
  ]);
  const campaigns = campaignList.items;
  const adsets = adsetList.items;
  const ads = adList.items;
  const nestedRows = (items: readonly { insights?: z.infer<typeof nestedInsights> }[]) =>
    items.flatMap((item) => item.insights?.data ?? []);
  const adsetDays = { rows: nestedRows(adsets) };
  const adWeeks = { rows: nestedRows(ads) };
  const nestedPartial = hasMoreNested([...adsets, ...ads]);

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
    partial: campaignList.partial || adsetList.partial || adList.partial || nestedPartial,
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      objective: c.objective,
      status: c.effective_status,
      dailyBudget: c.daily_budget,
      lifetimeBudget: c.lifetime_budget,
      ...(c.special_ad_categories?.length ? { specialAdCategories: c.special_ad_categories } : {}),
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
      ...(a.targeting?.excluded_custom_audiences?.length
        ? { excluded: a.targeting.excluded_custom_audiences.map((x) => ({ id: x.id, name: x.name ?? x.id })) }
        : {}),
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
