import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import type { SortColumn, SortState } from '../lib/campaign-table';
import type { MetricColumn } from '../lib/metric-columns';

export interface HeadColumn {
  key: SortColumn;
  label: string;
  title?: string;
  numeric?: boolean;
}

// The objective is a line under the name, not a column of its own: at 1280 px the key figures (ROAS, link CTR,
// link CPC) then fit beside the actions without a sideways scroll (issue 25, requirement 8).
const campaignColumns: HeadColumn[] = [
  { key: 'status', label: 'Status' },
  { key: 'name', label: 'Name' },
  { key: 'budget', label: 'Budget', numeric: true },
];

/** The campaign table's columns: who and what first, then the chosen figures. */
export function campaignHeadColumns(metrics: readonly MetricColumn[]): HeadColumn[] {
  return [...campaignColumns, ...metrics.map((column) => ({ ...column, numeric: true }))];
}

// From tablet width the actions stay in view while the metric columns scroll under them (opaque, with an
// edge shadow). On a phone the table gives way to cards.
export const stickyEnd = 'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

/** Column headers, each one a sort button; then the actions column when the rows have actions. */
export function SortableTableHead({
  columns,
  sort,
  onSort,
  actions = false,
}: {
  columns: readonly HeadColumn[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  actions?: boolean;
}) {
  return (
    <thead className="bg-muted text-left">
      <tr>
        {columns.map((column) => {
          const active = sort.column === column.key;
          const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
          return (
            <th
              key={column.key}
              scope="col"
              aria-sort={active ? sort.direction : 'none'}
              className={cn('whitespace-nowrap px-2.5 py-2 font-medium', column.numeric && 'text-right')}
            >
              <button
                type="button"
                onClick={() => onSort(column.key)}
                title={column.title}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                {column.label}
                <Icon aria-hidden="true" className="size-3.5" />
              </button>
            </th>
          );
        })}
        {actions ? (
          <th
            scope="col"
            className={cn(stickyEnd, 'bg-muted px-2.5 py-2 text-right font-medium text-muted-foreground')}
          >
            Actions
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
