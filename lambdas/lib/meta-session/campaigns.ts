import * as z from 'zod';
import type { Campaign, CampaignWithMetrics, DateRangeQuery } from '@shared/schemas/meta';
import { summariseInsights, type InsightsRow } from '../meta/insights-math';
import { readInsights } from '../meta/insights-reader';
import { resolveRange, timeRangeParam } from '../meta-connection/date-range';
import { ownedAdAccount } from './ad-accounts';
import {
  CAMPAIGN_FIELDS,
  GRAPH_PAGE_SIZE,
  GraphCampaignSchema,
  INSIGHT_FIELDS,
  INSIGHTS_ATTRIBUTION_PARAMS,
  type GraphCampaign,
} from './graph-shapes';
import type { MetaSession } from './session';

/** Meta's largest page for these edges: 12 or 200 campaigns cost one call each. */
const MAX_PAGES = 20;

/** Without a Lambda context (tests, scripts): what the function's 29 s timeout leaves after start-up. */
const DEFAULT_REMAINING_MS = 25_000;

const InsightRowSchema = z.looseObject({ campaign_id: z.string().optional() });

export function toCampaign(c: GraphCampaign): Campaign {
  return {
    id: c.id,
    accountId: c.account_id,
    name: c.name,
    objective: c.objective,
    status: c.status,
    effectiveStatus: c.effective_status,
    dailyBudget: c.daily_budget && c.daily_budget > 0 ? c.daily_budget : null,
    lifetimeBudget: c.lifetime_budget && c.lifetime_budget > 0 ? c.lifetime_budget : null,
    startTime: c.start_time ?? null,
    stopTime: c.stop_time ?? null,
  };
}

/** An account's campaigns as Meta lists them (one cached read per session, shared with the campaigns table). */
export function listCampaigns(session: MetaSession, accountId: string): Promise<GraphCampaign[]> {
  return session.cached(`campaigns|${accountId}`, async () => {
    const page = await session.graph.paginate(
      `/${accountId}/campaigns`,
      { fields: CAMPAIGN_FIELDS.join(','), limit: GRAPH_PAGE_SIZE.list },
      GraphCampaignSchema,
      { maxPages: MAX_PAGES },
    );
    return page.items;
  });
}

/**
 * An account's campaigns with their results for a range, in a constant number
 * of Graph calls however many campaigns there are: the (cached) account list,
 * one campaigns list and one `level=campaign` insights report, not a call per campaign.
 */
export async function listCampaignsWithMetrics(session: MetaSession, adAccountId: string, query: DateRangeQuery) {
  const account = await ownedAdAccount(session, adAccountId);
  const range = resolveRange(query, account.timezone_name, session.deps.now());

  const [campaigns, insights] = await Promise.all([
    listCampaigns(session, account.id),
    session.cached(`insights-read|campaign|${account.id}|${range.since}|${range.until}`, async () => {
      // A large account's report goes through a Meta report job when the direct read is refused
      // (code 1), and paging stops before the function runs out of time (then the list is `partial`).
      const read = await readInsights(
        session.graph,
        account.id,
        {
          level: 'campaign',
          fields: INSIGHT_FIELDS.join(','),
          time_range: timeRangeParam(range),
          limit: GRAPH_PAGE_SIZE.list,
          ...INSIGHTS_ATTRIBUTION_PARAMS,
        },
        InsightRowSchema,
        { maxPages: MAX_PAGES, remainingMs: session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS) },
      );
      return { rows: read.rows as InsightsRow[], partial: read.partial };
    }),
  ]);

  const rowsByCampaign = new Map<string, InsightsRow[]>();
  for (const row of insights.rows) {
    const id = String((row as { campaign_id?: string }).campaign_id ?? '');
    rowsByCampaign.set(id, [...(rowsByCampaign.get(id) ?? []), row]);
  }

  const data: CampaignWithMetrics[] = campaigns.map((c) => ({
    ...toCampaign(c),
    metrics: summariseInsights(rowsByCampaign.get(c.id) ?? [], { currency: account.currency }),
  }));
  return {
    data,
    range,
    currency: account.currency,
    timezoneName: account.timezone_name,
    ...(insights.partial ? { partial: true } : {}),
  };
}
