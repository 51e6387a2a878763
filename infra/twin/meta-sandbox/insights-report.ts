import { daysBetween, maxDate, minDate, type DateRange } from './calendar.js';
import { segmentsFor } from './insights-breakdowns.js';
import { ECONOMICS, EMPTY_METRICS, type DailyMetrics, type InsightsModel } from './insights-model.js';
import type { InsightsFilter, InsightsParams } from './insights-params.js';
import { currencyOffset } from './reference.js';
import {
  attributed,
  deduplicatedAcrossAds,
  resultSpecFor,
  settingShare,
  windowShare,
  type ResultSpec,
} from './insights-results.js';
import { effectiveStatusOf, type Ad, type AdAccount, type AdSet, type Campaign, type World } from './world.js';

/**
 * The share of a video ad's plays still watching at each quartile (`video_p25_watched_actions` …
 * `video_p100_watched_actions`, action type `video_view` as Meta answers them): a short ad's typical drop-off.
 */
const VIDEO_RETENTION = {
  video_p25_watched_actions: 0.6,
  video_p50_watched_actions: 0.42,
  video_p75_watched_actions: 0.3,
  video_p95_watched_actions: 0.21,
  video_p100_watched_actions: 0.18,
} as const;

/**
 * Plays that reached a point of the video: a fixed retention curve of the plays, so video ads alone have them. A
 * ThruPlay is a play to the end or of 15 s, so for the videos here (15 s at most) the plays watched to 100 % are the
 * ThruPlays, and no earlier point is reached by fewer.
 */
function playsWatchedTo(field: keyof typeof VIDEO_RETENTION, plays: number, thruplays: number): number {
  const thruplayShare = plays > 0 ? Math.min(1, thruplays / plays) : 0;
  const share =
    field === 'video_p100_watched_actions' && thruplays > 0
      ? thruplayShare
      : Math.max(VIDEO_RETENTION[field], thruplayShare);
  return Math.round(plays * share);
}

/**
 * Turns the daily model into Meta-shaped insights rows: grouped by level,
 * time bucket and breakdown segment, numbers as strings ("spend":"12.34"),
 * actions as [{action_type, value}] arrays, rows without delivery left out.
 */

type Metrics = Omit<DailyMetrics, 'date'>;
export type InsightsRow = Record<string, unknown>;

/** Requested fields that are reported; every other valid AdsInsights field is simply absent, as unmodelled metrics are on Meta. */
const DEFAULT_FIELDS = ['impressions', 'spend'];
const LEVEL_ID_FIELD = { account: 'account_id', campaign: 'campaign_id', adset: 'adset_id', ad: 'ad_id' } as const;

/** One result indicator's totals inside a row (a row above the ad set may mix optimization goals). */
interface ResultTotal {
  spec: ResultSpec;
  count: number;
  spendMinor: number;
  maxAdCount: number;
  ads: Set<string>;
}

interface Accumulator {
  levelId: string;
  ad: Ad;
  bucket: DateRange;
  bucketIndex: number;
  segment: Record<string, string>;
  segmentOrder: number;
  metrics: Metrics;
  ads: Set<string>;
  maxAdReach: number;
  results: Map<string, ResultTotal>;
  attributionSettings: Set<string>;
}

function addMetrics(target: Metrics, source: Metrics, share = 1): void {
  for (const key of Object.keys(EMPTY_METRICS) as Array<keyof Metrics>) target[key] += source[key] * share;
}

/** Unique reach over several days is less than the sum of daily reach: people come back. */
function deduplicatedReach(reachSum: number, maxDaily: number, activeDays: number): number {
  if (activeDays <= 1) return reachSum;
  return Math.max(maxDaily, reachSum / (1 + 0.22 * Math.log(activeDays)));
}

