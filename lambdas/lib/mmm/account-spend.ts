import * as z from 'zod';
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import type { GraphClient } from '../meta/graph-client';
import type { MetaRuntime } from '../meta-connection/meta-deps';
import { graphForUser } from '../meta-session/session';

/**
 * An ad account's spend in a marketing-mix dataset's periods, from Meta's daily account insights.
 * Read when a dataset takes "use my Meta spend" (lambdas/marketing-mix) and again when a model is
 * handed to the optimizer, to check the model's Meta channel is this account (lambdas/optimizer).
 */

/** Daily rows as Meta returns them: spend is a decimal string in the account's currency. */
const DailySpendSchema = z.looseObject({ date_start: z.string(), spend: z.string().optional() });

/** Meta keeps insights for 37 months; older periods are reported as no spend. */
const INSIGHTS_MONTHS = 37;

/**
 * One channel from Meta: the account's spend summed into the dataset's periods. A period runs
 * from its date to the day before the next one (the last one lasts the data's usual step), so
 * weekly data that starts on Mondays gets Monday–Sunday sums. Days Meta leaves out spent nothing.
 */
export function spendPerPeriod(dates: readonly string[], daily: readonly { date: string; spend: number }[]): number[] {
  const starts = dates.map(dayNumber);
  const step = starts.length > 1 ? starts[starts.length - 1]! - starts[starts.length - 2]! : 7;
  const ends = starts.map((s, i) => (i + 1 < starts.length ? starts[i + 1]! : s + step));
  const sums = starts.map(() => 0);
  for (const { date, spend } of daily) {
    const day = dayNumber(date);
    // Periods are sorted: binary search for the last start ≤ day.
    let lo = 0;
    let hi = starts.length - 1;
    if (day < starts[0]! || day >= ends[hi]!) continue;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (starts[mid]! <= day) lo = mid;
      else hi = mid - 1;
    }
    sums[lo] = sums[lo]! + spend;
  }
  // Cents stay cents: no floating dust from the additions.
  return sums.map((s) => Math.round(s * 100) / 100);
}

/** The range of days to ask Meta for: the dataset's span, clipped to what Meta keeps and to today. */
export function insightsRange(dates: readonly string[], today: string): { since: string; until: string } | null {
  const first = dayNumber(dates[0]!);
  const step = dates.length > 1 ? dayNumber(dates.at(-1)!) - dayNumber(dates.at(-2)!) : 7;
  const last = dayNumber(dates.at(-1)!) + step - 1;
  const now = dayNumber(today);
  const oldest = now - Math.floor(INSIGHTS_MONTHS * 30.4);
  const since = Math.max(first, oldest);
  const until = Math.min(last, now);
  return since > until ? null : { since: isoFromDay(since), until: isoFromDay(until) };
}

export interface PeriodSpend {
  spend: number[];
  /** The days asked of Meta; null when none of the periods is within what Meta keeps. */
  range: { since: string; until: string } | null;
}

/** The account's spend per period with a Graph client already open (the hand-off's session has one). */
export async function accountSpendPerPeriod(
  graph: GraphClient,
  adAccountId: string,
  dates: readonly string[],
  today: string,
): Promise<PeriodSpend> {
  const range = insightsRange(dates, today);
  if (!range) return { spend: dates.map(() => 0), range };
  const page = await graph.paginate(
    `/${adAccountId}/insights`,
    {
      fields: 'spend',
      level: 'account',
      time_range: JSON.stringify(range),
      time_increment: 1,
      limit: 500,
    },
    DailySpendSchema,
    { maxPages: 10 },
  );
  const daily = page.items.map((row) => ({ date: row.date_start, spend: Number(row.spend ?? '0') || 0 }));
  return { spend: spendPerPeriod(dates, daily), range };
}

/**
 * The connected ad account's spend per period of the dataset, from its daily insights. Meta
 * refuses an account the user cannot read, and that refusal reaches the user as Meta's error.
 */
export async function metaSpendForPeriods(
  userId: string,
  runtime: MetaRuntime,
  adAccountId: string,
  dates: readonly string[],
): Promise<PeriodSpend> {
  const graph = await graphForUser(userId, runtime);
  return accountSpendPerPeriod(graph, adAccountId, dates, runtime.now().toISOString().slice(0, 10));
}
