import { currencyOffset } from '@shared/currency-units';
import type { CreativeElements, CreativeReport } from '@shared/schemas/creative-report';
import { readInsights } from '../lib/meta/insights-reader';
import { addDays, timeRangeParam, todayIn } from '../lib/meta-connection/date-range';
import { AD_HISTORY_WEEKS } from '../lib/optimizer/optimizer-config';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import { GRAPH_PAGE_SIZE, INSIGHTS_ATTRIBUTION_PARAMS } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';
import { AdInsightRowSchema, dayFigures, METRIC_FIELDS, type AdInsightRow } from '../lib/ad-optimizer/ad-cards';
import { listElementRecords, type ElementStore } from '../lib/creative-report/element-store';
import { adGroupKeys, creativeReportGroups, WINNER_THRESHOLD, type AdWeek } from '../lib/creative-report/report';
import { VIDEO_PLAY_FIELDS, videoPlaysOf } from '../lib/creative-report/video-plays';
import { costIsPerThousand, summariseInsights, type InsightsRow } from '../lib/meta/insights-math';

/** Pages of 500 weekly rows: 8 weeks of 1,250 ads. */
const MAX_PAGES = 20;

export interface CreativeReportDeps {
  elements: ElementStore;
  remainingMs: () => number;
  graphCalls: () => number;
}

/**
 * One ad's week as the report counts it. Its ad set optimises for one result, so Meta reports one
 * indicator; should it list several, the most counted one is taken (and only its count), never a sum.
 */
function adWeek(row: AdInsightRow & { ad_id: string }, currency: string): AdWeek {
  const f = dayFigures(row, currency);
  const types = summariseInsights([row as InsightsRow], { currency }).resultsByType;
  const top = [...types].sort((a, b) => b.results - a.results)[0];
  return {
    adId: row.ad_id,
    date: f.date,
    spend: f.spend,
    impressions: f.impressions,
    linkClicks: f.linkClicks,
    results: top?.results ?? 0,
    objective: typeof row.objective === 'string' ? row.objective : 'UNKNOWN',
    resultType: top?.resultType ?? null,
    ...videoPlaysOf(row),
  };
}

/** The report with what it was made from: each ad's recorded elements and its report group's key. */
export interface CreativeData {
  report: CreativeReport;
  elementsByAd: ReadonlyMap<string, CreativeElements>;
  groupOfAd: ReadonlyMap<string, string>;
}

/**
 * The creative report of one of the user's ad accounts: one insights read by ad in weeks (the
 * fatigue detector's history) joined to the recorded elements of its ads.
 */
export async function creativeReport(
  session: MetaSession,
  adAccountId: string,
  deps: CreativeReportDeps,
): Promise<CreativeReport> {
  return (await creativeData(session, adAccountId, deps)).report;
}

export async function creativeData(
  session: MetaSession,
  adAccountId: string,
  deps: CreativeReportDeps,
): Promise<CreativeData> {
  const account = await ownedAdAccount(session, adAccountId);
  const now = session.deps.now();
  const today = todayIn(account.timezone_name, now);
  const history = { since: addDays(today, -(AD_HISTORY_WEEKS * 7)), until: addDays(today, -1) };
  const [weekly, records] = await Promise.all([
    readInsights(
      session.graph,
      account.id,
      {
        level: 'ad',
        limit: GRAPH_PAGE_SIZE.list,
        ...INSIGHTS_ATTRIBUTION_PARAMS,
        fields: `ad_id,objective,${METRIC_FIELDS},${VIDEO_PLAY_FIELDS}`,
        time_range: timeRangeParam(history),
        time_increment: 7,
      },
      AdInsightRowSchema,
      { maxPages: MAX_PAGES, remainingMs: deps.remainingMs },
    ),
    listElementRecords(deps.elements, account.id),
  ]);
  const elementsByAd = new Map<string, CreativeElements>(records.map((r) => [r.adId, r.elements]));
  const weeks: AdWeek[] = weekly.rows
    .filter((row): row is AdInsightRow & { ad_id: string } => Boolean(row.ad_id))
    .map((row) => adWeek(row, account.currency));
  const delivered = new Set(weeks.filter((w) => w.impressions > 0).map((w) => w.adId));
  const known = [...delivered].filter((id) => elementsByAd.has(id)).length;
  const report: CreativeReport = {
    adAccountId: account.id,
    currency: account.currency,
    since: history.since,
    until: history.until,
    winnerThreshold: WINNER_THRESHOLD,
    adsWithElements: known,
    adsWithoutElements: delivered.size - known,
    groups: creativeReportGroups(
      elementsByAd,
      weeks,
      { minorPerMajor: currencyOffset(account.currency) },
      costIsPerThousand,
    ),
    generatedAt: now.toISOString(),
    graphCalls: deps.graphCalls(),
  };
  return { report, elementsByAd, groupOfAd: adGroupKeys(weeks) };
}
