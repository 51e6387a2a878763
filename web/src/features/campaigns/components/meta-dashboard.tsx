import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { useAccountInsights } from '../api/get-account-insights';
import { useCampaigns } from '../api/get-campaigns';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import {
  attributionSettingLabel,
  objectiveLabel,
  resultsInWords,
  resultTypeLabel,
  statusLabel,
} from '@web/lib/meta-account/campaign-labels';
import { rangeLabel, toRangeQuery } from '@web/lib/meta-account/date-range';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { AdAccountPicker } from '@web/components/meta-account/ad-account-picker';
import { DateRangePicker } from './date-range-picker';
import { KpiTiles, KpiTilesSkeleton } from './kpi-tiles';
import { MetaConnectionCard } from '@web/components/meta-account/meta-connection-card';
import { InsightsReportProgress, PartialSeriesNote } from './insights-report-progress';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { SpendResultsChart } from '@web/components/charts/spend-results-chart';
import { webPaths } from '@shared/web-paths';
import { isReportPending } from '@shared/schemas/meta';

/** The dashboard's Meta part: connection, account and range, key figures, daily chart and top campaigns. */
export function MetaDashboard() {
  const {
    isConnected,
    adAccounts,
    adAccountsLoading,
    adAccountsError,
    selectedAdAccount,
    selectAdAccount,
    range,
    setRange,
    refresh,
  } = useMetaConnection();

  return (
    <section aria-labelledby="meta-performance-heading" className="grid gap-6">
      <h2 id="meta-performance-heading" className="sr-only">
        Meta advertising
      </h2>
      <MetaConnectionCard />
      {isConnected ? (
        adAccountsError ? (
          <QueryErrorAlert
            title="Your ad accounts could not be loaded"
            error={adAccountsError}
            onRetry={() => void refresh()}
          />
        ) : adAccountsLoading ? (
          <>
            <Skeleton className="h-16 w-full" />
            <KpiTilesSkeleton />
          </>
        ) : adAccounts.length === 0 ? (
          <Card>
            <CardHeader>
              <CardTitle>No ad accounts yet</CardTitle>
              <p className="text-sm text-muted-foreground">
                This Meta user has no ad accounts we may read. Create one in Meta Business Suite, then come back.
              </p>
            </CardHeader>
          </Card>
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm">
              <AdAccountPicker accounts={adAccounts} value={selectedAdAccount?.id} onChange={selectAdAccount} />
              <DateRangePicker value={range} onChange={setRange} timeZone={selectedAdAccount?.timezoneName} />
            </div>
            {selectedAdAccount ? <AccountPerformance /> : null}
          </>
        )
      ) : null}
    </section>
  );
}

function AccountPerformance() {
  const { currentUser } = useAuth();
  const { selectedAdAccount, range } = useMetaConnection();
  const rangeQuery = useMemo(() => toRangeQuery(range), [range]);
  const insights = useAccountInsights(currentUser?.uid, selectedAdAccount?.id, rangeQuery);
  const campaigns = useCampaigns(currentUser?.uid, selectedAdAccount?.id, rangeQuery);
  const reply = insights.data;
  const series = reply && !isReportPending(reply) ? reply : undefined;
  const currency = series?.currency ?? selectedAdAccount?.currency ?? 'USD';

  const top = useMemo(
    () => [...(campaigns.data?.data ?? [])].sort((a, b) => b.metrics.spend - a.metrics.spend).slice(0, 5),
    [campaigns.data],
  );

  return (
    <>
      {insights.isError ? (
        <QueryErrorAlert
          title="Figures could not be loaded"
          error={insights.error}
          onRetry={() => void insights.refetch()}
        />
      ) : isReportPending(reply) ? (
        <InsightsReportProgress percent={reply.percent} status={reply.status} />
      ) : !series ? (
        <>
          <KpiTilesSkeleton />
          <Skeleton className="h-80 w-full" />
        </>
      ) : (
        <>
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              {rangeLabel(range)}: {formatDay(series.range.since, { dateStyle: 'medium' })} –{' '}
              {formatDay(series.range.until, { dateStyle: 'medium' })}
              {series.previousRange
                ? `, compared with ${formatDay(series.previousRange.since, { dateStyle: 'medium' })} – ${formatDay(series.previousRange.until, { dateStyle: 'medium' })}`
                : ''}
            </p>
            <KpiTiles totals={series.totals} previousTotals={series.previousTotals} currency={currency} />
            {series.totals.attributionSetting ? (
              <p className="text-xs text-muted-foreground">
                Attribution setting: {attributionSettingLabel(series.totals.attributionSetting)}. Results and
                conversions are counted with each ad set’s own setting, as in Ads Manager; CTR and CPC use link clicks.
              </p>
            ) : null}
          </div>
          {series.partial ? <PartialSeriesNote lastDay={series.data.at(-1)?.date} /> : null}
          <Card>
            <CardContent className="pt-6">
              <SpendResultsChart
                data={series.data}
                currency={currency}
                resultsLabel={resultTypeLabel(series.totals.resultType)}
              />
            </CardContent>
          </Card>
        </>
      )}
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle>Top campaigns</CardTitle>
          <Link to={webPaths.campaigns} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            All campaigns <ArrowRight aria-hidden="true" />
          </Link>
        </CardHeader>
        <CardContent>
          {campaigns.isError ? (
            <QueryErrorAlert
              title="Campaigns could not be loaded"
              error={campaigns.error}
              onRetry={() => void campaigns.refetch()}
            />
          ) : campaigns.isPending ? (
            <div className="grid gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : top.length === 0 ? (
            <p className="text-sm text-muted-foreground">No campaigns in this ad account yet.</p>
          ) : (
            <ul aria-label="Top campaigns by spend" className="divide-y">
              {top.map((c) => (
                // Name and results on the left (the results text may be long: it wraps), status and spend on
                // the right; nothing has a fixed width, so a long line never runs out of the card.
                <li key={c.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 py-2.5">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="truncate font-medium">{c.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {objectiveLabel(c.objective)} · {resultsInWords(c.metrics, (v) => formatNumber(v))}
                    </span>
                  </div>
                  <div className="flex flex-col items-end gap-1 text-sm tabular-nums sm:flex-row sm:items-center sm:gap-4">
                    <Badge variant={c.status === 'ACTIVE' ? 'success' : 'outline'}>{statusLabel(c.status)}</Badge>
                    <span className="text-right font-medium">{formatMoney(c.metrics.spend, currency)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
