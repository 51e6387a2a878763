import { Search } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import { formatDay } from '@web/lib/format';
import { objectiveLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import type { CampaignFilters as Filters } from '../lib/campaign-table';

/** Search by name, status and objective; and how many campaigns of the range they show. */
export function CampaignFilters({
  filters,
  onFilters,
  statuses,
  objectives,
  summary,
}: {
  filters: Filters;
  onFilters: Dispatch<SetStateAction<Filters>>;
  /** The statuses and objectives the account's campaigns have. */
  statuses: string[];
  objectives: string[];
  /** Once the campaigns are read: how many are shown, of how many, over which days. */
  summary: { shown: number; total: number; range: { since: string; until: string }; timeZone: string } | null;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter campaigns">
      <div className="grid gap-1.5">
        <Label htmlFor="campaign-search">Search campaigns</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute left-3 top-3 size-4 text-muted-foreground" />
          <Input
            id="campaign-search"
            type="search"
            placeholder="Campaign name"
            className="w-64 pl-9"
            value={filters.search}
            onChange={(e) => onFilters((f) => ({ ...f, search: e.target.value }))}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="campaign-status">Status</Label>
        <NativeSelect
          id="campaign-status"
          className="w-40"
          value={filters.status}
          onChange={(e) => onFilters((f) => ({ ...f, status: e.target.value }))}
        >
          <option value="all">All statuses</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="campaign-objective">Objective</Label>
        <NativeSelect
          id="campaign-objective"
          className="w-44"
          value={filters.objective}
          onChange={(e) => onFilters((f) => ({ ...f, objective: e.target.value }))}
        >
          <option value="all">All objectives</option>
          {objectives.map((o) => (
            <option key={o} value={o}>
              {objectiveLabel(o)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {summary ? (
        <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
          {summary.shown} of {summary.total} campaigns · {formatDay(summary.range.since, { dateStyle: 'medium' })} –{' '}
          {formatDay(summary.range.until, { dateStyle: 'medium' })} ({summary.timeZone})
        </p>
      ) : null}
    </div>
  );
}
