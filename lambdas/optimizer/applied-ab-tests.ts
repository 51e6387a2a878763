import * as z from 'zod';
import { currencyOffset } from '@shared/currency-units';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import type { AppliedAbTest } from '@shared/schemas/optimizer-outcomes';
import type { GraphClient } from '../lib/meta/graph-client';
import { costIsPerThousand, InsightsRowSchema, summariseInsights } from '../lib/meta/insights-math';
import { addDays, timeRangeParam } from '../lib/meta-connection/date-range';
import { GRAPH_PAGE_SIZE, INSIGHTS_ATTRIBUTION_PARAMS } from '../lib/meta-session/graph-shapes';
import {
  abPredicted,
  abRun,
  abTestKind,
  abTestTitle,
  measureAbTest,
  sameDayTotals,
  type AdDay,
  type AdState,
} from '../lib/optimizer/ab-test-math';
import { logger } from '../lib/observability';

/**
 * The Applied tab's A/B rows (issue 29 req 5): every A/B copy the ad optimizer made (a rewrite of a tired ad, or a
 * one-element test) from the moment it was made, its copy against its original over the days both ran. One
 * insights read at level=ad filtered by the ads' ids, by day, for every test at once; the ads' states come from
 * the node batch the recommendations' measurement already makes.
 */

/** A test whose copy was made (created, or deleted again: undone). */
export type MadeTest = AdTest & { copyAdId: string; approvedAt: string };

export function madeTests(tests: readonly AdTest[]): MadeTest[] {
  return tests
    .filter((t): t is MadeTest => Boolean(t.copyAdId && t.approvedAt) && t.status !== 'proposed')
    .sort((a, b) => b.approvedAt.localeCompare(a.approvedAt));
}

const undone = (test: MadeTest) => test.status === 'deleted' || test.status === 'deleting';

/** The ads whose state is read: both sides of every test not undone (an undone test's state is known). */
export function abTestObjects(tests: readonly MadeTest[]): Array<{ objectId: string; level: 'ad' }> {
  return tests
    .filter((test) => !undone(test))
    .flatMap((test) => [
      { objectId: test.adId, level: 'ad' as const },
      { objectId: test.copyAdId, level: 'ad' as const },
    ]);
}

/** Meta leaves deleted and archived ads out of insights by level unless the filter names their statuses. */
const EVERY_AD_STATUS = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ARCHIVED',
  'ADSET_PAUSED',
  'CAMPAIGN_PAUSED',
  'DISAPPROVED',
  'IN_PROCESS',
  'PENDING_BILLING_INFO',
  'PENDING_REVIEW',
  'PREAPPROVED',
  'WITH_ISSUES',
];
const AD_DAY_FIELDS = 'ad_id,spend,impressions,inline_link_clicks,results,cost_per_result,actions';
const AdDayRowSchema = InsightsRowSchema.extend({ ad_id: z.string() });
/** 500 ad-days a page: 10 pages are 40 tests of two ads over 60 days. */
const MAX_PAGES = 10;

interface ReadDay extends AdDay {
  resultType: string | null;
}

/** Both ads of every test by day, one paged insights read (deleted ads included). */
async function readAdDays(
  graph: GraphClient,
  account: { id: string; currency: string },
  adIds: readonly string[],
  range: { since: string; until: string },
): Promise<ReadDay[]> {
  const page = await graph.paginate(
    `/${account.id}/insights`,
    {
      level: 'ad',
      fields: AD_DAY_FIELDS,
      filtering: JSON.stringify([
        { field: 'ad.id', operator: 'IN', value: adIds },
        { field: 'ad.effective_status', operator: 'IN', value: EVERY_AD_STATUS },
      ]),
      time_range: timeRangeParam(range),
      time_increment: 1,
      limit: GRAPH_PAGE_SIZE.list,
      ...INSIGHTS_ATTRIBUTION_PARAMS,
    },
    AdDayRowSchema,
    { maxPages: MAX_PAGES },
  );
  if (page.hasMore) logger.warn('A/B test days not all read', { adAccountId: account.id, pages: page.pages });
  return page.items.map((row) => {
    const summary = summariseInsights([row], { currency: account.currency });
    // One ad optimises for one result; should Meta list several, the most counted one (never a sum), as the creative report.
    const top = [...summary.resultsByType].sort((a, b) => b.results - a.results)[0];
    return {
      adId: row.ad_id,
      date: String(row.date_start ?? ''),
      spend: summary.spend,
      impressions: summary.impressions,
      linkClicks: summary.linkClicks,
      results: top?.results ?? 0,
      resultType: top?.resultType ?? null,
    };
  });
}

export interface AbNode {
  name?: string;
  effective_status?: string;
  updated_time?: string;
}

/**
 * Each made test with its run state and measurement: complete days only (the account's today is still
 * delivering), from the day the copy was made to yesterday, or to the day it was undone.
 */
export async function measureAbTests(
  graph: GraphClient,
  account: { id: string; currency: string },
  tests: readonly MadeTest[],
  nodes: ReadonlyMap<string, AbNode>,
  clock: { today: string; localDate: (instant: Date) => string },
): Promise<AppliedAbTest[]> {
  const yesterday = addDays(clock.today, -1);
  const plans = tests.map((test) => {
    const since = clock.localDate(new Date(test.approvedAt));
    const stoppedOn = undone(test) && test.deletedAt ? clock.localDate(new Date(test.deletedAt)) : yesterday;
    return { test, range: { since, until: stoppedOn < yesterday ? stoppedOn : yesterday } };
  });
  const reading = plans.filter((plan) => plan.range.since <= plan.range.until);
  const rows = reading.length
    ? await readAdDays(graph, account, [...new Set(reading.flatMap(({ test }) => [test.adId, test.copyAdId]))], {
        since: reading.reduce((first, p) => (p.range.since < first ? p.range.since : first), reading[0]!.range.since),
        until: reading.reduce((last, p) => (p.range.until > last ? p.range.until : last), reading[0]!.range.until),
      })
    : [];
  const minorPerMajor = currencyOffset(account.currency);
  return plans.map(({ test, range }) => {
    const state = (id: string, fallback: string): AdState | undefined => {
      const node = nodes.get(id);
      if (!node) return undefined;
      return {
        name: node.name ?? fallback,
        effectiveStatus: node.effective_status ?? 'UNKNOWN',
        ...(node.updated_time ? { updatedTime: node.updated_time } : {}),
      };
    };
    const control = { id: test.adId, name: nodes.get(test.adId)?.name ?? test.adName };
    const variant = { id: test.copyAdId, name: nodes.get(test.copyAdId)?.name ?? test.copyAdName ?? test.copyAdId };
    const same = sameDayTotals(rows, control.id, variant.id, range);
    const resultType = rows.find((row) => row.adId === control.id && row.resultType)?.resultType ?? null;
    const variantDelivered = rows.some((row) => row.adId === variant.id && row.impressions > 0);
    return {
      id: test.id,
      kind: abTestKind(test),
      title: abTestTitle(test),
      madeAt: test.approvedAt,
      ...(test.adsetName ? { adsetName: test.adsetName } : {}),
      predicted: abPredicted(test),
      run: abRun(
        test,
        { control: state(control.id, control.name), variant: state(variant.id, variant.name) },
        variantDelivered,
      ),
      measurement: measureAbTest({ control, variant }, same, {
        minorPerMajor,
        perThousand: costIsPerThousand(resultType),
      }),
    };
  });
}
