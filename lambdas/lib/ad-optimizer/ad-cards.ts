import * as z from 'zod';
import type { AdCard, AdDay, AdVerdict, AdCreativeSummary, AdMetrics } from '@shared/schemas/ad-optimizer';
import { AD_VERDICT_KINDS } from '@shared/ad-verdicts';
import { summariseInsights, type InsightsRow } from '../meta/insights-math';
import { addDays } from '../meta-connection/date-range';
import type { AccountSnapshot, AdSnapshot, DayFigures } from '../optimizer/account-snapshot';
import { recommend } from '../optimizer/detectors';
import { OriginalCreativeSchema } from '../meta-changes/ad-copy-change';
import { audienceInWords } from './audience-words';

/**
 * Ad cards from Meta's replies: the creative as Meta returns it, the last week's metrics, the
 * daily CTR with the weekly frequency (the fatigue curve) and the verdicts of the optimizer's own
 * detectors (creative fatigue, low rankings), computed on the same weekly rows /optimizer reads.
 */

const numeric = z.union([z.string(), z.number()]).transform((v) => Number(v));

/** An ad as listed, with its ad set's name and its creative (Meta's fields, checked at the boundary). */
export const AdListRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  adset_id: z.string(),
  campaign_id: z.string(),
  effective_status: z.string(),
  adset: z.object({ id: z.string(), name: z.string().optional(), targeting: z.unknown().optional() }).optional(),
  creative: OriginalCreativeSchema.extend({
    title: z.string().optional(),
    body: z.string().optional(),
    thumbnail_url: z.string().optional(),
    image_url: z.string().optional(),
    call_to_action_type: z.string().optional(),
  }).optional(),
});
export type AdListRow = z.infer<typeof AdListRowSchema>;

export const AD_LIST_FIELDS =
  'id,name,adset_id,campaign_id,effective_status,adset{name,targeting},' +
  'creative{id,name,title,body,image_hash,image_url,thumbnail_url,call_to_action_type,object_story_spec}';

export const AdInsightRowSchema = z.looseObject({
  ad_id: z.string().optional(),
  date_start: z.string().optional(),
  impressions: numeric.optional(),
  reach: numeric.optional(),
  quality_ranking: z.string().optional(),
  engagement_rate_ranking: z.string().optional(),
  conversion_rate_ranking: z.string().optional(),
});
export type AdInsightRow = z.infer<typeof AdInsightRowSchema>;

export const METRIC_FIELDS = 'spend,impressions,reach,clicks,inline_link_clicks,results,actions,action_values';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function dayFigures(row: AdInsightRow, currency: string): DayFigures {
  const summary = summariseInsights([row as InsightsRow], { currency });
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

/** The creative's copy and pictures (a carousel's cards too); `rewritable` when it is a link or video ad. */
export function creativeSummary(creative: NonNullable<AdListRow['creative']>): AdCreativeSummary {
  const link = creative.object_story_spec?.link_data;
  const video = creative.object_story_spec?.video_data;
  const cards = link?.child_attachments?.map((card) => ({ headline: card.name ?? '', link: card.link }));
  const callToAction = link?.call_to_action?.type ?? video?.call_to_action?.type ?? creative.call_to_action_type;
  const videoLink = video?.call_to_action?.value?.link;
  const target = link?.link ?? (typeof videoLink === 'string' ? videoLink : undefined);
  return {
    id: creative.id,
    headline: link?.name ?? video?.title ?? creative.title ?? cards?.[0]?.headline ?? '',
    primaryText: link?.message ?? video?.message ?? creative.body ?? '',
    description: link?.description ?? video?.link_description ?? '',
    ...(callToAction ? { callToAction } : {}),
    ...(creative.thumbnail_url ? { thumbnailUrl: creative.thumbnail_url } : {}),
    ...(creative.image_url ? { imageUrl: creative.image_url } : {}),
    ...(target ? { link: target } : {}),
    ...(cards ? { cards } : {}),
    rewritable: Boolean(link?.link) || Boolean(video),
  };
}

/** The last week's figures as the detectors and Ads Manager count them (frequency from exact reach). */
export function weekMetrics(row: AdInsightRow | undefined, currency: string): AdMetrics {
  const f = row ? dayFigures(row, currency) : undefined;
  if (!f) {
    return { spend: 0, impressions: 0, linkClicks: 0, results: 0, ctrLink: null, frequency: null, costPerResult: null };
  }
  return {
    spend: round(f.spend),
    impressions: f.impressions,
    linkClicks: f.linkClicks,
    results: f.results,
    ctrLink: f.impressions > 0 ? round((f.linkClicks / f.impressions) * 100) : null,
    frequency: f.reach > 0 ? round(f.impressions / f.reach) : null,
    costPerResult: f.results > 0 ? round(f.spend / f.results) : null,
  };
}

/**
 * The fatigue curve: each day's link CTR beside the frequency of its week (Meta's weekly reach is
 * exact; a single day's reach says little about how often people have seen the ad).
 */
export function fatigueCurve(
  days: readonly DayFigures[],
  weeks: readonly DayFigures[],
): { days: AdDay[]; firstWeek?: { since: string; until: string } } {
  const sortedWeeks = [...weeks].sort((a, b) => a.date.localeCompare(b.date));
  const weekOf = (date: string) => [...sortedWeeks].reverse().find((w) => w.date <= date);
  const points = [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => {
      const week = weekOf(day.date);
      return {
        date: day.date,
        impressions: day.impressions,
        ctrLink: day.impressions > 0 ? round((day.linkClicks / day.impressions) * 100) : null,
        frequency: week && week.reach > 0 ? round(week.impressions / week.reach) : null,
      };
    });
  const first = sortedWeeks.find((w) => w.impressions > 0);
  return { days: points, ...(first ? { firstWeek: { since: first.date, until: addDays(first.date, 6) } } : {}) };
}

/** The verdicts the optimizer's detectors give each ad (fatigue, low rankings), by ad id. */
export function verdictsByAd(snapshot: AccountSnapshot): Map<string, AdVerdict[]> {
  const kinds = AD_VERDICT_KINDS as readonly string[];
  const map = new Map<string, AdVerdict[]>();
  for (const rec of recommend(snapshot)) {
    if (rec.level !== 'ad' || !kinds.includes(rec.kind)) continue;
    const verdict: AdVerdict = {
      kind: rec.kind as AdVerdict['kind'],
      title: rec.title,
      why: rec.why,
      evidence: rec.evidence,
      confidence: rec.confidence,
    };
    map.set(rec.objectId, [...(map.get(rec.objectId) ?? []), verdict]);
  }
  return map;
}

export function rankingsOf(row: AdInsightRow | undefined): AdSnapshot['rankings'] | undefined {
  if (!row) return undefined;
  const rankings = {
    ...(row.quality_ranking ? { quality: row.quality_ranking } : {}),
    ...(row.engagement_rate_ranking ? { engagement: row.engagement_rate_ranking } : {}),
    ...(row.conversion_rate_ranking ? { conversion: row.conversion_rate_ranking } : {}),
  };
  return Object.keys(rankings).length > 0 ? rankings : undefined;
}

export interface AdReads {
  adAccountId: string;
  currency: string;
  today: string;
  ads: AdListRow[];
  /** Weekly rows (time_increment 7) over the weeks the fatigue detector compares. */
  weekly: AdInsightRow[];
  /** Daily rows over the same weeks. */
  daily: AdInsightRow[];
  /** One row per ad for the last complete week, with Meta's rankings. */
  lastWeek: AdInsightRow[];
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string | undefined): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const id = key(row);
    if (id) map.set(id, [...(map.get(id) ?? []), row]);
  }
  return map;
}

