import type { ClientOverviewRow } from '@shared/schemas/agency-overview';
import { formatMoney } from '@web/lib/format';

/**
 * The row's small chart: the month's budget as the track, spend so far as the bar, and a tick where spend would be
 * on pace today. Drawn in SVG so it scales with the cell; its meaning is in the label for screen readers.
 */
export function PaceBar({ row }: { row: ClientOverviewRow }) {
  const budget = row.targets?.monthlyBudget;
  if (!budget || row.spend === null || !row.pace) return <span className="text-muted-foreground">—</span>;
  const currency = row.currency ?? 'USD';
  const scale = Math.max(budget, row.spend, row.pace.projectedSpend);
  const x = (value: number) => Math.min(100, (value / scale) * 100);
  const colour =
    row.pace.state === 'on_pace' ? 'fill-success' : row.pace.state === 'over' ? 'fill-destructive' : 'fill-warning';
  const label =
    `Spent ${formatMoney(row.spend, currency)} of a ${formatMoney(budget, currency)} month; ` +
    `${formatMoney(row.pace.expectedSpend, currency)} would be on pace by day ${row.pace.day}.`;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 100 12" preserveAspectRatio="none" className="h-3 w-32">
      <title>{label}</title>
      <rect x="0" y="2" width={x(budget)} height="8" rx="2" className="fill-muted" />
      <rect x="0" y="2" width={x(row.spend)} height="8" rx="2" className={colour} />
      <rect
        x={Math.max(0, x(row.pace.expectedSpend) - 0.75)}
        y="0"
        width="1.5"
        height="12"
        className="fill-foreground"
      />
    </svg>
  );
}
