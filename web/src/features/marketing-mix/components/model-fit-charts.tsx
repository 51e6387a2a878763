import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MmmReport } from '@shared/schemas/mmm';
import { formatDay, formatNumber, formatPercent } from '@web/lib/format';
import { decompositionGap, fitSeries, waterfallBars, type WaterfallBar } from '../lib/report-files';
import { colour, compact, shortLabel } from '../lib/report-format';
import { ChartCard } from './chart-card';

/** The model's fitted KPI against the actual one, period by period. */
export function FitChart({ report }: { report: MmmReport }) {
  const { points, domain } = fitSeries(report);
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return (
    <ChartCard
      title="Fit vs actual"
      description={`R² ${formatNumber(report.metrics.rSquared, 3)} · NRMSE ${formatNumber(report.metrics.nrmse, 3)} · MAPE ${formatPercent(100 * report.metrics.mape, 1)}`}
      summary={`The model's fitted KPI against the actual KPI over ${report.dates.length} periods, R squared ${formatNumber(report.metrics.rSquared, 3)}.`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={domain}
            minTickGap={32}
            fontSize={12}
            tickFormatter={(t: number) => formatDay(day(t), { month: 'short', year: '2-digit' })}
          />
          <YAxis tickFormatter={compact} fontSize={12} width={56} />
          <Tooltip
            formatter={(v) => formatNumber(Number(v))}
            labelFormatter={(t) => formatDay(day(Number(t)), { day: 'numeric', month: 'short', year: 'numeric' })}
          />
          <Legend />
          <Line type="monotone" dataKey="actual" name="Actual" stroke="#111827" dot={false} strokeWidth={1.5} />
          <Line type="monotone" dataKey="fitted" name="Fitted" stroke="#2563eb" dot={false} strokeWidth={1.5} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/**
 * The total decomposition as a waterfall: each component a floating bar from the running total.
 * Bars run across, one row per component, so names never crowd an axis (a phone has room for a
 * dozen rows, not a dozen slanted names side by side). The bars are the chosen fit's (its parts add up to the fitted
 * KPI); each channel's tooltip sets the refits' median, the channel table's figure, beside it (see `waterfallBars`).
 */
export function WaterfallChart({ report }: { report: MmmReport }) {
  const data = waterfallBars(report);
  const top = [...report.totals].sort((a, b) => b.total - a.total).slice(0, 3);
  const gap = decompositionGap(report);
  const apart =
    gap && gap.gap >= 0.005
      ? ` At most ${formatPercent(100 * gap.gap, 1)} apart (${gap.name}); hover a channel for both.`
      : ' Here they agree within 0.5 %.';
  return (
    <ChartCard
      title="Decomposition"
      description={
        'What built the KPI over the whole window: baseline, then each channel and control, as the chosen model splits ' +
        'its fit (the parts add up). The channel table shows the median of the model’s refits instead.' +
        (gap ? apart : '')
      }
      summary={`Largest contributions in the chosen model: ${top.map((t) => `${t.name} ${formatPercent(100 * t.share, 1)}`).join(', ')}.`}
      height={Math.max(288, 28 * data.length + 48)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={compact} fontSize={12} tickCount={4} />
          <YAxis
            type="category"
            dataKey="name"
            interval={0}
            fontSize={11}
            width={92}
            tickFormatter={(name: string) => shortLabel(name)}
          />
          <Tooltip
            formatter={(_, __, item) => {
              const p = (item as { payload?: WaterfallBar }).payload;
              if (!p) return '';
              const chosen = `${formatNumber(p.total)} (${formatPercent(100 * p.share, 1)})`;
              if (!p.median) return chosen;
              const { estimate, low, high } = p.median;
              return `chosen model ${chosen}; refits’ median ${formatNumber(estimate)} (${formatNumber(low)}–${formatNumber(high)})`;
            }}
          />
          <Bar dataKey="base" stackId="w" fill="transparent" isAnimationActive={false} legendType="none" />
          <Bar dataKey="value" stackId="w" name="Contribution" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell
                key={d.name}
                fill={
                  d.total < 0
                    ? '#dc2626'
                    : d.kind === 'media'
                      ? colour(i)
                      : d.kind === 'intercept'
                        ? '#9ca3af'
                        : '#64748b'
                }
              />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
