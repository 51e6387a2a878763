import type { ReactNode } from 'react';
import type { Metrics } from '@shared/schemas/meta';
import { resultTypeLabel } from '@web/lib/meta-account/campaign-labels';
import { formatMoney, formatNumber, formatPercent, formatRoas } from '@web/lib/format';
import type { MetricColumn, MetricKey } from '../lib/metric-columns';

/**
 * One figure as a table cell or a card shows it, with the words that say what it counts. The figure never
 * wraps; its words may (whitespace-normal inside a nowrap cell), so a table narrows to fit the key figures.
 */
export function MetricValue({ column, metrics, currency }: { column: MetricKey; metrics: Metrics; currency: string }) {
  switch (column) {
    case 'results':
      return metrics.results === null && metrics.resultsByType.length > 1 ? (
        // Ad sets optimising for different results: Meta gives no single count, so list each.
        <>
          {metrics.resultsByType.map((entry) => (
            <span key={entry.resultType} className="block">
              {formatNumber(entry.results)}{' '}
              <span className="whitespace-normal text-xs text-muted-foreground">
                {resultTypeLabel(entry.resultType).toLowerCase()}
              </span>
            </span>
          ))}
        </>
      ) : (
        <>
          {formatNumber(metrics.results)}
          {metrics.results !== null ? (
            <span className="block whitespace-normal text-xs text-muted-foreground">
              {resultTypeLabel(metrics.resultType).toLowerCase()}
            </span>
          ) : null}
        </>
      );
    case 'costPerResult':
      return (
        <>
          {formatMoney(metrics.costPerResult, currency)}
          {metrics.resultType === 'reach' ? (
            <span className="block whitespace-normal text-xs text-muted-foreground">per 1,000 reached</span>
          ) : null}
        </>
      );
    case 'roas':
      return <>{formatRoas(metrics.roas)}</>;
    case 'ctr':
    case 'ctrAll':
      return <>{formatPercent(metrics[column])}</>;
    case 'spend':
    case 'cpc':
    case 'cpm':
    case 'purchaseValue':
      return <>{formatMoney(metrics[column], currency)}</>;
    case 'frequency':
      return <>{formatNumber(metrics.frequency, 2)}</>;
    default:
      return <>{formatNumber(metrics[column])}</>;
  }
}

/** A card's figures: label over value, two to a line. */
export function FigureList({
  columns,
  metrics,
  currency,
  children,
}: {
  columns: readonly MetricColumn[];
  metrics: Metrics;
  currency: string;
  children?: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
      {children}
      {columns.map((column) => (
        <div key={column.key} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{column.label}</dt>
          <dd className="text-sm tabular-nums">
            <MetricValue column={column.key} metrics={metrics} currency={currency} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
