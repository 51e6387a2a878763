import { useMemo } from 'react';
import { isReportPending, type CampaignWithMetrics } from '@shared/schemas/meta';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { useCampaignAdSets } from '../api/get-campaign-adsets';
import { useCampaignInsights } from '../api/get-campaign-insights';
import {
  attributionSettingLabel,
  costPerResultLabel,
  objectiveLabel,
  resultsInWords,
  resultTypeLabel,
  statusLabel,
} from '@web/lib/meta-account/campaign-labels';
import { campaignBudget } from '../lib/campaign-table';
import { toRangeQuery, type DateRangeValue, rangeLabel } from '@web/lib/meta-account/date-range';
import { formatBudget, formatInstant, formatMoney, formatNumber, formatPercent, formatRoas } from '@web/lib/format';
import { statusBadgeVariant } from './campaigns-table';
import { Modal } from '@web/components/ui/modal';
import { InsightsReportProgress, PartialSeriesNote } from './insights-report-progress';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { SpendResultsChart } from '@web/components/charts/spend-results-chart';

export function CampaignDetailDrawer({
  campaign,
  currency,
  timeZone,
  range,
  onClose,
}: {
  campaign: CampaignWithMetrics | null;
  currency: string;
  timeZone: string;
  range: DateRangeValue;
  onClose: () => void;
}) {
  return (
    <Modal
      open={campaign !== null}
      onClose={onClose}
      variant="drawer"
      title={campaign?.name ?? ''}
      description={campaign ? `${objectiveLabel(campaign.objective)} campaign · ${rangeLabel(range)}` : undefined}
    >
      {campaign ? <CampaignDetail campaign={campaign} currency={currency} timeZone={timeZone} range={range} /> : null}
    </Modal>
  );
}

function CampaignDetail({
  campaign,
  currency,
  timeZone,
  range,
}: {
  campaign: CampaignWithMetrics;
  currency: string;
  timeZone: string;
  range: DateRangeValue;
}) {
  const { currentUser } = useAuth();
  const rangeQuery = useMemo(() => toRangeQuery(range), [range]);
  const insights = useCampaignInsights(currentUser?.uid, campaign.id, rangeQuery);
  const budget = campaignBudget(campaign);
  const m = campaign.metrics;
  const facts: [string, string][] = [
    ['Budget', budget ? `${formatBudget(budget.minor, currency)} ${budget.kind}` : 'Ad set budgets'],
    ['Starts', formatInstant(campaign.startTime, timeZone)],
    ['Ends', campaign.stopTime ? formatInstant(campaign.stopTime, timeZone) : 'Runs until paused'],
    ['Spend', formatMoney(m.spend, currency)],
    m.results === null && m.resultsByType.length > 1
      ? ['Results', resultsInWords(m, (v) => formatNumber(v))]
      : [resultTypeLabel(m.resultType), formatNumber(m.results)],
    [costPerResultLabel(m.resultType), formatMoney(m.costPerResult, currency)],
    ['Attribution setting', attributionSettingLabel(m.attributionSetting) ?? '—'],
    ['ROAS', formatRoas(m.roas)],
    ['Impressions', formatNumber(m.impressions)],
    ['Reach', `${formatNumber(m.reach)}${m.reachIsEstimate ? ' (est.)' : ''}`],
    ['Link clicks', formatNumber(m.linkClicks)],
    ['CTR (link click-through rate)', formatPercent(m.ctr)],
    ['CPC (cost per link click)', formatMoney(m.cpc, currency)],
    ['Clicks (all)', formatNumber(m.clicks)],
    ['CTR (all)', formatPercent(m.ctrAll)],
    ['CPC (all)', formatMoney(m.cpcAll, currency)],
    ['CPM', formatMoney(m.cpm, currency)],
    ['Frequency', formatNumber(m.frequency, 2)],
  ];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={statusBadgeVariant(campaign.status)}>{statusLabel(campaign.status)}</Badge>
        {campaign.effectiveStatus !== campaign.status ? (
          <Badge variant="outline">Delivery: {statusLabel(campaign.effectiveStatus)}</Badge>
        ) : null}
        <span className="text-xs text-muted-foreground">Times in {timeZone}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="text-sm font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {insights.isError ? (
        <QueryErrorAlert
          title="Daily figures could not be loaded"
          error={insights.error}
          onRetry={() => void insights.refetch()}
        />
      ) : isReportPending(insights.data) ? (
        <InsightsReportProgress percent={insights.data.percent} status={insights.data.status} />
      ) : !insights.data ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        <>
          {insights.data.partial ? <PartialSeriesNote lastDay={insights.data.data.at(-1)?.date} /> : null}
          <SpendResultsChart
            subject="for this campaign"
            data={insights.data.data}
            currency={insights.data.currency}
            resultsLabel={resultTypeLabel(insights.data.totals.resultType ?? m.resultType)}
            height={260}
          />
        </>
      )}
      <CampaignAdSets campaign={campaign} currency={currency} />
    </div>
  );
}

/** The campaign's ad sets with their status and budget: where budgets sit when the campaign has none. */
function CampaignAdSets({ campaign, currency }: { campaign: CampaignWithMetrics; currency: string }) {
  const { currentUser } = useAuth();
  // Keyed under the ad account's campaigns (`act_<id>`, as the account picker names it), so a change made at
  // Meta elsewhere in the app refreshes them together.
  const adsets = useCampaignAdSets(currentUser?.uid, `act_${campaign.accountId}`, campaign.id);
  return (
    <section aria-labelledby={`adsets-${campaign.id}`} className="grid gap-2">
      <h3 id={`adsets-${campaign.id}`} className="text-sm font-semibold">
        Ad sets
      </h3>
      {adsets.isError ? (
        <QueryErrorAlert
          title="The ad sets could not be loaded"
          error={adsets.error}
          onRetry={() => void adsets.refetch()}
        />
      ) : !adsets.data ? (
        <Skeleton className="h-16 w-full" />
      ) : adsets.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">This campaign has no ad sets yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Ad sets of ${campaign.name}`}>
          {adsets.data.data.map((adset) => {
            const budget =
              adset.dailyBudget !== null
                ? `${formatBudget(adset.dailyBudget, currency)} a day`
                : adset.lifetimeBudget !== null
                  ? `${formatBudget(adset.lifetimeBudget, currency)} lifetime`
                  : 'Campaign budget';
            return (
              <li
                key={adset.id}
                aria-label={adset.name}
                className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
              >
                <span className="min-w-0 font-medium break-words">{adset.name}</span>
                <span className="flex items-center gap-2">
                  <Badge variant={statusBadgeVariant(adset.status)}>{statusLabel(adset.status)}</Badge>
                  <span className="tabular-nums">{budget}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {adsets.data?.partial ? (
        <p className="text-xs text-muted-foreground">Meta has more ad sets than shown here.</p>
      ) : null}
    </section>
  );
}
