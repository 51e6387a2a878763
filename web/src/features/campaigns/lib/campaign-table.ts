import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { budgetToMajor } from '@shared/currency-units';
import { objectiveLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import type { MetricKey } from './metric-columns';

/** A campaign's own columns, a breakdown's segment, or any figure of the table. */
export type SortColumn = 'status' | 'name' | 'objective' | 'budget' | 'segment' | MetricKey;
export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

export interface CampaignFilters {
  search: string;
  /** 'all', or a status as shown (campaign `status`). */
  status: string;
  objective: string;
}

export const EMPTY_FILTERS: CampaignFilters = { search: '', status: 'all', objective: 'all' };

/** Daily budget if set, else lifetime; null when the budgets sit on the ad sets. */
export function campaignBudget(campaign: CampaignWithMetrics): { minor: number; kind: 'daily' | 'lifetime' } | null {
  if (campaign.dailyBudget !== null) return { minor: campaign.dailyBudget, kind: 'daily' };
  if (campaign.lifetimeBudget !== null) return { minor: campaign.lifetimeBudget, kind: 'lifetime' };
  return null;
}

function sortValue(campaign: CampaignWithMetrics, column: SortColumn, currency: string): string | number | null {
  switch (column) {
    case 'status':
      return statusLabel(campaign.status);
    case 'name':
      return campaign.name;
    case 'objective':
      return objectiveLabel(campaign.objective);
    case 'budget': {
      const budget = campaignBudget(campaign);
      return budget ? budgetToMajor(budget.minor, currency) : null;
    }
    case 'segment':
      return null;
    default:
      return campaign.metrics[column];
  }
}

/** Text sorts by locale; numbers numerically; empty figures (—) always last, whichever the direction. */
export function sortCampaigns(
  campaigns: readonly CampaignWithMetrics[],
  sort: SortState,
  currency: string,
): CampaignWithMetrics[] {
  return sortBy(
    campaigns,
    (c) => sortValue(c, sort.column, currency),
    sort.direction,
    (c) => c.name,
  );
}

/** Sorts by a value (text by locale, numbers numerically, null always last), then by name. */
export function sortBy<T>(
  items: readonly T[],
  valueOf: (item: T) => string | number | null,
  direction: SortDirection,
  nameOf: (item: T) => string,
): T[] {
  const factor = direction === 'ascending' ? 1 : -1;
  return [...items].sort((a, b) => {
    const va = valueOf(a);
    const vb = valueOf(b);
    if (va === null && vb === null) return nameOf(a).localeCompare(nameOf(b));
    if (va === null) return 1;
    if (vb === null) return -1;
    const order =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : String(va).localeCompare(String(vb), undefined, { sensitivity: 'base', numeric: true });
    return order * factor || nameOf(a).localeCompare(nameOf(b));
  });
}

export function filterCampaigns(
  campaigns: readonly CampaignWithMetrics[],
  filters: CampaignFilters,
): CampaignWithMetrics[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return campaigns.filter(
    (c) =>
      (!needle || c.name.toLocaleLowerCase().includes(needle)) &&
      (filters.status === 'all' || c.status === filters.status) &&
      (filters.objective === 'all' || c.objective === filters.objective),
  );
}

/** Clicking the sorted column flips it; another column starts descending for figures, ascending for text. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  const textual = column === 'name' || column === 'status' || column === 'objective' || column === 'segment';
  return { column, direction: textual ? 'ascending' : 'descending' };
}
