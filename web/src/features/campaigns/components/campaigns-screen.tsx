import { Megaphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CampaignWithMetrics, PerformanceBreakdown, PerformanceLevel } from '@shared/schemas/meta';
import { PageHeader } from '@web/components/layout/page-header';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs } from '@web/components/ui/tabs';
import { toRangeQuery } from '@web/lib/meta-account/date-range';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { useCampaigns } from '../api/get-campaigns';
import { useUpdateCampaign } from '../api/update-campaign';
import {
  EMPTY_FILTERS,
  filterCampaigns,
  nextSort,
  sortCampaigns,
  type CampaignFilters as Filters,
  type SortState,
} from '../lib/campaign-table';
import { useChosenColumns } from '../lib/chosen-columns';
import { columnsFor } from '../lib/metric-columns';
import { CampaignFilters } from './campaign-filters';
import { CampaignsDialogs, type CampaignTargets } from './campaigns-dialogs';
import { CampaignsResults } from './campaigns-results';
import { DateRangePicker } from './date-range-picker';
import { PerformanceView } from './performance-view';
import { levelItems, TableViewControls } from './table-view-controls';

/** /campaigns: every campaign of the chosen ad account, with its results over a range. */
export function CampaignsScreen() {
  const selection = useAdAccountSelection();
  const { range, setRange } = useMetaConnection();
  const rangeQuery = useMemo(() => toRangeQuery(range), [range]);
  const { uid, account, accountId } = selection;
  const list = useCampaigns(uid, accountId, rangeQuery);
  const update = useUpdateCampaign(uid, accountId);

  const currency = list.data?.currency ?? account?.currency ?? 'USD';
  const timeZone = list.data?.timezoneName ?? account?.timezoneName ?? 'UTC';

  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [level, setLevel] = useState<PerformanceLevel>('campaign');
  const [breakdown, setBreakdown] = useState<PerformanceBreakdown | null>(null);
  const chosen = useChosenColumns(uid);
  const columns = useMemo(() => columnsFor(chosen.keys), [chosen.keys]);
  // The campaign list (with its pause, resume and budget actions) is the campaign level without a breakdown.
  const campaignList = level === 'campaign' && !breakdown;
  const [sort, setSort] = useState<SortState>({ column: 'spend', direction: 'descending' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [statusTarget, setStatusTarget] = useState<CampaignWithMetrics | null>(null);
  const [budgetTarget, setBudgetTarget] = useState<CampaignWithMetrics | null>(null);
  const close: Record<keyof CampaignTargets, () => void> = {
    open: () => setOpenId(null),
    status: () => setStatusTarget(null),
    budget: () => setBudgetTarget(null),
  };

  const all = useMemo(() => list.data?.data ?? [], [list.data]);
  const statuses = useMemo(() => [...new Set(all.map((c) => c.status))].sort(), [all]);
  const objectives = useMemo(() => [...new Set(all.map((c) => c.objective))].sort(), [all]);
  const rows = useMemo(
    () => sortCampaigns(filterCampaigns(all, filters), sort, currency),
    [all, filters, sort, currency],
  );
  const open = all.find((c) => c.id === openId) ?? null;
  const pendingIds = useMemo(
    () => new Set(update.isPending && update.variables ? [update.variables.campaignId] : []),
    [update.isPending, update.variables],
  );

  return (
    <div className="mx-auto grid max-w-screen-2xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        title="Campaigns"
        description="Your Facebook and Instagram campaigns, straight from your Meta ad account."
      />
      <AdAccountWorkspace
        connect={{
          icon: Megaphone,
          title: 'Connect Meta to see your campaigns',
          description:
            'Once your Meta ad account is connected, every campaign shows here with its budget, spend and results, and you can pause, resume or re-budget it in a couple of clicks.',
        }}
        selection={selection}
        query={list}
        toolbar={{
          end: <DateRangePicker value={range} onChange={setRange} timeZone={timeZone} resolved={list.data?.range} />,
        }}
        header={
          <>
            <CampaignFilters
              filters={filters}
              onFilters={setFilters}
              statuses={statuses}
              objectives={objectives}
              summary={list.data ? { shown: rows.length, total: all.length, range: list.data.range, timeZone } : null}
            />
            {list.data?.partial ? (
              <p
                role="status"
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                Partial results: Meta had more data for this range than we could read in time, so some campaigns may
                show lower figures. Choose a shorter date range for complete numbers.
              </p>
            ) : null}
          </>
        }
        errorTitle="Campaigns could not be loaded"
        loading={
          <div className="grid gap-2" aria-busy="true" aria-label="Loading campaigns">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        }
        dialogs={
          <CampaignsDialogs
            targets={{ open, status: statusTarget, budget: budgetTarget }}
            onClose={(which) => close[which]()}
            update={update}
            account={account}
            currency={currency}
            timeZone={timeZone}
            range={range}
          />
        }
      >
        {() => (
          <div className="grid grid-cols-1 gap-4">
            <TableViewControls
              breakdown={breakdown}
              onBreakdown={setBreakdown}
              columns={chosen.keys}
              onToggleColumn={chosen.toggle}
            />
            <Tabs
              label="Level"
              items={levelItems}
              value={level}
              onValueChange={setLevel}
              className="grid grid-cols-1 gap-0"
            >
              {campaignList ? (
                <CampaignsResults
                  total={all.length}
                  campaigns={rows}
                  currency={currency}
                  sort={sort}
                  onSort={(column) => setSort((s) => nextSort(s, column))}
                  onOpen={(c) => setOpenId(c.id)}
                  onToggleStatus={setStatusTarget}
                  onEditBudget={setBudgetTarget}
                  columns={columns}
                  pendingIds={pendingIds}
                />
              ) : (
                <PerformanceView
                  uid={uid}
                  accountId={accountId}
                  range={rangeQuery}
                  level={level}
                  breakdown={breakdown}
                  columns={columns}
                  search={filters.search}
                />
              )}
            </Tabs>
          </div>
        )}
      </AdAccountWorkspace>
    </div>
  );
}
