import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { WeekPlan } from '@shared/schemas/mmm-week-plan';
import { formatDay, formatNumber } from '@web/lib/format';
import { colour, compact } from '../lib/report-format';
import { weekPlanChartRows } from '../lib/week-plan-files';
import { ChartCard } from './chart-card';

/** Spend per channel per week (stacked bars, left axis) and the KPI expected each week with its band (right axis). */
export function WeekPlanChart({ plan }: { plan: WeekPlan }) {
  const rows = weekPlanChartRows(plan);
  const pct = Math.round(plan.level * 100);
  const kpiName = plan.kpiKind === 'revenue' ? 'Expected revenue' : 'Expected conversions';
  return (
    <ChartCard
      title="Spend and expected KPI per week"
      description={`Bars: each channel's planned spend. Line: the KPI expected that week, with its ${pct} % interval.`}
      summary={plan.weeks
        .map(
          (w) =>
            `${w.date}: spend ${formatNumber(w.spend.reduce((a, b) => a + b, 0))}, ` +
            `KPI ${formatNumber(w.kpi.estimate)} (${formatNumber(w.kpi.low)} to ${formatNumber(w.kpi.high)})`,
        )
        .join('; ')}
      height={320}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d)} fontSize={12} minTickGap={16} />
          <YAxis yAxisId="spend" tickFormatter={compact} fontSize={12} width={48} />
          <YAxis yAxisId="kpi" orientation="right" tickFormatter={compact} fontSize={12} width={48} />
          <Tooltip
            labelFormatter={(d) =>
              `Week of ${formatDay(String(d), { month: 'short', day: 'numeric', year: 'numeric' })}`
            }
            formatter={(v) =>
              Array.isArray(v)
                ? `${formatNumber(Number(v[0]))} to ${formatNumber(Number(v[1]))}`
                : formatNumber(Number(v))
            }
          />
          <Legend />
          {plan.channels.map((c, i) => (
            <Bar
              key={c.name}
              yAxisId="spend"
              dataKey={`spend:${c.name}`}
              name={`${c.name} spend`}
              stackId="spend"
              fill={colour(i)}
              isAnimationActive={false}
            />
          ))}
          <Area
            yAxisId="kpi"
            dataKey="band"
            name={`${pct} % interval`}
            stroke="none"
            fill="#94a3b8"
            fillOpacity={0.35}
            isAnimationActive={false}
          />
          <Line
            yAxisId="kpi"
            dataKey="kpi"
            name={kpiName}
            stroke="#0f172a"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
