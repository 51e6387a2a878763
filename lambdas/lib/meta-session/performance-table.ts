import * as z from 'zod';
import { performanceBreakdowns } from '@shared/performance-options';
import type { PerformanceRow, PerformanceTable, PerformanceTableQuery } from '@shared/schemas/meta';
import { summariseInsights, type InsightsRow } from '../meta/insights-math';
import { readInsights } from '../meta/insights-reader';
import { resolveRange, timeRangeParam } from '../meta-connection/date-range';
import { ownedAdAccount } from './ad-accounts';
import { GRAPH_PAGE_SIZE, INSIGHT_FIELDS, INSIGHTS_ATTRIBUTION_PARAMS } from './graph-shapes';
import { remainingMsOf } from './handler-deps';
import type { MetaSession } from './session';

/** Meta's largest page is 500 rows: an ad level split by placement in a big account takes several. */
const MAX_PAGES = 20;

/** The names Meta puts on each insights row at every level (Meta answers only those of the level and above). */
const NAME_FIELDS = ['campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name'];

const RowNamesSchema = z.looseObject({
  campaign_id: z.string().optional(),
  campaign_name: z.string().optional(),
  adset_id: z.string().optional(),
  adset_name: z.string().optional(),
  ad_id: z.string().optional(),
  ad_name: z.string().optional(),
});
type NamedRow = z.infer<typeof RowNamesSchema> & InsightsRow;

/**
 * Ads Manager's table for one level (the dashboard's performance table, and the agent's insights tool): one insights report (`level=campaign|adset|ad`, with the breakdown's
 * Meta `breakdowns`) grouped into a row per object and segment. Objects that did not deliver in the range
 * have no insights row, so they are not listed (the campaigns list shows every campaign).
 */
export async function performanceTable(
  session: MetaSession,
  adAccountId: string,
  query: PerformanceTableQuery,
): Promise<PerformanceTable> {
  const account = await ownedAdAccount(session, adAccountId);
  const range = resolveRange(query, account.timezone_name, session.deps.now());
  const breakdowns: readonly string[] = query.breakdown ? performanceBreakdowns[query.breakdown] : [];
  const fields = [...new Set([...INSIGHT_FIELDS, ...NAME_FIELDS.filter((f) => levelHas(query.level, f))])];
  const read = await session.cached(
    `insights-read|${query.level}|${breakdowns.join('+')}|${account.id}|${range.since}|${range.until}`,
    async () => {
      const result = await readInsights(
        session.graph,
        account.id,
        {
          level: query.level,
          fields: fields.join(','),
          ...(breakdowns.length > 0 ? { breakdowns: [...breakdowns] } : {}),
          time_range: timeRangeParam(range),
          limit: GRAPH_PAGE_SIZE.list,
          ...INSIGHTS_ATTRIBUTION_PARAMS,
        },
        RowNamesSchema,
        { maxPages: MAX_PAGES, remainingMs: remainingMsOf(session) },
      );
      return { rows: result.rows as NamedRow[], partial: result.partial };
    },
  );

  const groups = new Map<string, { first: NamedRow; segment: Record<string, string>; rows: NamedRow[] }>();
  for (const row of read.rows) {
    const id = idOf(row, query.level);
    const segment = Object.fromEntries(breakdowns.map((b) => [b, String((row as Record<string, unknown>)[b] ?? '')]));
    const key = `${id}|${JSON.stringify(segment)}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { first: row, segment, rows: [row] });
  }

  const rows: PerformanceRow[] = [...groups.values()].map(({ first, segment, rows: groupRows }) => ({
    id: idOf(first, query.level),
    name: nameOf(first, query.level),
    campaignName: query.level === 'campaign' ? null : (first.campaign_name ?? null),
    adsetName: query.level === 'ad' ? (first.adset_name ?? null) : null,
    segment,
    metrics: summariseInsights(groupRows, { currency: account.currency }),
  }));
  return {
    level: query.level,
    breakdown: query.breakdown ?? null,
    rows,
    range,
    currency: account.currency,
    timezoneName: account.timezone_name,
    ...(read.partial ? { partial: true } : {}),
  };
}

const LEVEL_RANK = { campaign: 1, adset: 2, ad: 3 } as const;

/** Meta answers a name field only at its own level or below (an ad set's row has no ad name). */
function levelHas(level: PerformanceTableQuery['level'], field: string): boolean {
  const fieldLevel = field.startsWith('campaign') ? 'campaign' : field.startsWith('adset') ? 'adset' : 'ad';
  return LEVEL_RANK[fieldLevel] <= LEVEL_RANK[level];
}

function idOf(row: NamedRow, level: PerformanceTableQuery['level']): string {
  return String((level === 'campaign' ? row.campaign_id : level === 'adset' ? row.adset_id : row.ad_id) ?? '');
}

function nameOf(row: NamedRow, level: PerformanceTableQuery['level']): string {
  return (level === 'campaign' ? row.campaign_name : level === 'adset' ? row.adset_name : row.ad_name) ?? '';
}
