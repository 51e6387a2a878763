import type { AdCardList } from '@shared/schemas/ad-optimizer';
import { readInsights } from '../lib/meta/insights-reader';
import { addDays, timeRangeParam, todayIn } from '../lib/meta-connection/date-range';
import { OPTIMIZER_CONFIG } from '../lib/optimizer/optimizer-config';
import { AD_HISTORY_WEEKS } from '../lib/optimizer/optimizer-config';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import { GRAPH_PAGE_SIZE, INSIGHTS_ATTRIBUTION_PARAMS } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';
import {
  AD_LIST_FIELDS,
  AdInsightRowSchema,
  AdListRowSchema,
  buildAdCards,
  METRIC_FIELDS,
} from '../lib/ad-optimizer/ad-cards';
import { listTests, type TestStore } from '../lib/ad-optimizer/test-store';

/** Pages of 500: an account of 2,000 ads takes four pages a read. */
const MAX_PAGES = 20;

export interface ListAdsDeps {
  store: TestStore;
  remainingMs: () => number;
  /** Graph calls made so far in this request. */
  graphCalls: () => number;
}

/**
 * The ad cards of one of the user's ad accounts in a fixed number of Graph calls however many
 * ads it has: the ads with their creatives, and three insights reports by ad (the last week with
 * Meta's rankings, weeks for the fatigue detector, days for the curve), each paged at Meta's
 * largest page and through a report job when Meta refuses a direct read.
 */
export async function listAdCards(session: MetaSession, adAccountId: string, deps: ListAdsDeps): Promise<AdCardList> {
  const account = await ownedAdAccount(session, adAccountId);
  const now = session.deps.now();
  const today = todayIn(account.timezone_name, now);
  const history = { since: addDays(today, -(AD_HISTORY_WEEKS * 7)), until: addDays(today, -1) };
  const lastWeek = { since: addDays(today, -OPTIMIZER_CONFIG.recentDays), until: addDays(today, -1) };
  const report = (params: Record<string, string | number | boolean>) =>
    readInsights(
      session.graph,
      account.id,
      { level: 'ad', limit: GRAPH_PAGE_SIZE.list, ...INSIGHTS_ATTRIBUTION_PARAMS, ...params },
      AdInsightRowSchema,
      { maxPages: MAX_PAGES, remainingMs: deps.remainingMs },
    );
  const [ads, week, weekly, daily, tests] = await Promise.all([
    session.graph
      .paginate(`/${account.id}/ads`, { fields: AD_LIST_FIELDS, limit: GRAPH_PAGE_SIZE.list }, AdListRowSchema, {
        maxPages: MAX_PAGES,
      })
      .then((page) => page.items),
    report({
      fields: `ad_id,${METRIC_FIELDS},quality_ranking,engagement_rate_ranking,conversion_rate_ranking`,
      time_range: timeRangeParam(lastWeek),
    }),
    report({ fields: `ad_id,${METRIC_FIELDS}`, time_range: timeRangeParam(history), time_increment: 7 }),
    report({
      fields: 'ad_id,impressions,reach,inline_link_clicks,spend',
      time_range: timeRangeParam(history),
      time_increment: 1,
    }),
    listTests(deps.store, session.user.sub, account.id),
  ]);
  const { cards, truncated } = buildAdCards({
    adAccountId: account.id,
    currency: account.currency,
    today,
    ads,
    weekly: weekly.rows,
    daily: daily.rows,
    lastWeek: week.rows,
  });
  return {
    adAccountId: account.id,
    currency: account.currency,
    today,
    generatedAt: now.toISOString(),
    ads: cards,
    tests,
    ...(truncated || week.partial || weekly.partial || daily.partial ? { partial: true } : {}),
    graphCalls: deps.graphCalls(),
  };
}
