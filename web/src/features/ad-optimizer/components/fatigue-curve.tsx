import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdCard } from '@shared/schemas/ad-optimizer';
import { formatDay, formatNumber, formatPercent } from '@web/lib/format';

/**
 * CTR (link) by day beside the frequency of each day's week, with the ad's first week shaded:
 * fatigue is the CTR line falling while the frequency steps up, against that first week.
 */
export function FatigueCurve({ ad }: { ad: AdCard }) {
  const points = ad.days.map((d) => ({ ...d, label: formatDay(d.date) }));
  const first = ad.firstWeek;
  const firstLabels = first
    ? points.filter((p) => p.date >= first.since && p.date <= first.until).map((p) => p.label)
    : [];
  const last = ad.days.at(-1);
  const summary =
    ad.days.length === 0
      ? 'No delivery in the last eight weeks.'
      : `Link CTR by day over ${ad.days.length} days${
          first ? `, first week from ${formatDay(first.since)}` : ''
        }; latest CTR ${formatPercent(last?.ctrLink)} at a weekly frequency of ${formatNumber(last?.frequency, 2)}.`;
  return (
    <figure className="grid min-w-0 grid-cols-1 gap-1">
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
      {points.length > 0 ? (
        <div className="h-40 w-full min-w-0 overflow-hidden" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 10 }} interval="preserveStartEnd" minTickGap={28} />
              <YAxis
                yAxisId="ctr"
                tick={{ fontSize: 10 }}
                width={44}
                tickFormatter={(v: number) => `${Number(v.toFixed(2))}%`}
              />
              <YAxis yAxisId="frequency" orientation="right" tick={{ fontSize: 10 }} width={28} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              {firstLabels.length > 0 ? (
                <ReferenceArea
                  yAxisId="ctr"
                  x1={firstLabels[0]}
                  x2={firstLabels.at(-1)}
                  fill="var(--color-primary, #2563eb)"
                  fillOpacity={0.08}
                  label={{ value: 'First week', position: 'insideTop', fontSize: 10 }}
                />
              ) : null}
              <Line
                yAxisId="ctr"
                dataKey="ctrLink"
                name="CTR (link)"
                stroke="var(--color-primary, #2563eb)"
                dot={false}
                connectNulls
              />
              <Line
                yAxisId="frequency"
                dataKey="frequency"
                name="Frequency"
                stroke="var(--color-warning, #d97706)"
                dot={false}
                type="stepAfter"
                connectNulls
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      ) : null}
    </figure>
  );
}
