import { useMemo } from 'react';
import type { DateRangeQuery, PerformanceBreakdown, PerformanceLevel } from '@shared/schemas/meta';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePerformanceTable } from '../api/get-performance-table';
import type { MetricColumn } from '../lib/metric-columns';
import { PerformanceTable } from './performance-table';

/** Reads one level's table (with its breakdown) and shows it, its loading rows or why it failed. */
export function PerformanceView({
  uid,
  accountId,
  range,
  level,
  breakdown,
  columns,
  search,
}: {
  uid: string | undefined;
  accountId: string | undefined;
  range: DateRangeQuery;
  level: PerformanceLevel;
  breakdown: PerformanceBreakdown | null;
  columns: readonly MetricColumn[];
  search: string;
}) {
  const query = useMemo(() => ({ ...range, level, ...(breakdown ? { breakdown } : {}) }), [range, level, breakdown]);
  const table = usePerformanceTable(uid, accountId, query, true);
  if (table.isError) {
    return (
      <QueryErrorAlert title="Figures could not be loaded" error={table.error} onRetry={() => void table.refetch()} />
    );
  }
  if (!table.data) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading figures">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2" aria-busy={table.isFetching || undefined}>
      {table.data.partial ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Partial results: Meta had more rows for this range than we could read in time. Choose a shorter date range for
          complete numbers.
        </p>
      ) : null}
      <PerformanceTable table={table.data} columns={columns} search={search} />
    </div>
  );
}
