import * as z from 'zod';
import { majorToBudget } from '@shared/currency-units';
import type { DailyPoint, RuleLevel, RuleObject } from '@shared/schemas/rules';
import type { GraphClient } from '../meta/graph-client';
import { InsightsRowSchema, summariseInsights } from '../meta/insights-math';
import { readInsights } from '../meta/insights-reader';
import {
  READ_CALL_BUDGET,
  callBudget,
  hasMoreNested,
  insightsExpansion,
  nestedInsightsSchema,
  readBoundedList,
} from '../meta/bounded-list';
import { addDays } from './rule-evaluation';

/**
 * What the rule engine reads from Meta for one ad account: the objects of a level with what the
 * safeguards need (status, daily budget, objective, learning stage), and their daily insights
 * (time_increment=1) in chunks of at most a month, so no single read asks Meta for too much; an
 * oversized chunk still goes through Meta's report jobs (readInsights).
 */

const PAGE_SIZE = 500;
/** Days per insights read. */
export const INSIGHTS_CHUNK_DAYS = 30;

const AccountSchema = z.object({
  id: z.string(),
  currency: z.string(),
  timezone_name: z.string(),
});
export interface RuleAccount {
  id: string;
  currency: string;
  timezoneName: string;
}

export async function readRuleAccount(graph: GraphClient, adAccountId: string): Promise<RuleAccount> {
  const a = await graph.get(`/${adAccountId}`, { fields: 'id,currency,timezone_name' }, AccountSchema);
  return { id: a.id, currency: a.currency, timezoneName: a.timezone_name };
}

const minorOrNull = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' || Number(v) === 0 ? null : Number(v)));
const Learning = z.looseObject({ status: z.string().optional() }).optional();

const CampaignRow = z.looseObject({
  id: z.string(),
  name: z.string(),
  objective: z.string().optional(),
  status: z.string(),
  daily_budget: minorOrNull,
});
const AudienceRefs = z.array(z.looseObject({ id: z.string() })).optional();
const AdSetRow = z.looseObject({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  status: z.string(),
  daily_budget: minorOrNull,
  learning_stage_info: Learning,
  // Read for rules limited to a custom audience; Meta names them by id in the ad set's targeting spec.
  targeting: z.looseObject({ custom_audiences: AudienceRefs, excluded_custom_audiences: AudienceRefs }).nullish(),
});
/** The ad set fields every read of the rule engine asks for. */
const ADSET_FIELDS = 'id,name,campaign_id,status,daily_budget,learning_stage_info,targeting';

type Audiences = NonNullable<RuleObject['audiences']>;

/**
 * Each ad set's included and excluded custom audiences, and each campaign's (those of all its ad sets): a rule
 * limited to an audience looks at a campaign when any of its ad sets names it.
 */
export function audiencesOf(adsets: readonly z.infer<typeof AdSetRow>[]): {
  adset: Map<string, Audiences>;
  campaign: Map<string, Audiences>;
} {
  const adset = new Map<string, Audiences>();
  const campaign = new Map<string, Audiences>();
  for (const set of adsets) {
    const own = {
      included: (set.targeting?.custom_audiences ?? []).map((a) => a.id),
      excluded: (set.targeting?.excluded_custom_audiences ?? []).map((a) => a.id),
    };
    adset.set(set.id, own);
    const parent = campaign.get(set.campaign_id) ?? { included: [], excluded: [] };
    campaign.set(set.campaign_id, {
      included: [...new Set([...parent.included, ...own.included])],
      excluded: [...new Set([...parent.excluded, ...own.excluded])],
    });
  }
  return { adset, campaign };
}
const AdRow = z.looseObject({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  adset_id: z.string(),
  status: z.string(),
});

export interface ReadOptions {
  remainingMs: () => number;
  /** Pages per list or insights chunk. @default 20 */
  maxPages?: number;
}

async function list<T>(graph: GraphClient, path: string, fields: string, schema: z.ZodType<T>, options: ReadOptions) {
  const page = await graph.paginate(path, { fields, limit: PAGE_SIZE }, schema, {
    maxPages: options.maxPages ?? 20,
    shouldContinue: () => options.remainingMs() > 5000,
  });
  return { items: page.items, partial: page.hasMore };
}

/**
 * The objects of one level. Ad sets and ads need their campaign's objective and their ad set's
 * learning stage, so the parents are read too (one paged list each, never one call per object).
 */
export async function readRuleObjects(
  graph: GraphClient,
  adAccountId: string,
  level: RuleLevel,
  options: ReadOptions,
): Promise<{ objects: RuleObject[]; partial: boolean }> {
  const read = await readAccountObjects(graph, adAccountId, new Set([level]), options);
  return { objects: read.byLevel.get(level) ?? [], partial: read.partial };
}

/**
 * The objects of every level some rule needs, for one account, in one pass: campaigns and ad sets are
 * listed once whatever the levels (each level's objects need them), ads only when a rule looks at ads.
 * A run with rules on all three levels of an account costs three paged lists, not three per level.
 */
