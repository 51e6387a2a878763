import { Megaphone, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { useCampaigns } from '../api/get-campaigns';
import { useUpdateCampaign } from '../api/update-campaign';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { objectiveLabel, statusLabel } from '@web/lib/meta-account/campaign-labels';
import {
  EMPTY_FILTERS,
  filterCampaigns,
  nextSort,
  sortCampaigns,
  type CampaignFilters,
  type SortState,
} from '../lib/campaign-table';
import { toRangeQuery } from '@web/lib/meta-account/date-range';
import { formatDay } from '@web/lib/format';
import { AdAccountPicker } from '@web/components/meta-account/ad-account-picker';
import { BudgetDialog, StatusConfirmDialog } from './campaign-actions';
import { CampaignDetailDrawer } from './campaign-detail-drawer';
import { CampaignsTable } from './campaigns-table';
import { ConnectErrorAlert } from '@web/components/meta-account/connect-error-alert';
import { ConnectMetaButton } from '@web/components/meta-account/connect-meta-button';
import { DateRangePicker } from './date-range-picker';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { NativeSelect } from '@web/components/ui/select-field';

/** /campaigns: every campaign of the chosen ad account, with its results over a range. */
export function CampaignsScreen() {
  const { loading, isConnected, adAccounts, adAccountsLoading, adAccountsError, refresh } = useMetaConnection();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        title="Campaigns"
        description="Your Facebook and Instagram campaigns, straight from your Meta ad account."
      />
      {loading ? (
        <Skeleton className="h-40 w-full" />
      ) : !isConnected ? (
        <Card className="border-dashed">
          <CardHeader className="items-center text-center">
            <Megaphone aria-hidden="true" className="size-10 text-primary" />
            <CardTitle>Connect Meta to see your campaigns</CardTitle>
            <CardDescription className="max-w-lg">
              Once your Meta ad account is connected, every campaign shows here with its budget, spend and results, and
              you can pause, resume or re-budget it in a couple of clicks.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-4">
            <ConnectErrorAlert />
            <ConnectMetaButton />
          </CardContent>
        </Card>
      ) : adAccountsError ? (
        <QueryErrorAlert
          title="Your ad accounts could not be loaded"
          error={adAccountsError}
          onRetry={() => void refresh()}
        />
      ) : adAccountsLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : adAccounts.length === 0 ? (
        <Alert title="No ad accounts">This Meta user has no ad accounts we may read.</Alert>
      ) : (
        <CampaignsWorkspace />
      )}
    </div>
  );
}

function CampaignsWorkspace() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const { adAccounts, selectedAdAccount, selectAdAccount, range, setRange } = useMetaConnection();
  const rangeQuery = useMemo(() => toRangeQuery(range), [range]);
  const accountId = selectedAdAccount?.id;
  const list = useCampaigns(uid, accountId, rangeQuery);
  const update = useUpdateCampaign(uid, accountId);

  const currency = list.data?.currency ?? selectedAdAccount?.currency ?? 'USD';
  const timeZone = list.data?.timezoneName ?? selectedAdAccount?.timezoneName ?? 'UTC';

  const [filters, setFilters] = useState<CampaignFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<SortState>({ column: 'spend', direction: 'descending' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [statusTarget, setStatusTarget] = useState<CampaignWithMetrics | null>(null);
  const [budgetTarget, setBudgetTarget] = useState<CampaignWithMetrics | null>(null);

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
    <>
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm">
        <AdAccountPicker accounts={adAccounts} value={accountId} onChange={selectAdAccount} />
        <DateRangePicker value={range} onChange={setRange} timeZone={timeZone} resolved={list.data?.range} />
      </div>

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
              onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="campaign-status">Status</Label>
          <NativeSelect
            id="campaign-status"
            className="w-40"
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value }))}
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
            onChange={(e) => setFilters((f) => ({ ...f, objective: e.target.value }))}
          >
            <option value="all">All objectives</option>
            {objectives.map((o) => (
              <option key={o} value={o}>
                {objectiveLabel(o)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {list.data ? (
          <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
            {rows.length} of {all.length} campaigns · {formatDay(list.data.range.since, { dateStyle: 'medium' })} –{' '}
            {formatDay(list.data.range.until, { dateStyle: 'medium' })} ({timeZone})
          </p>
        ) : null}
      </div>

      {list.data?.partial ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Partial results: Meta had more data for this range than we could read in time, so some campaigns may show
          lower figures. Choose a shorter date range for complete numbers.
        </p>
      ) : null}
      {list.isError ? (
        <QueryErrorAlert title="Campaigns could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading campaigns">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : all.length === 0 ? (
        <Card className="border-dashed">
          <CardHeader className="items-center text-center">
            <CardTitle>No campaigns in this ad account</CardTitle>
            <CardDescription>Campaigns you create in Meta Ads Manager appear here.</CardDescription>
          </CardHeader>
        </Card>
      ) : rows.length === 0 ? (
        <Alert title="No campaigns match these filters">Clear the search or choose other filters.</Alert>
      ) : (
        <CampaignsTable
          campaigns={rows}
          currency={currency}
          sort={sort}
          onSort={(column) => setSort((s) => nextSort(s, column))}
          onOpen={(c) => setOpenId(c.id)}
          onToggleStatus={setStatusTarget}
          onEditBudget={setBudgetTarget}
          pendingIds={pendingIds}
        />
      )}

      <CampaignDetailDrawer
        campaign={open}
        currency={currency}
        timeZone={timeZone}
        range={range}
        onClose={() => setOpenId(null)}
      />
      <StatusConfirmDialog
        campaign={statusTarget}
        onCancel={() => setStatusTarget(null)}
        onConfirm={(campaign, status) => {
          setStatusTarget(null);
          update.mutate(
            { campaignId: campaign.id, update: { status } },
            {
              onSuccess: () =>
                toast.success(
                  status === 'PAUSED' ? `“${campaign.name}” is paused.` : `“${campaign.name}” is running again.`,
                ),
            },
          );
        }}
      />
      <BudgetDialog
        campaign={budgetTarget}
        currency={currency}
        minDailyBudget={selectedAdAccount?.minDailyBudget}
        onCancel={() => setBudgetTarget(null)}
        onConfirm={async (campaign, change) => {
          // A refusal rejects into the dialog, which stays open and shows it.
          await update.mutateAsync({ campaignId: campaign.id, update: change, errorShownInline: true });
          setBudgetTarget(null);
          toast.success(`The budget of “${campaign.name}” was updated.`);
        }}
      />
    </>
  );
}
