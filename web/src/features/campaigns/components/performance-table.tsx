import { useMemo, useState } from 'react';
import type { PerformanceLevel, PerformanceRow, PerformanceTable as Table } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { useMediaQuery } from '@web/lib/use-media-query';
import { nextSort, sortBy, type SortColumn, type SortState } from '../lib/campaign-table';
import type { MetricColumn } from '../lib/metric-columns';
import { breakdownLabels, segmentLabel } from '../lib/segment-labels';
import { FigureList, MetricValue } from './metric-cell';
import { SortableTableHead, type HeadColumn } from './sortable-table-head';
import { TableScroller } from './table-scroller';

const levelNames: Record<PerformanceLevel, { one: string; many: string }> = {
  campaign: { one: 'Campaign', many: 'campaigns' },
  adset: { one: 'Ad set', many: 'ad sets' },
  ad: { one: 'Ad', many: 'ads' },
};

/** Where a row sits: an ad's ad set and campaign, an ad set's campaign. */
function placeOf(row: PerformanceRow): string {
  return [row.adsetName, row.campaignName].filter(Boolean).join(' · ');
}

/**
 * Ad sets or ads (or campaigns split by a breakdown) with the chosen figures: a sortable table from tablet
 * width, cards on a phone. Only what delivered in the range has figures at Meta, so only that is listed.
 */
export function PerformanceTable({
  table,
  columns,
  search,
}: {
  table: Table;
  columns: readonly MetricColumn[];
  search: string;
}) {
  const [sort, setSort] = useState<SortState>({ column: 'spend', direction: 'descending' });
  const phone = useMediaQuery('(max-width: 639.98px)');
  const names = levelNames[table.level];
  const needle = search.trim().toLocaleLowerCase();
  const rows = useMemo(() => {
    const found = table.rows.filter((row) => !needle || row.name.toLocaleLowerCase().includes(needle));
    const valueOf = (row: PerformanceRow): string | number | null => {
      if (sort.column === 'name') return row.name;
      if (sort.column === 'segment') return segmentLabel(row.segment);
      const value = row.metrics[sort.column as keyof PerformanceRow['metrics']];
      return typeof value === 'number' || typeof value === 'string' ? value : null;
    };
    return sortBy(found, valueOf, sort.direction, (row) => `${row.name} ${segmentLabel(row.segment)}`);
  }, [table.rows, needle, sort]);

  if (table.rows.length === 0) {
    return (
      <Alert title={`No ${names.many} delivered in this range`}>Choose a longer date range, or another level.</Alert>
    );
  }
  if (rows.length === 0) return <Alert title={`No ${names.many} match this search`}>Clear the search.</Alert>;

  const breakdown = table.breakdown ? breakdownLabels[table.breakdown] : null;
  if (phone) {
    return (
      <ul aria-label={`${names.one} figures`} className="grid gap-3">
        {rows.map((row) => (
          <li
            key={`${row.id}|${JSON.stringify(row.segment)}`}
            aria-label={breakdown ? `${row.name}, ${segmentLabel(row.segment)}` : row.name}
            className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
          >
            <div className="grid gap-0.5">
              <h3 className="font-medium break-words">{row.name}</h3>
              {placeOf(row) ? <p className="text-xs text-muted-foreground">{placeOf(row)}</p> : null}
              {breakdown ? (
                <p className="text-sm">
                  {breakdown}: <span className="font-medium">{segmentLabel(row.segment)}</span>
                </p>
              ) : null}
            </div>
            <FigureList columns={columns} metrics={row.metrics} currency={table.currency} />
          </li>
        ))}
      </ul>
    );
  }

  const head: HeadColumn[] = [
    { key: 'name', label: names.one },
    ...(breakdown ? [{ key: 'segment' as SortColumn, label: breakdown }] : []),
    ...columns.map((column) => ({ ...column, numeric: true })),
  ];
  return (
    <TableScroller label={`${names.one} figures`}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {names.one} figures{breakdown ? ` by ${breakdown.toLowerCase()}` : ''}, sortable by any column
        </caption>
        <SortableTableHead columns={head} sort={sort} onSort={(column) => setSort((s) => nextSort(s, column))} />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.id}|${JSON.stringify(row.segment)}`} className="border-t">
              <th scope="row" className="min-w-40 max-w-[20rem] px-2.5 py-2.5 text-left font-medium">
                <span className="line-clamp-2">{row.name}</span>
                {placeOf(row) ? (
                  <span className="block truncate text-xs font-normal text-muted-foreground">{placeOf(row)}</span>
                ) : null}
              </th>
              {breakdown ? <td className="whitespace-nowrap px-2.5 py-2.5">{segmentLabel(row.segment)}</td> : null}
              {columns.map((column) => (
                <td key={column.key} className="whitespace-nowrap px-2.5 py-2.5 text-right tabular-nums">
                  <MetricValue column={column.key} metrics={row.metrics} currency={table.currency} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
