import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { Metrics } from '@shared/schemas/meta';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { costPerResultLabel, resultTypeLabel } from '@web/lib/meta-account/campaign-labels';
import { formatMoney, formatNumber, formatPercent, formatRoas } from '@web/lib/format';
import { formatChange, kpiChange, type KpiKey } from '../lib/kpi-change';

interface TileSpec {
  key: KpiKey;
  label: (totals: Metrics) => string;
  format: (value: number | null, currency: string) => string;
}

const tiles: TileSpec[] = [
  { key: 'spend', label: () => 'Spend', format: (v, c) => formatMoney(v, c) },
  { key: 'results', label: (t) => resultTypeLabel(t.resultType), format: (v) => formatNumber(v) },
  { key: 'costPerResult', label: (t) => costPerResultLabel(t.resultType), format: (v, c) => formatMoney(v, c) },
  { key: 'roas', label: () => 'ROAS', format: (v) => formatRoas(v) },
  // Link clicks, as Ads Manager's default CTR column; "CTR (all)" is in the campaign details.
  { key: 'ctr', label: () => 'CTR (link click-through rate)', format: (v) => formatPercent(v) },
];

/** Why a figure shows as — (an account mixing objectives has no single result). */
const emptyHint: Record<KpiKey, string> = {
  spend: '',
  results: 'Ad sets aim at different results: see campaigns',
  costPerResult: 'Ad sets aim at different results: see campaigns',
  roas: 'No purchase value tracked',
  ctr: 'No impressions',
};

const toneClass = {
  good: 'text-success',
  bad: 'text-destructive',
  neutral: 'text-muted-foreground',
} as const;

const TILE_GRID = 'grid grid-cols-2 gap-3 @lg:grid-cols-3 @lg:gap-4 @5xl:grid-cols-5';

export function KpiTiles({
  totals,
  previousTotals,
  currency,
}: {
  totals: Metrics;
  previousTotals: Metrics | null;
  currency: string;
}) {
  return (
    // Columns follow the space the tiles get (a container query), not the window: beside the dashboard's
    // sidebar five tiles would squeeze a figure like $9,343.40 out of its box.
    <div className="@container">
      <ul aria-label="Key figures" className={TILE_GRID}>
        {tiles.map((tile) => {
          const change = kpiChange(tile.key, totals, previousTotals);
          const Icon = change.trend === 'up' ? ArrowUpRight : change.trend === 'down' ? ArrowDownRight : Minus;
          const label = tile.label(totals);
          const toneWord = change.tone === 'good' ? 'better' : change.tone === 'bad' ? 'worse' : '';
          return (
            <li key={tile.key} className="rounded-lg border bg-card p-4 shadow-sm" aria-label={label}>
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              <p className="mt-1 text-xl font-semibold tabular-nums tracking-tight [overflow-wrap:anywhere] @2xl:text-2xl">
                {tile.format(totals[tile.key], currency)}
              </p>
              <p className="mt-1 text-xs" data-tone={change.tone}>
                {change.percent !== null ? (
                  <span className={cn('inline-flex items-center gap-0.5 font-medium', toneClass[change.tone])}>
                    <Icon aria-hidden="true" className="size-3.5" />
                    {formatChange(change.percent)}
                    {toneWord ? <span className="sr-only"> ({toneWord})</span> : null}
                  </span>
                ) : null}
                <span className="block text-muted-foreground">
                  {change.percent !== null
                    ? 'vs previous period'
                    : totals[tile.key] === null && tile.key !== 'spend'
                      ? emptyHint[tile.key]
                      : 'Nothing to compare with'}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function KpiTilesSkeleton() {
  return (
    <div aria-hidden="true" className="@container">
      <div className={TILE_GRID}>
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="rounded-lg border bg-card p-4 shadow-sm">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-2 h-7 w-24" />
            <Skeleton className="mt-2 h-3 w-28" />
          </div>
        ))}
      </div>
    </div>
  );
}
