import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import type { SortColumn, SortState } from '../lib/campaign-table';

const columns: { key: SortColumn; label: string; title?: string; numeric?: boolean }[] = [
  { key: 'status', label: 'Status' },
  { key: 'name', label: 'Name' },
  { key: 'objective', label: 'Objective' },
  { key: 'budget', label: 'Budget', numeric: true },
  { key: 'spend', label: 'Spend', numeric: true },
  { key: 'results', label: 'Results', numeric: true },
  { key: 'costPerResult', label: 'Cost per result', numeric: true },
  { key: 'roas', label: 'ROAS', numeric: true },
  { key: 'ctr', label: 'CTR (link)', title: 'CTR (link click-through rate)', numeric: true },
  { key: 'cpc', label: 'CPC (link)', title: 'CPC (cost per link click)', numeric: true },
];

// From tablet width the actions stay in view while the metric columns scroll under them (opaque, with an
// edge shadow). On a phone a pinned column would take half the screen; pause/resume leads each row there.
export const stickyEnd = 'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

/** The campaigns table's column headers: each one a sort button, then the actions column. */
export function CampaignsTableHead({ sort, onSort }: { sort: SortState; onSort: (column: SortColumn) => void }) {
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
              className={cn('whitespace-nowrap px-3 py-2 font-medium', column.numeric && 'text-right')}
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
        <th scope="col" className={cn(stickyEnd, 'bg-muted px-3 py-2 text-right font-medium text-muted-foreground')}>
          Actions
        </th>
      </tr>
    </thead>
  );
}
