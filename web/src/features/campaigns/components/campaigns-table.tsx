import { Pause, Pencil, Play } from 'lucide-react';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { objectiveLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import { formatBudget } from '@web/lib/format';
import { useMediaQuery } from '@web/lib/use-media-query';
import { campaignBudget, type SortColumn, type SortState } from '../lib/campaign-table';
import { columnsFor, DEFAULT_METRIC_KEYS, type MetricColumn } from '../lib/metric-columns';
import { FigureList, MetricValue } from './metric-cell';
import { campaignHeadColumns, SortableTableHead, stickyEnd } from './sortable-table-head';
import { TableScroller } from './table-scroller';

export function statusBadgeVariant(status: string): 'success' | 'outline' | 'default' {
  if (status === 'ACTIVE') return 'success';
  if (status === 'PAUSED') return 'default';
  return 'outline';
}

export interface CampaignsTableProps {
  campaigns: CampaignWithMetrics[];
  currency: string;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  onOpen: (campaign: CampaignWithMetrics) => void;
  onToggleStatus: (campaign: CampaignWithMetrics) => void;
  onEditBudget: (campaign: CampaignWithMetrics) => void;
  /** The figures shown, in the table's order (the defaults when not given). */
  columns?: readonly MetricColumn[];
  /** Campaigns with a change in flight. */
  pendingIds?: ReadonlySet<string>;
}

type RowProps = Omit<CampaignsTableProps, 'campaigns' | 'sort' | 'onSort' | 'columns' | 'pendingIds'> & {
  campaign: CampaignWithMetrics;
  columns: readonly MetricColumn[];
  pending: boolean;
};

/** The campaigns as a table from tablet width, as cards on a phone (a wide table there is a sideways scroll). */
export function CampaignsTable({ campaigns, sort, onSort, columns, pendingIds, ...row }: CampaignsTableProps) {
  const shown = columns ?? columnsFor(DEFAULT_METRIC_KEYS);
  // Below Tailwind's `sm`; where the browser cannot say (the server), the table.
  const phone = useMediaQuery('(max-width: 639.98px)');
  if (phone) {
    return (
      <ul aria-label="Campaigns" className="grid gap-3">
        {campaigns.map((c) => (
          <CampaignCard key={c.id} campaign={c} columns={shown} pending={pendingIds?.has(c.id) ?? false} {...row} />
        ))}
      </ul>
    );
  }
  return (
    <TableScroller label="Campaigns">
      <table className="w-full text-sm">
        <caption className="sr-only">Campaigns, sortable by any column</caption>
        <SortableTableHead columns={campaignHeadColumns(shown)} sort={sort} onSort={onSort} actions />
        <tbody>
          {campaigns.map((c) => (
            <CampaignRow key={c.id} campaign={c} columns={shown} pending={pendingIds?.has(c.id) ?? false} {...row} />
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

function ToggleButton({ campaign: c, pending, onToggleStatus }: RowProps) {
  if (c.status !== 'ACTIVE' && c.status !== 'PAUSED') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pending}
      aria-label={`${c.status === 'ACTIVE' ? 'Pause' : 'Resume'} ${c.name}`}
      title={c.status === 'ACTIVE' ? 'Pause' : 'Resume'}
      onClick={() => onToggleStatus(c)}
    >
      {c.status === 'ACTIVE' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}

function BudgetText({ campaign, currency }: { campaign: CampaignWithMetrics; currency: string }) {
  const budget = campaignBudget(campaign);
  // The words may wrap (the figures never do), so the column can narrow for the key figures beside it.
  if (!budget) return <span className="whitespace-normal text-muted-foreground">Ad set budgets</span>;
  return (
    <>
      {formatBudget(budget.minor, currency)}
      <span className="block text-xs text-muted-foreground">{budget.kind === 'daily' ? 'Daily' : 'Lifetime'}</span>
    </>
  );
}

function EndActions(props: RowProps) {
  const { campaign: c, pending, onEditBudget, onOpen } = props;
  const budget = campaignBudget(c);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        disabled={!budget || pending}
        aria-label={`Edit budget of ${c.name}`}
        title={budget ? 'Edit budget' : 'Budgets are set on the ad sets'}
        onClick={() => onEditBudget(c)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="outline" size="sm" aria-label={`Details of ${c.name}`} onClick={() => onOpen(c)}>
        Details
      </Button>
    </div>
  );
}

function CampaignRow(props: RowProps) {
  const { campaign: c, columns, currency, pending, onOpen } = props;
  return (
    <tr
      onClick={() => onOpen(c)}
      className="cursor-pointer border-t transition-colors hover:bg-muted/40"
      aria-busy={pending || undefined}
    >
      <td className="whitespace-nowrap px-2.5 py-2.5" onClick={(e) => e.stopPropagation()}>
        {/* Pause/resume first, beside the status, as in Ads Manager: never off-screen however many
            metric columns follow. */}
        <div className="flex items-center gap-1.5">
          <ToggleButton {...props} />
          <Badge variant={statusBadgeVariant(c.status)}>{statusLabel(c.status)}</Badge>
        </div>
      </td>
      {/* The row is named by the campaign alone (the objective under it is a reminder, filtered above). */}
      <th scope="row" aria-label={c.name} className="min-w-40 max-w-[18rem] px-2.5 py-2.5 text-left font-medium">
        <span className="line-clamp-2">{c.name}</span>
        <span className="block text-xs font-normal text-muted-foreground">{objectiveLabel(c.objective)}</span>
      </th>
      <td className="whitespace-nowrap px-2.5 py-2.5 text-right tabular-nums">
        <BudgetText campaign={c} currency={currency} />
      </td>
      {columns.map((column) => (
        <td key={column.key} className="whitespace-nowrap px-2.5 py-2.5 text-right tabular-nums">
          <MetricValue column={column.key} metrics={c.metrics} currency={currency} />
        </td>
      ))}
      <td
        className={cn(stickyEnd, 'whitespace-nowrap bg-card px-2.5 py-2.5 text-right')}
        onClick={(e) => e.stopPropagation()}
      >
        <EndActions {...props} />
      </td>
    </tr>
  );
}

function CampaignCard(props: RowProps) {
  const { campaign: c, columns, currency, pending } = props;
  return (
    <li
      aria-label={c.name}
      aria-busy={pending || undefined}
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-medium break-words">{c.name}</h3>
          <p className="text-xs text-muted-foreground">{objectiveLabel(c.objective)}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ToggleButton {...props} />
          <Badge variant={statusBadgeVariant(c.status)}>{statusLabel(c.status)}</Badge>
        </div>
      </div>
      <FigureList columns={columns} metrics={c.metrics} currency={currency}>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Budget</dt>
          <dd className="text-sm tabular-nums">
            <BudgetText campaign={c} currency={currency} />
          </dd>
        </div>
      </FigureList>
      <EndActions {...props} />
    </li>
  );
}
