import type { Query, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { isReportPending, type InsightsSeriesReply } from '@shared/schemas/meta';

/** How often the browser asks again while Meta builds a report run (Meta's own jobs take seconds to minutes). */
export const REPORT_POLL_MS = 1500;

/**
 * The ticket of a report still running for this query, so the next fetch continues it instead of
 * starting another run at Meta.
 */
export function runningReport(context: QueryFunctionContext<QueryKey>): string | undefined {
  const previous = context.client.getQueryData<InsightsSeriesReply>(context.queryKey);
  return isReportPending(previous) ? previous.report : undefined;
}

/** TanStack Query's refetchInterval: poll while the reply is a running report, stop once the series arrived. */
export function pollWhileReportRuns(query: Query<InsightsSeriesReply, Error, InsightsSeriesReply, QueryKey>) {
  return isReportPending(query.state.data) ? REPORT_POLL_MS : false;
}