function compare(operator: InsightsFilter['operator'], actual: string | number, expected: unknown): boolean {
  const values = Array.isArray(expected) ? expected.map(String) : [String(expected)];
  const text = String(actual);
  const number = Number(actual);
  const first = Number(values[0]);
  switch (operator) {
    case 'EQUAL':
      return text === values[0];
    case 'NOT_EQUAL':
      return text !== values[0];
    case 'GREATER_THAN':
      return number > first;
    case 'GREATER_THAN_OR_EQUAL':
      return number >= first;
    case 'LESS_THAN':
      return number < first;
    case 'LESS_THAN_OR_EQUAL':
      return number <= first;
    case 'IN_RANGE':
      return number >= first && number <= Number(values[1]);
    case 'NOT_IN_RANGE':
      return !(number >= first && number <= Number(values[1]));
    case 'IN':
    case 'ANY':
      return values.includes(text);
    case 'NOT_IN':
    case 'NONE':
      return !values.includes(text);
    case 'CONTAIN':
      return text.toLowerCase().includes(String(values[0]).toLowerCase());
    case 'NOT_CONTAIN':
      return !text.toLowerCase().includes(String(values[0]).toLowerCase());
    case 'ALL':
      return values.every((value) => value === text);
  }
}

function entityValue(world: World, ad: Ad, field: string): string {
  const adset = world.adsets.get(ad.adsetId)!;
  const campaign = world.campaigns.get(ad.campaignId)!;
  switch (field) {
    case 'campaign.id':
      return campaign.id;
    case 'campaign.name':
      return campaign.name;
    case 'campaign.objective':
      return campaign.objective;
    case 'campaign.effective_status':
      return effectiveStatusOf(world, campaign);
    case 'adset.id':
      return adset.id;
    case 'adset.name':
      return adset.name;
    case 'adset.effective_status':
      return effectiveStatusOf(world, adset);
    case 'adset.optimization_goal':
      return adset.optimizationGoal;
    case 'ad.id':
      return ad.id;
    case 'ad.name':
      return ad.name;
    default:
      return effectiveStatusOf(world, ad);
  }
}

/** Meta's decimal strings: up to 6 decimals, trailing zeros dropped. */
function decimal(value: number): string {
  return String(Number(value.toFixed(6)));
}

function integer(value: number): string {
  return String(Math.round(value));
}

interface Formatter {
  account: AdAccount;
  campaign: Campaign;
  adset: AdSet;
  ad: Ad;
  metrics: Metrics;
  results: ResultTotal[];
  attributionSetting: string;
  attributionWindows: string[];
}

const CONVERSION_ACTIONS = /purchase|lead|install|add_to_cart|checkout|view_content/;

/** `{action_type, value}` plus one key per requested attribution window, as Meta adds them. */
function actionEntry(actionType: string, count: number, windows: string[]): Record<string, string> {
  const entry: Record<string, string> = { action_type: actionType, value: integer(count) };
  const conversion = CONVERSION_ACTIONS.test(actionType);
  for (const window of windows) {
    if (window === 'default') entry[window] = integer(count);
    else if (conversion && windowShare(window) !== undefined) entry[window] = integer(count * windowShare(window)!);
    else if (!conversion && window.endsWith('_click')) entry[window] = integer(count);
  }
  return entry;
}

/** Meta's shape: `[{indicator, values:[{value, attribution_windows}]}]`; an indicator with nothing to count has no values. */
function resultEntries(f: Formatter, value: (total: ResultTotal, count: number) => string | undefined) {
  if (f.results.length === 0) return undefined;
  return f.results.map((total) => {
    const count = Math.round(total.count);
    const text = count > 0 ? value(total, count) : undefined;
    return text === undefined
      ? { indicator: total.spec.indicator }
      : { indicator: total.spec.indicator, values: [{ value: text, attribution_windows: ['default'] }] };
  });
}

function actionsOf(m: Metrics): Array<[string, number]> {
  const list: Array<[string, number]> = [
    ['link_click', m.linkClicks],
    ['landing_page_view', m.landingPageViews],
    ['post_engagement', m.postEngagement],
    ['page_engagement', m.postEngagement],
    ['post_reaction', m.postReactions],
    ['video_view', m.videoViews],
    ['lead', m.leads],
    ['onsite_conversion.lead_grouped', m.leads],
    ['mobile_app_install', m.appInstalls],
    ['omni_app_install', m.appInstalls],
    ['view_content', m.viewContent],
    ['omni_view_content', m.viewContent],
    ['offsite_conversion.fb_pixel_view_content', m.viewContent],
    ['add_to_cart', m.addToCart],
    ['omni_add_to_cart', m.addToCart],
    ['offsite_conversion.fb_pixel_add_to_cart', m.addToCart],
    ['initiate_checkout', m.initiateCheckout],
    ['omni_initiated_checkout', m.initiateCheckout],
    ['offsite_conversion.fb_pixel_initiate_checkout', m.initiateCheckout],
    ['purchase', m.purchases],
    ['omni_purchase', m.purchases],
    ['offsite_conversion.fb_pixel_purchase', m.purchases],
  ];
  return list.filter(([, value]) => Math.round(value) > 0).sort(([a], [b]) => a.localeCompare(b));
}