export async function readAccountObjects(
  graph: GraphClient,
  adAccountId: string,
  levels: ReadonlySet<RuleLevel>,
  options: ReadOptions,
): Promise<{ byLevel: Map<RuleLevel, RuleObject[]>; partial: boolean }> {
  const campaigns = await list(
    graph,
    `/${adAccountId}/campaigns`,
    'id,name,objective,status,daily_budget',
    CampaignRow,
    options,
  );
  const objective = new Map(campaigns.items.map((c) => [c.id, c.objective ?? null]));
  const adsets = await list(graph, `/${adAccountId}/adsets`, ADSET_FIELDS, AdSetRow, options);
  const learning = new Map(adsets.items.map((s) => [s.id, s.learning_stage_info?.status === 'LEARNING']));
  const audiences = audiencesOf(adsets.items);
  const byLevel = new Map<RuleLevel, RuleObject[]>();
  let partial = campaigns.partial || adsets.partial;
  if (levels.has('campaign')) {
    const learningCampaigns = new Set(adsets.items.filter((s) => learning.get(s.id)).map((s) => s.campaign_id));
    byLevel.set(
      'campaign',
      campaigns.items.map((c) => ({
        id: c.id,
        name: c.name,
        level: 'campaign' as const,
        objective: c.objective ?? null,
        status: c.status,
        dailyBudgetMinor: c.daily_budget,
        learning: learningCampaigns.has(c.id),
        audiences: audiences.campaign.get(c.id) ?? { included: [], excluded: [] },
      })),
    );
  }
  if (levels.has('adset')) {
    byLevel.set(
      'adset',
      adsets.items.map((s) => ({
        id: s.id,
        name: s.name,
        level: 'adset' as const,
        objective: objective.get(s.campaign_id) ?? null,
        status: s.status,
        dailyBudgetMinor: s.daily_budget,
        learning: learning.get(s.id) ?? false,
        audiences: audiences.adset.get(s.id),
      })),
    );
  }
  if (levels.has('ad')) {
    const ads = await list(graph, `/${adAccountId}/ads`, 'id,name,campaign_id,adset_id,status', AdRow, options);
    partial ||= ads.partial;
    byLevel.set(
      'ad',
      ads.items.map((a) => ({
        id: a.id,
        name: a.name,
        level: 'ad' as const,
        objective: objective.get(a.campaign_id) ?? null,
        status: a.status,
        dailyBudgetMinor: null,
        learning: learning.get(a.adset_id) ?? false,
        audiences: audiences.adset.get(a.adset_id),
      })),
    );
  }
  return { byLevel, partial };
}

const ID_FIELD: Record<RuleLevel, 'campaign_id' | 'adset_id' | 'ad_id'> = {
  campaign: 'campaign_id',
  adset: 'adset_id',
  ad: 'ad_id',
};

const DailyRowSchema = InsightsRowSchema.extend({
  campaign_id: z.string().optional(),
  adset_id: z.string().optional(),
  ad_id: z.string().optional(),
});

/** One insights row as the rule engine's daily point (money in minor units). */
export function toDailyPoint(row: z.infer<typeof DailyRowSchema>, currency: string): DailyPoint {
  const s = summariseInsights([row], { currency });
  const minor = (major: number) => majorToBudget(major, currency);
  return {
    date: row.date_start ?? '',
    spendMinor: minor(s.spend),
    impressions: s.impressions,
    reach: s.reach,
    linkClicks: s.linkClicks,
    results: s.results ?? s.resultsByType.reduce((sum, r) => sum + r.results, 0),
    purchaseValueMinor: minor(s.purchaseValue ?? 0),
  };
}

/**
 * Daily points per object of a level between two dates (inclusive), read in chunks of at most
 * INSIGHTS_CHUNK_DAYS. Days Meta leaves out (no delivery) are simply absent: they count as zero.
 */
export async function readDailySeries(
  graph: GraphClient,
  account: RuleAccount,
  level: RuleLevel,
  since: string,
  until: string,
  options: ReadOptions,
): Promise<{ series: Map<string, DailyPoint[]>; partial: boolean }> {
  const series = new Map<string, DailyPoint[]>();
  let partial = false;
  const idField = ID_FIELD[level];
  for (let from = since; from <= until; from = addDays(from, INSIGHTS_CHUNK_DAYS)) {
    const to = addDays(from, INSIGHTS_CHUNK_DAYS - 1) < until ? addDays(from, INSIGHTS_CHUNK_DAYS - 1) : until;
    const read = await readInsights(
      graph,
      account.id,
      {
        level,
        time_increment: 1,
        time_range: JSON.stringify({ since: from, until: to }),
        fields: [
          idField,
          'spend',
          'impressions',
          'reach',
          'inline_link_clicks',
          'results',
          'actions',
          'action_values',
        ].join(','),
        limit: PAGE_SIZE,
      },
      DailyRowSchema,
      { remainingMs: options.remainingMs, maxPages: options.maxPages ?? 50 },
    );
    partial ||= read.partial;
    for (const row of read.rows) {
      const id = row[idField];
      if (!id) continue;
      const list = series.get(id) ?? [];
      list.push(toDailyPoint(row, account.currency));
      series.set(id, list);
    }
  }
  return { series, partial };
}

