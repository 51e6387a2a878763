import * as z from 'zod';
import type { DateRangeQuery, InsightsSeries } from '@shared/schemas/meta';
import { notFound } from '../lib/errors';
import { previousPeriod, summariseInsights, type InsightsRow } from '../lib/meta/insights-math';
import { resolveRange, timeRangeParam, type DateRange } from '../lib/meta-connection/date-range';
import { listAdAccounts, ownedAdAccount } from './ad-accounts';
import {
  CAMPAIGN_FIELDS,
  GRAPH_PAGE_SIZE,
  GraphCampaignSchema,
  INSIGHT_FIELDS,
  INSIGHTS_ATTRIBUTION_PARAMS,
} from './graph-shapes';
import type { MetaSession } from './meta-session';

const InsightRowSchema = z.looseObject({ date_start: z.string().optional() });

interface SeriesTarget {
  /** The Graph node whose insights we read: an ad account or a campaign. */
  nodeId: string;
  timeZone: string;
  currency: string;
}

async function insightRows(session: MetaSession, target: SeriesTarget, range: DateRange, daily: boolean) {
  const key = `insights|${target.nodeId}|${range.since}|${range.until}|${daily ? 'daily' : 'total'}`;
  return session.cached(key, async () => {
    const page = await session.graph.paginate(
      `/${target.nodeId}/insights`,
      {
        fields: INSIGHT_FIELDS.filter((f) => f !== 'campaign_id').join(','),
        time_range: timeRangeParam(range),
        time_increment: daily ? 1 : 'all_days',
        limit: GRAPH_PAGE_SIZE.list,
        ...INSIGHTS_ATTRIBUTION_PARAMS,
      },
      InsightRowSchema,
      { maxPages: 5 },
    );
    return page.items as InsightsRow[];
  });
}

/**
 * One point per day of the range: Meta leaves out days without delivery, and a
 * chart that skipped them would draw a paused week as a straight line.
 */
export function zeroFilledDays(rows: readonly InsightsRow[], range: DateRange, options: { currency: string }) {
  const byDate = new Map<string, InsightsRow[]>();
  for (const row of rows) {
    const date = String(row.date_start ?? '');
    byDate.set(date, [...(byDate.get(date) ?? []), row]);
  }
  return eachDay(range).map((date) => ({ date, ...summariseInsights(byDate.get(date) ?? [], options) }));
}

function eachDay({ since, until }: DateRange): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${since}T00:00:00Z`); time <= Date.parse(`${until}T00:00:00Z`); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Daily figures for charts plus totals for the range and the period before it.
 * Totals come from Meta's own whole-range rows, because reach (and so frequency)
 * cannot be added up across days.
 */
async function series(session: MetaSession, target: SeriesTarget, query: DateRangeQuery): Promise<InsightsSeries> {
  const range = resolveRange(query, target.timeZone, session.deps.now());
  const previous = previousPeriod(range);
  const [daily, totals, previousTotals] = await Promise.all([
    insightRows(session, target, range, true),
    insightRows(session, target, range, false),
    insightRows(session, target, previous, false),
  ]);
  const options = { currency: target.currency };
  return {
    data: zeroFilledDays(daily, range, options),
    totals: summariseInsights(totals, options),
    previousTotals: previousTotals.length ? summariseInsights(previousTotals, options) : null,
    range,
    previousRange: previous,
    currency: target.currency,
  };
}

export async function accountInsights(session: MetaSession, adAccountId: string, query: DateRangeQuery) {
  const account = await ownedAdAccount(session, adAccountId);
  return series(session, { nodeId: account.id, timeZone: account.timezone_name, currency: account.currency }, query);
}

/** Reads a campaign and checks it belongs to one of this connection's ad accounts. */
export async function ownedCampaign(session: MetaSession, campaignId: string, options: { fresh?: boolean } = {}) {
  const read = () => session.graph.get(`/${campaignId}`, { fields: CAMPAIGN_FIELDS.join(',') }, GraphCampaignSchema);
  const campaign = options.fresh ? await read() : await session.cached(`campaign|${campaignId}`, read);
  const accounts = await listAdAccounts(session);
  const account = accounts.find((a) => a.account_id === campaign.account_id);
  if (!account) throw notFound('That campaign is not part of your Meta connection.');
  await session.deps.adAccountQuota?.hold(session.user.sub, account.id);
  return { campaign, account };
}

export async function campaignInsights(session: MetaSession, campaignId: string, query: DateRangeQuery) {
  const { campaign, account } = await ownedCampaign(session, campaignId);
  return series(session, { nodeId: campaign.id, timeZone: account.timezone_name, currency: account.currency }, query);
}