/** Most cards a reply carries: ads with a verdict first, then by spend. */
export const MAX_CARDS = 150;

/** The cards of an account's ads: the ones with a verdict first, then the biggest spenders. */
export function buildAdCards(reads: AdReads): { cards: AdCard[]; truncated: boolean } {
  const { currency } = reads;
  const weeksByAd = groupBy(reads.weekly, (r) => r.ad_id);
  const daysByAd = groupBy(reads.daily, (r) => r.ad_id);
  const lastWeekByAd = new Map(reads.lastWeek.map((r) => [r.ad_id, r]));
  const byDate = (a: DayFigures, b: DayFigures) => a.date.localeCompare(b.date);
  const snapshotAds: AdSnapshot[] = reads.ads.map((ad) => {
    const rankings = rankingsOf(lastWeekByAd.get(ad.id));
    return {
      id: ad.id,
      name: ad.name,
      adsetId: ad.adset_id,
      campaignId: ad.campaign_id,
      status: ad.effective_status,
      weeks: (weeksByAd.get(ad.id) ?? []).map((r) => dayFigures(r, currency)).sort(byDate),
      ...(rankings ? { rankings } : {}),
    };
  });
  const verdicts = verdictsByAd({
    adAccountId: reads.adAccountId,
    currency,
    today: reads.today,
    campaigns: [],
    adsets: [],
    ads: snapshotAds,
  });
  const cards = reads.ads.map((ad, i): AdCard => {
    const snapshot = snapshotAds[i]!;
    const curve = fatigueCurve(
      (daysByAd.get(ad.id) ?? []).map((r) => dayFigures(r, currency)),
      snapshot.weeks,
    );
    return {
      id: ad.id,
      name: ad.name,
      status: ad.effective_status,
      adsetId: ad.adset_id,
      ...(ad.adset?.name ? { adsetName: ad.adset.name } : {}),
      ...optional('adsetAudience', audienceInWords(ad.adset?.targeting)),
      campaignId: ad.campaign_id,
      ...(ad.creative ? { creative: creativeSummary(ad.creative) } : {}),
      metrics: weekMetrics(lastWeekByAd.get(ad.id), currency),
      days: curve.days,
      ...(curve.firstWeek ? { firstWeek: curve.firstWeek } : {}),
      ...(snapshot.rankings ? { rankings: snapshot.rankings } : {}),
      verdicts: verdicts.get(ad.id) ?? [],
    };
  });
  const ranked = cards.sort(
    (a, b) =>
      Number(b.verdicts.length > 0) - Number(a.verdicts.length > 0) ||
      b.metrics.spend - a.metrics.spend ||
      a.name.localeCompare(b.name),
  );
  return { cards: ranked.slice(0, MAX_CARDS), truncated: ranked.length > MAX_CARDS };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
