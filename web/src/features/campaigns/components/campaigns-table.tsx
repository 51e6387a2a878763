import { ArrowDown, ArrowUp, ArrowUpDown, Pause, Pencil, Play } from 'lucide-react';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { objectiveLabel, resultTypeLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import { campaignBudget, type SortColumn, type SortState } from '../lib/campaign-table';
import { formatBudget, formatMoney, formatNumber, formatPercent, formatRoas } from '@web/lib/format';

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
const stickyEnd = 'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

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
  /** Campaigns with a change in flight. */
  pendingIds?: ReadonlySet<string>;
}

export function CampaignsTable({
  campaigns,
  currency,
  sort,
  onSort,
  onOpen,
  onToggleStatus,
  onEditBudget,
  pendingIds,
}: CampaignsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-sm">
      <table className="w-full min-w-[64rem] text-sm">
        <caption className="sr-only">Campaigns, sortable by any column</caption>
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
            <th
              scope="col"
              className={cn(stickyEnd, 'bg-muted px-3 py-2 text-right font-medium text-muted-foreground')}
            >
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => {
            const budget = campaignBudget(c);
            const canToggle = c.status === 'ACTIVE' || c.status === 'PAUSED';
            const pending = pendingIds?.has(c.id) ?? false;
            return (
              <tr
                key={c.id}
                onClick={() => onOpen(c)}
                className="cursor-pointer border-t transition-colors hover:bg-muted/40"
                aria-busy={pending || undefined}
              >
                <td className="whitespace-nowrap px-3 py-2.5" onClick={(e) => e.stopPropagation()}>
                  {/* Pause/resume first, beside the status, as in Ads Manager: never off-screen however many
                      metric columns follow. */}
                  <div className="flex items-center gap-1.5">
                    {canToggle ? (
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
                    ) : null}
                    <Badge variant={statusBadgeVariant(c.status)}>{statusLabel(c.status)}</Badge>
                  </div>
                </td>
                <th scope="row" className="min-w-48 max-w-[18rem] px-3 py-2.5 text-left font-medium">
                  <span className="line-clamp-2">{c.name}</span>
                </th>
                <td className="whitespace-nowrap px-3 py-2.5">{objectiveLabel(c.objective)}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {budget ? (
                    <>
                      {formatBudget(budget.minor, currency)}
                      <span className="block text-xs text-muted-foreground">
                        {budget.kind === 'daily' ? 'Daily' : 'Lifetime'}
                      </span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">Ad set budgets</span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {formatMoney(c.metrics.spend, currency)}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {c.metrics.results === null && c.metrics.resultsByType.length > 1 ? (
                    // Ad sets optimising for different results: Meta gives no single count, so list each.
                    c.metrics.resultsByType.map((entry) => (
                      <span key={entry.resultType} className="block">
                        {formatNumber(entry.results)}{' '}
                        <span className="text-xs text-muted-foreground">
                          {resultTypeLabel(entry.resultType).toLowerCase()}
                        </span>
                      </span>
                    ))
                  ) : (
                    <>
                      {formatNumber(c.metrics.results)}
                      {c.metrics.results !== null ? (
                        <span className="block text-xs text-muted-foreground">
                          {resultTypeLabel(c.metrics.resultType).toLowerCase()}
                        </span>
                      ) : null}
                    </>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {formatMoney(c.metrics.costPerResult, currency)}
                  {c.metrics.resultType === 'reach' ? (
                    <span className="block text-xs text-muted-foreground">per 1,000 reached</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatRoas(c.metrics.roas)}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {formatPercent(c.metrics.ctr)}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  {formatMoney(c.metrics.cpc, currency)}
                </td>
                <td
                  className={cn(stickyEnd, 'whitespace-nowrap bg-card px-3 py-2.5 text-right')}
                  onClick={(e) => e.stopPropagation()}
                >
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
