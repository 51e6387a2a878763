import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MmmReport } from '@shared/schemas/mmm';
import { formatNumber, formatPercent } from '@web/lib/format';
import { colour, compact, ratio, shortLabel } from '../lib/report-format';
import { ChartCard } from './chart-card';

/** Each paid channel's predicted KPI as its spend changes, with today's spend marked. */
export function ResponseCurves({ report }: { report: MmmReport }) {
  const paid = report.channels.filter((c) => !c.organic && c.spend > 0);
  return (
    <ChartCard
      title="Response curves"
      description="Predicted KPI from each channel as its spend over the window changes; the dot is current spend."
      summary={paid
        .map((c) => `${c.name}: marginal ROI ${ratio(c.marginalRoi)} at current spend ${formatNumber(c.spend)}`)
        .join('; ')}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="spend" type="number" tickFormatter={compact} fontSize={12} name="Spend" />
          <YAxis tickFormatter={compact} fontSize={12} width={56} />
          <Tooltip
            formatter={(v) => formatNumber(Number(v))}
            labelFormatter={(v) => `Spend ${formatNumber(Number(v))}`}
          />
          <Legend />
          {paid.map((c, i) => (
            <Line
              key={c.name}
              data={c.curve}
              dataKey="response"
              name={c.name}
              stroke={colour(i)}
              dot={false}
              isAnimationActive={false}
            />
          ))}
          {paid.map((c, i) => {
            const at = c.contribution.estimate;
            return <ReferenceDot key={`${c.name}-now`} x={c.spend} y={at} r={5} fill={colour(i)} stroke="#fff" />;
          })}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Each channel's ROI (or conversions per unit spent) with its interval. */
export function RoiChart({ report }: { report: MmmReport }) {
  const data = report.channels
    .filter((c) => c.roi)
    .map((c) => ({
      name: c.name,
      roi: c.roi!.estimate,
      range: [c.roi!.estimate - c.roi!.low, c.roi!.high - c.roi!.estimate],
    }));
  const what = report.kpiKind === 'revenue' ? 'ROI' : 'Conversions per unit spent';
  return (
    <ChartCard
      title={`${what} per channel`}
      description="With its 90 % interval (bootstrap over time and the Pareto set)."
      summary={report.channels
        .filter((c) => c.roi)
        .map((c) => `${c.name}: ${ratio(c.roi!.estimate)} (${ratio(c.roi!.low)} to ${ratio(c.roi!.high)})`)
        .join('; ')}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            fontSize={12}
            interval="preserveStartEnd"
            tickFormatter={(n: string) => shortLabel(n)}
          />
          <YAxis fontSize={12} width={56} />
          <Tooltip formatter={(v) => formatNumber(Number(v), 2)} />
          <Bar dataKey="roi" name={what} isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.name} fill={colour(i)} />
            ))}
            <ErrorBar dataKey="range" width={6} stroke="#111827" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/**
 * Today's spend per channel beside the recommended split of the same budget: the model's optimum, a
 * step toward it, or today's split when no move's lift interval lies above zero (with the reason).
 */
export function AllocationChart({ report }: { report: MmmReport }) {
  const { allocation } = report;
  const data = allocation.channels.map((c) => ({ name: c.name, current: c.current, optimal: c.optimal }));
  const interval = allocation.liftInterval;
  const decision = allocation.decision;
  return (
    <ChartCard
      title="Budget allocation: current vs recommended"
      description={
        `Same total budget, each channel between 0.5× and 2× of today. Expected lift ` +
        `${formatPercent(100 * allocation.liftShare, 1)} (${formatNumber(allocation.lift)})` +
        (interval
          ? `; the model’s optimum: 90 % interval ${formatNumber(interval.low)} to ${formatNumber(interval.high)}`
          : '') +
        '.' +
        (decision ? ` ${decision.reason}` : '')
      }
      summary={allocation.channels
        .map((c) => `${c.name}: ${formatNumber(c.current)} now, ${formatNumber(c.optimal)} recommended`)
        .join('; ')}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            fontSize={12}
            interval="preserveStartEnd"
            tickFormatter={(n: string) => shortLabel(n)}
          />
          <YAxis tickFormatter={compact} fontSize={12} width={56} />
          <Tooltip formatter={(v) => formatNumber(Number(v))} />
          <Legend />
          <Bar dataKey="current" name="Current" fill="#94a3b8" isAnimationActive={false} />
          <Bar dataKey="optimal" name="Recommended" fill="#2563eb" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