/** Meta shows ad relevance diagnostics only for ads with more than 500 impressions in the period. */
export const RANKING_MIN_IMPRESSIONS = 500;

/** A ratio to the average competing ad → Meta's ranking bucket. */
export function rankingBucket(ratio: number): string {
  if (ratio >= 1.15) return 'ABOVE_AVERAGE';
  if (ratio >= 0.85) return 'AVERAGE';
  if (ratio >= 0.7) return 'BELOW_AVERAGE_35';
  if (ratio >= 0.55) return 'BELOW_AVERAGE_20';
  return 'BELOW_AVERAGE_10';
}

/**
 * Quality: the creative's own appeal (its CTR factor); engagement: the period's CTR against the
 * objective's typical CTR (so a fatigued ad slides down); conversion: its conversion factor.
 * UNKNOWN below Meta's impression threshold.
 */
function relevanceRanking(field: string, f: Formatter, impressions: number, clicks: number): string {
  if (impressions <= RANKING_MIN_IMPRESSIONS) return 'UNKNOWN';
  const economics = ECONOMICS[f.campaign.objective] ?? ECONOMICS.OUTCOME_TRAFFIC!;
  if (field === 'quality_ranking') return rankingBucket(f.ad.profile.ctrFactor * f.adset.profile.ctrFactor);
  if (field === 'engagement_rate_ranking') return rankingBucket(clicks / impressions / economics.ctr);
  return rankingBucket(f.ad.profile.conversionFactor * f.adset.profile.conversionFactor);
}