/** Rows per list page in the run's bounded read; a page refused as too much data (code 1) is halved. */
const RUN_PAGE_SIZE = { campaigns: 1000, adsets: 1000, ads: 2000 } as const;
const DAILY_METRICS = 'spend,impressions,reach,inline_link_clicks,results,actions,action_values';

export interface RunLevelData {
  objects: RuleObject[];
  series: Map<string, DailyPoint[]>;
}

/**
 * The rules run's read of one account, within READ_CALL_BUDGET Graph calls however large the account:
 * the campaigns, ad sets and (when a rule looks at ads) ads lists, each object carrying its daily
 * insights over the days its level's rules need by field expansion: no insights report, no report
 * job. The lists share one call budget with the account's node read (`accountRead`: 1 when it was
 * read for this run, 0 when its facts came from the rule items); pages beyond it, or beyond the time
 * left, are not read and the result says `partial`.
 */
export async function readRunData(
  graph: GraphClient,
  account: RuleAccount,
  daysByLevel: ReadonlyMap<RuleLevel, { since: string; until: string }>,
  options: { remainingMs: () => number; accountRead: 0 | 1 },
): Promise<{ byLevel: Map<RuleLevel, RunLevelData>; partial: boolean }> {
  const budget = callBudget(READ_CALL_BUDGET - options.accountRead);
  const shouldContinue = () => options.remainingMs() > 5000;
  const nested = { insights: nestedInsightsSchema(DailyRowSchema) };
  const expansion = (level: RuleLevel) => {
    const range = daysByLevel.get(level);
    return range ? `,${insightsExpansion(range, 1, `${ID_FIELD[level]},${DAILY_METRICS}`)}` : '';
  };
  const list = <T>(edge: keyof typeof RUN_PAGE_SIZE, schema: z.ZodType<T>, fields: string) =>
    readBoundedList(graph, `/${account.id}/${edge}`, { fields }, schema, {
      budget,
      pageSize: RUN_PAGE_SIZE[edge],
      shouldContinue,
    });
  const [campaigns, adsets, ads] = await Promise.all([
    list('campaigns', CampaignRow.extend(nested), `id,name,objective,status,daily_budget${expansion('campaign')}`),
    list('adsets', AdSetRow.extend(nested), `${ADSET_FIELDS}${expansion('adset')}`),
    daysByLevel.has('ad')
      ? list('ads', AdRow.extend(nested), `id,name,campaign_id,adset_id,status${expansion('ad')}`)
      : Promise.resolve({ items: [], partial: false }),
  ]);
  const objective = new Map(campaigns.items.map((item) => [item.id, item.objective ?? null]));
  const learning = new Map(adsets.items.map((item) => [item.id, item.learning_stage_info?.status === 'LEARNING']));
  const learningCampaigns = new Set(adsets.items.filter((item) => learning.get(item.id)).map((x) => x.campaign_id));
  const audiences = audiencesOf(adsets.items);
  const seriesOf = (items: readonly { id: string; insights?: { data: z.infer<typeof DailyRowSchema>[] } }[]) =>
    new Map(
      items.map((item) => [item.id, (item.insights?.data ?? []).map((row) => toDailyPoint(row, account.currency))]),
    );
  const byLevel = new Map<RuleLevel, RunLevelData>();
  if (daysByLevel.has('campaign'))
    byLevel.set('campaign', {
      objects: campaigns.items.map((item) => ({
        id: item.id,
        name: item.name,
        level: 'campaign' as const,
        objective: item.objective ?? null,
        status: item.status,
        dailyBudgetMinor: item.daily_budget,
        learning: learningCampaigns.has(item.id),
        audiences: audiences.campaign.get(item.id) ?? { included: [], excluded: [] },
      })),
      series: seriesOf(campaigns.items),
    });
  if (daysByLevel.has('adset'))
    byLevel.set('adset', {
      objects: adsets.items.map((item) => ({
        id: item.id,
        name: item.name,
        level: 'adset' as const,
        objective: objective.get(item.campaign_id) ?? null,
        status: item.status,
        dailyBudgetMinor: item.daily_budget,
        learning: learning.get(item.id) ?? false,
        audiences: audiences.adset.get(item.id),
      })),
      series: seriesOf(adsets.items),
    });
  if (daysByLevel.has('ad'))
    byLevel.set('ad', {
      objects: ads.items.map((item) => ({
        id: item.id,
        name: item.name,
        level: 'ad' as const,
        objective: objective.get(item.campaign_id) ?? null,
        status: item.status,
        dailyBudgetMinor: null,
        learning: learning.get(item.adset_id) ?? false,
        audiences: audiences.adset.get(item.adset_id),
      })),
      series: seriesOf(ads.items),
    });
  const partial =
    campaigns.partial ||
    adsets.partial ||
    ads.partial ||
    hasMoreNested([...campaigns.items, ...adsets.items, ...ads.items]);
  return { byLevel, partial };
}
