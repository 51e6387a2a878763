import type { ReactNode } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { formatAge, formatMoney, formatNumber } from '@web/lib/format';
import { resultTypeLabel } from '@web/lib/meta-account/campaign-labels';
import type { RecommendationList } from '../../api/optimizer';

interface HealthTile {
  label: string;
  value: string;
  /** Below the figure: the parts it is made of. */
  detail?: ReactNode;
  wide?: boolean;
}

/**
 * The last 7 days' results as the dashboard treats them: one kind, named ("App installs"); several kinds are
 * never added up (installs plus purchases is no number anyone can use), each is listed with its own count.
 */
function resultsTile(health: RecommendationList['health']): HealthTile {
  const kinds = health.resultsByType;
  if (kinds.length <= 1) {
    const label = kinds[0] ? resultTypeLabel(kinds[0].resultType) : 'Results';
    return { label: `${label}, last 7 days`, value: formatNumber(health.resultsLast7Days ?? kinds[0]?.results ?? 0) };
  }
  return {
    label: 'Results, last 7 days',
    value: `${kinds.length} kinds`,
    wide: true,
    detail: (
      <ul aria-label="Results by kind, last 7 days" className="mt-1 grid gap-0.5 text-xs">
        {kinds.map((kind) => (
          <li key={kind.resultType} className="flex justify-between gap-2">
            <span className="text-muted-foreground">{resultTypeLabel(kind.resultType)}</span>
            <span className="font-medium tabular-nums">{formatNumber(kind.results)}</span>
          </li>
        ))}
      </ul>
    ),
  };
}

export function HealthSummary({ list }: { list: RecommendationList }) {
  const { health, currency } = list;
  const tiles: HealthTile[] = [
    { label: 'Active campaigns', value: formatNumber(health.activeCampaigns) },
    { label: 'Active ad sets', value: formatNumber(health.activeAdSets) },
    { label: 'Active ads', value: formatNumber(health.activeAds) },
    { label: 'Spend, last 7 days', value: formatMoney(health.spendLast7Days, currency) },
    resultsTile(health),
    { label: 'Learning limited ad sets', value: formatNumber(health.learningLimitedAdSets) },
    { label: 'Open opportunity a week', value: formatMoney(health.opportunityPerWeek, currency) },
  ];
  return (
    <section
      aria-label="Account health"
      // Eight columns when the results tile is two wide: every tile in one row on a wide screen.
      className={cn(
        'grid grid-cols-2 gap-3 sm:grid-cols-4',
        tiles.some((t) => t.wide) ? 'lg:grid-cols-8' : 'lg:grid-cols-7',
      )}
    >
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className={cn('rounded-lg border bg-card p-3 shadow-sm', tile.wide ? 'col-span-2' : undefined)}
        >
          <p className="text-xs text-muted-foreground">{tile.label}</p>
          <p className="text-lg font-semibold tabular-nums">{tile.value}</p>
          {tile.detail}
        </div>
      ))}
      <p className="col-span-full text-xs text-muted-foreground">
        {/* An answer within minutes of Meta's last read comes from that read: say how old its figures are. */}
        Figures read from Meta{' '}
        <time dateTime={list.metaReadAt} title={new Date(list.metaReadAt).toLocaleString()}>
          {formatAge(list.metaReadAt, Date.parse(list.generatedAt))}
        </time>
        .{' '}
        {list.updating ? (
          <span className="inline-flex items-center gap-1 font-medium text-foreground">
            <Spinner label="Updating from Meta" className="size-3" /> Updating from Meta…
          </span>
        ) : (
          'Analyse again to read them now.'
        )}
      </p>
      {list.readFailed ? (
        <p role="alert" className="col-span-full text-sm text-destructive">
          The last read of Meta failed: {list.readFailed.message} These figures are from the read before it. Analyse
          again to try once more.
        </p>
      ) : null}
      {list.partial ? (
        <p role="status" className="col-span-full text-sm text-amber-800">
          Partial data: Meta had more rows than could be read in time; some objects were judged on part of their data.
        </p>
      ) : null}
    </section>
  );
}