/** Renders one insights field of a finished row; undefined means "absent" (no data or not modelled). */
function renderField(field: string, f: Formatter): unknown {
  const m = f.metrics;
  const offset = currencyOffset(f.account.currency);
  const spend = m.spendMinor / offset;
  const impressions = Math.round(m.impressions);
  const reach = Math.min(impressions, Math.round(m.reach));
  const clicks = Math.min(impressions, Math.round(m.clicks));
  const linkClicks = Math.round(m.linkClicks);
  const value = m.purchaseValueMinor / offset;
  const cost = (count: number) => (Math.round(count) > 0 ? decimal(spend / Math.round(count)) : undefined);
  const rate = (count: number, base: number) => (base > 0 ? decimal((Math.round(count) / base) * 100) : undefined);
  const actions = () => {
    const list = actionsOf(m);
    return list.length
      ? list.map(([actionType, count]) => actionEntry(actionType, count, f.attributionWindows))
      : undefined;
  };
  switch (field) {
    case 'account_id':
      return f.account.accountId;
    case 'account_name':
      return f.account.name;
    case 'account_currency':
      return f.account.currency;
    case 'campaign_id':
      return f.campaign.id;
    case 'campaign_name':
      return f.campaign.name;
    case 'adset_id':
      return f.adset.id;
    case 'adset_name':
      return f.adset.name;
    case 'ad_id':
      return f.ad.id;
    case 'ad_name':
      return f.ad.name;
    case 'objective':
      return f.campaign.objective;
    case 'optimization_goal':
      return f.adset.optimizationGoal;
    case 'attribution_setting':
      return f.attributionSetting;
    case 'results':
      return resultEntries(f, (_total, count) => String(count));
    case 'cost_per_result':
      return resultEntries(f, (total, count) => {
        const cost = total.spendMinor / offset / count;
        return decimal(total.spec.perThousand ? cost * 1000 : cost);
      });
    case 'buying_type':
      return f.campaign.buyingType;
    case 'spend':
      return offset === 1 ? String(Math.round(spend)) : spend.toFixed(2);
    case 'impressions':
      return String(impressions);
    case 'reach':
      return String(reach);
    case 'frequency':
      return reach > 0 ? decimal(impressions / reach) : undefined;
    case 'clicks':
      return String(clicks);
    case 'unique_clicks':
      return integer(Math.min(reach, m.uniqueClicks));
    case 'ctr':
      return rate(clicks, impressions);
    case 'unique_ctr':
      return rate(Math.min(reach, m.uniqueClicks), reach);
    case 'cpc':
      return cost(clicks);
    case 'cost_per_unique_click':
      return cost(m.uniqueClicks);
    case 'cpm':
      return impressions > 0 ? decimal((spend / impressions) * 1000) : undefined;
    case 'cpp':
      return reach > 0 ? decimal((spend / reach) * 1000) : undefined;
    case 'inline_link_clicks':
      return String(linkClicks);
    case 'unique_inline_link_clicks':
      return integer(Math.min(reach, linkClicks * 0.9));
    case 'inline_link_click_ctr':
      return rate(linkClicks, impressions);
    case 'cost_per_inline_link_click':
      return cost(linkClicks);
    case 'inline_post_engagement':
      return integer(m.postEngagement);
    case 'cost_per_inline_post_engagement':
      return cost(m.postEngagement);
    case 'outbound_clicks':
      return linkClicks > 0 ? [{ action_type: 'outbound_click', value: integer(linkClicks * 0.93) }] : undefined;
    case 'outbound_clicks_ctr':
      return linkClicks > 0
        ? [{ action_type: 'outbound_click', value: rate(linkClicks * 0.93, impressions) }]
        : undefined;
    case 'cost_per_outbound_click':
      return linkClicks > 0 ? [{ action_type: 'outbound_click', value: cost(linkClicks * 0.93) }] : undefined;
    case 'actions':
      return actions();
    case 'unique_actions': {
      const list = actionsOf(m);
      return list.length
        ? list.map(([action_type, count]) => ({ action_type, value: integer(Math.min(reach, count * 0.9)) }))
        : undefined;
    }
    case 'cost_per_action_type': {
      const list = actionsOf(m);
      return list.length ? list.map(([action_type, count]) => ({ action_type, value: cost(count) })) : undefined;
    }
    case 'action_values':
      return Math.round(m.purchases) > 0
        ? ['offsite_conversion.fb_pixel_purchase', 'omni_purchase', 'purchase'].map((action_type) => ({
            action_type,
            value: value.toFixed(offset === 1 ? 0 : 2),
          }))
        : undefined;
    case 'purchase_roas':
      return Math.round(m.purchases) > 0 && spend > 0
        ? [{ action_type: 'omni_purchase', value: decimal(value / spend) }]
        : undefined;
    case 'website_purchase_roas':
      return Math.round(m.purchases) > 0 && spend > 0
        ? [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: decimal(value / spend) }]
        : undefined;
    case 'video_play_actions':
      return Math.round(m.videoViews) > 0 ? [{ action_type: 'video_view', value: integer(m.videoViews) }] : undefined;
    case 'video_thruplay_watched_actions':
      return Math.round(m.thruplays) > 0 ? [{ action_type: 'video_view', value: integer(m.thruplays) }] : undefined;
    case 'video_p25_watched_actions':
    case 'video_p50_watched_actions':
    case 'video_p75_watched_actions':
    case 'video_p95_watched_actions':
    case 'video_p100_watched_actions': {
      const watched = playsWatchedTo(field, m.videoViews, m.thruplays);
      return watched > 0 ? [{ action_type: 'video_view', value: integer(watched) }] : undefined;
    }
    case 'cost_per_thruplay':
      return Math.round(m.thruplays) > 0 ? [{ action_type: 'video_view', value: cost(m.thruplays) }] : undefined;
    case 'quality_ranking':
    case 'engagement_rate_ranking':
    case 'conversion_rate_ranking':
      return relevanceRanking(field, f, impressions, clicks);
    case 'estimated_ad_recallers':
      return Math.round(m.adRecallers) > 0 ? integer(m.adRecallers) : undefined;
    case 'estimated_ad_recall_rate':
      return Math.round(m.adRecallers) > 0 ? rate(m.adRecallers, reach) : undefined;
    case 'cost_per_estimated_ad_recallers':
      return cost(m.adRecallers);
    default:
      return undefined;
  }
}

