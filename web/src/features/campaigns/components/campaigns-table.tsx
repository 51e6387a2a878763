import { Pause, Pencil, Play } from 'lucide-react';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { objectiveLabel, resultTypeLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import { campaignBudget, type SortColumn, type SortState } from '../lib/campaign-table';
import { CampaignsTableHead, stickyEnd } from './campaigns-table-head';
import { formatBudget, formatMoney, formatNumber, formatPercent, formatRoas } from '@web/lib/format';

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
        <CampaignsTableHead sort={sort} onSort={onSort} />
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
