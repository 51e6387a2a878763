import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import {
  ASYNC_REPORT_MIN_DAYS,
  type InsightsQuery,
  type InsightsReportPending,
  type InsightsSeries,
} from '@shared/schemas/meta';
import { AppError, notFound } from '../errors';
import { readInsights, readInsightsOrStartReport, readReportRun } from '../meta/insights-reader';
import { previousPeriod, summariseInsights, type InsightsRow } from '../meta/insights-math';
import { resolveRange, timeRangeParam, type DateRange } from '../meta-connection/date-range';
import { listAdAccounts, ownedAdAccount } from './ad-accounts';
import {
  CAMPAIGN_FIELDS,
  GRAPH_PAGE_SIZE,
  GraphCampaignSchema,
  INSIGHT_FIELDS,
  INSIGHTS_ATTRIBUTION_PARAMS,
} from './graph-shapes';
import type { MetaSession } from './session';

const InsightRowSchema = z.looseObject({ date_start: z.string().optional() });

/** Used when no Lambda context tells the time left (unit tests): a little under the function's timeout. */
const DEFAULT_REMAINING_MS = 25_000;

interface SeriesTarget {
  /** The Graph node whose insights we read: an ad account or a campaign. */
  nodeId: string;
  timeZone: string;
  currency: string;
}

function insightParams(range: DateRange, daily: boolean) {
  return {
    fields: INSIGHT_FIELDS.filter((f) => f !== 'campaign_id').join(','),
    time_range: timeRangeParam(range),
    time_increment: daily ? 1 : 'all_days',
    limit: daily ? DAILY_PAGE_SIZE : GRAPH_PAGE_SIZE.list,
    ...INSIGHTS_ATTRIBUTION_PARAMS,
  };
}

/**
 * Days per page of a daily series: about a quarter, so a slow Meta answering a year-long range stops
 * at a page boundary with the months it has (a `partial` series) instead of timing out with nothing.
 */
const DAILY_PAGE_SIZE = 100;

function readOptions(session: MetaSession) {
  return { maxPages: 5, remainingMs: session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS) };
}

/** One whole-range row (totals): small, so a refusal is waited out through a report job in this request. */
async function totalRows(session: MetaSession, target: SeriesTarget, range: DateRange): Promise<InsightsRow[]> {
  const key = `insights|${target.nodeId}|${range.since}|${range.until}|total`;
  return session.cached(key, async () => {
    const read = await readInsights(
      session.graph,
      target.nodeId,
      insightParams(range, false),
      InsightRowSchema,
      readOptions(session),
    );
    return read.rows as InsightsRow[];
  });
}

type DailyRead =
  | { state: 'done'; rows: InsightsRow[]; partial: boolean }
  | { state: 'running'; ticket: string; status: string; percent: number };

/**
 * The daily rows: read directly for a short range; for a long range (or when Meta refuses the direct
 * read with code 1) through a report run the browser polls, one status read per request, so a
 * large account shows Meta's progress instead of a request that waits and times out.
 */
async function dailyRows(
  session: MetaSession,
  target: SeriesTarget,
  range: DateRange,
  ticket: string | undefined,
): Promise<DailyRead> {
  const secret = (await session.deps.metaApp()).appSecret;
  const binding = { userId: session.user.sub, nodeId: target.nodeId, range };
  let runId: string;
  if (ticket) {
    runId = openReportTicket(ticket, secret, binding);
  } else {
    const key = `insights|${target.nodeId}|${range.since}|${range.until}|daily`;
    // A run started moments ago (a reload) is cached like any read, so it is polled, not started twice.
    const read = await session.cached(key, () =>
      readInsightsOrStartReport(session.graph, target.nodeId, insightParams(range, true), InsightRowSchema, {
        ...readOptions(session),
        preferReport: daysIn(range) >= ASYNC_REPORT_MIN_DAYS,
      }),
    );
    if (read.state === 'done') return { state: 'done', rows: read.rows as InsightsRow[], partial: read.partial };
    runId = read.runId;
  }
  const run = await readReportRun(session.graph, runId, InsightRowSchema, {
    ...readOptions(session),
    pageSize: DAILY_PAGE_SIZE,
  });
  if (run.state === 'done') return { state: 'done', rows: run.rows as InsightsRow[], partial: run.partial };
  return { state: 'running', ticket: reportTicket(runId, secret, binding), status: run.status, percent: run.percent };
}

function daysIn({ since, until }: DateRange): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
}

interface TicketBinding {
  userId: string;
  nodeId: string;
  range: DateRange;
}

function ticketSignature(runId: string, secret: string, { userId, nodeId, range }: TicketBinding): string {
  return createHmac('sha256', secret)
    .update(`insights-report|${userId}|${nodeId}|${range.since}|${range.until}|${runId}`)
    .digest('base64url');
}

/** `runId.signature`: the browser may hold the run's id, but only for the user, object and range it was started for. */
export function reportTicket(runId: string, secret: string, binding: TicketBinding): string {
  return `${runId}.${ticketSignature(runId, secret, binding)}`;
}

export function openReportTicket(ticket: string, secret: string, binding: TicketBinding): string {
  const [runId = '', signature = ''] = ticket.split('.');
  const expected = Buffer.from(ticketSignature(runId, secret, binding));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'That report was started for another range or object. Load the figures again to start a new one.',
    );
  }
  return runId;
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
 * cannot be added up across days. While a report run builds the daily rows the
 * reply is the run's progress instead (202); the totals read meanwhile are cached.
 */
async function series(
  session: MetaSession,
  target: SeriesTarget,
  query: InsightsQuery,
): Promise<InsightsSeries | InsightsReportPending> {
  const range = resolveRange(query, target.timeZone, session.deps.now());
  const previous = previousPeriod(range);
  const [daily, totals, previousTotals] = await Promise.all([
    dailyRows(session, target, range, query.report),
    totalRows(session, target, range),
    totalRows(session, target, previous),
  ]);
  if (daily.state === 'running') {
    return { pending: true, report: daily.ticket, status: daily.status, percent: daily.percent };
  }
  const options = { currency: target.currency };
  // A partial read stops at the last day Meta gave us: days after it are unknown, not zero.
  const lastRead = daily.rows.reduce(
    (last, row) => (String(row.date_start ?? '') > last ? String(row.date_start) : last),
    '',
  );
  const shown = daily.partial && lastRead ? { since: range.since, until: lastRead } : range;
  return {
    data: zeroFilledDays(daily.rows, shown, options),
    totals: summariseInsights(totals, options),
    previousTotals: previousTotals.length ? summariseInsights(previousTotals, options) : null,
    range,
    previousRange: previous,
    currency: target.currency,
    ...(daily.partial ? { partial: true } : {}),
  };
}

export async function accountInsights(session: MetaSession, adAccountId: string, query: InsightsQuery) {
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

export async function campaignInsights(session: MetaSession, campaignId: string, query: InsightsQuery) {
  const { campaign, account } = await ownedCampaign(session, campaignId);
  return series(session, { nodeId: campaign.id, timeZone: account.timezone_name, currency: account.currency }, query);
}