const LEVEL_DEPTH = { account: 0, campaign: 1, adset: 2, ad: 3 } as const;
const FIELD_DEPTH: Record<string, number> = {
  campaign_id: 1,
  campaign_name: 1,
  objective: 1,
  buying_type: 1,
  adset_id: 2,
  adset_name: 2,
  optimization_goal: 2,
  attribution_setting: 0,
  ad_id: 3,
  ad_name: 3,
  // Ad relevance diagnostics exist for ads only.
  quality_ranking: 3,
  engagement_rate_ranking: 3,
  conversion_rate_ranking: 3,
};

/** Entity columns below the row's level have no single value, so Meta leaves them out. */
function reportedAtLevel(field: string, level: InsightsParams['level']): boolean {
  return (FIELD_DEPTH[field] ?? 0) <= LEVEL_DEPTH[level];
}

export interface ReportScope {
  account: AdAccount;
  ads: Ad[];
}

export function buildInsightsRows(
  world: World,
  model: InsightsModel,
  seed: number,
  scope: ReportScope,
  params: InsightsParams,
): InsightsRow[] {
  const { account } = scope;
  const today = model.today(account);
  const entityFilters = params.filtering.filter((filter) => filter.field.includes('.'));
  const metricFilters = params.filtering.filter((filter) => !filter.field.includes('.'));
  const asksForStatus = entityFilters.some((filter) => filter.field.endsWith('.effective_status'));
  const ads = scope.ads.filter(
    (ad) =>
      // Deleted objects still count in the account's totals but have no rows of their own.
      (params.level === 'account' || asksForStatus || effectiveStatusOf(world, ad) !== 'DELETED') &&
      entityFilters.every((filter) => compare(filter.operator, entityValue(world, ad, filter.field), filter.value)),
  );
  const buckets = params.buckets;
  const groups = new Map<string, Accumulator>();

  for (const ad of ads) {
    const adset = world.adsets.get(ad.adsetId)!;
    const campaign = world.campaigns.get(ad.campaignId)!;
    const resultSpec = resultSpecFor(campaign.objective, adset.optimizationGoal);
    const resultShare = settingShare(adset.attributionSetting);
    // Without use_unified_attribution_setting, actions use the default 7-day click or 1-day view.
    const actionShare = params.unifiedAttribution ? resultShare : 1;
    const series = model.series(ad);
    const segments = segmentsFor(params.breakdowns, ad, adset, seed);
    const levelId =
      params.level === 'account'
        ? account.accountId
        : params.level === 'campaign'
          ? ad.campaignId
          : params.level === 'adset'
            ? ad.adsetId
            : ad.id;
    buckets.forEach((bucket, bucketIndex) => {
      const from = maxDate(bucket.since, account.dataStart);
      const to = minDate(bucket.until, today);
      if (from > to) return;
      const sum: Metrics = { ...EMPTY_METRICS };
      let maxDailyReach = 0;
      let activeDays = 0;
      const last = daysBetween(account.dataStart, to);
      for (let index = daysBetween(account.dataStart, from); index <= last; index += 1) {
        const day = series[index];
        if (!day || day.impressions === 0) {
          if (day) sum.spendMinor += day.spendMinor;
          continue;
        }
        addMetrics(sum, day);
        maxDailyReach = Math.max(maxDailyReach, day.reach);
        activeDays += 1;
      }
      if (sum.impressions === 0 && sum.spendMinor === 0) return;
      sum.reach = deduplicatedReach(sum.reach, maxDailyReach, activeDays);
      const actionMetrics = attributed(sum, actionShare);
      const resultCount = resultSpec.count(attributed(sum, resultShare));
      segments.forEach((segment, segmentOrder) => {
        const key = `${levelId}|${bucketIndex}|${JSON.stringify(segment.values)}`;
        let group = groups.get(key);
        if (!group) {
          group = {
            levelId,
            ad,
            bucket,
            bucketIndex,
            segment: segment.values,
            segmentOrder,
            metrics: { ...EMPTY_METRICS },
            ads: new Set(),
            maxAdReach: 0,
            results: new Map(),
            attributionSettings: new Set(),
          };
          groups.set(key, group);
        }
        addMetrics(group.metrics, actionMetrics, segment.share);
        group.ads.add(ad.id);
        group.maxAdReach = Math.max(group.maxAdReach, sum.reach * segment.share);
        group.attributionSettings.add(adset.attributionSetting);
        let total = group.results.get(resultSpec.indicator);
        if (!total) {
          total = { spec: resultSpec, count: 0, spendMinor: 0, maxAdCount: 0, ads: new Set() };
          group.results.set(resultSpec.indicator, total);
        }
        total.count += resultCount * segment.share;
        total.spendMinor += sum.spendMinor * segment.share;
        total.maxAdCount = Math.max(total.maxAdCount, resultCount * segment.share);
        total.ads.add(ad.id);
      });
    });
  }

  const fields =
    params.fields ?? (params.level === 'account' ? DEFAULT_FIELDS : [LEVEL_ID_FIELD[params.level], ...DEFAULT_FIELDS]);
  const ordered = [...groups.values()].sort(
    (a, b) => a.bucketIndex - b.bucketIndex || a.levelId.localeCompare(b.levelId) || a.segmentOrder - b.segmentOrder,
  );
  const rows: Array<{ row: InsightsRow; sortKeys: InsightsRow }> = [];
  for (const group of ordered) {
    // Spend is rounded to the currency's precision per segment, as Meta's segment rows are.
    group.metrics.spendMinor = Math.round(group.metrics.spendMinor);
    if (Math.round(group.metrics.impressions) === 0 && group.metrics.spendMinor === 0) continue;
    group.metrics.reach = deduplicatedAcrossAds(group.metrics.reach, group.maxAdReach, group.ads.size);
    const results = [...group.results.values()]
      .map((total) =>
        total.spec.indicator === 'reach'
          ? { ...total, count: deduplicatedAcrossAds(total.count, total.maxAdCount, total.ads.size) }
          : total,
      )
      .sort((a, b) => a.spec.indicator.localeCompare(b.spec.indicator));
    const formatter: Formatter = {
      account,
      campaign: world.campaigns.get(group.ad.campaignId)!,
      adset: world.adsets.get(group.ad.adsetId)!,
      ad: group.ad,
      metrics: group.metrics,
      results,
      attributionSetting: group.attributionSettings.size === 1 ? [...group.attributionSettings][0]! : 'mixed',
      attributionWindows: params.attributionWindows,
    };
    const passes = metricFilters.every((filter) => {
      const value = renderField(filter.field, formatter);
      return compare(filter.operator, typeof value === 'string' ? value : '0', filter.value);
    });
    if (!passes) continue;
    const row: InsightsRow = {};
    for (const field of fields) {
      if (field === 'date_start' || field === 'date_stop' || !reportedAtLevel(field, params.level)) continue;
      const value = renderField(field, formatter);
      if (value !== undefined) row[field] = value;
    }
    row.date_start = group.bucket.since;
    row.date_stop = group.bucket.until;
    Object.assign(row, group.segment);
    // Sorting works on fields that were not asked for too, as on Meta.
    const sortKeys = Object.fromEntries(
      params.sort.map(({ field }) => [field, row[field] ?? renderField(field, formatter)]),
    );
    rows.push({ row, sortKeys });
  }
  return sortRows(rows, params.sort).map(({ row }) => row);
}

/** Meta's `sort`: numeric when both values are numbers, missing values last. */
function sortRows<T extends { sortKeys: InsightsRow }>(rows: T[], sort: InsightsParams['sort']): T[] {
  if (sort.length === 0) return rows;
  const value = (entry: T, field: string) => {
    const raw = entry.sortKeys[field];
    return typeof raw === 'string' && raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  };
  return [...rows].sort((a, b) => {
    for (const { field, descending } of sort) {
      const left = value(a, field);
      const right = value(b, field);
      if (left === right) continue;
      if (left === undefined) return 1;
      if (right === undefined) return -1;
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      return descending ? -order : order;
    }
    return 0;
  });
}
