import { useId, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyPoint } from '@shared/schemas/meta';
import { Button } from '@web/components/ui/button';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';

/** One day of the chart: the dashboard's daily insights, or a report's trend. */
export type SpendResultsDay = Pick<DailyPoint, 'date' | 'spend' | 'results'>;

export interface SpendResultsChartProps {
  data: SpendResultsDay[];
  currency: string;
  /** e.g. "Purchases" */
  resultsLabel: string;
  /** Added to the heading, e.g. "for this campaign". */
  subject?: string;
  height?: number;
}

/** A sentence a screen reader can read instead of the picture. */
export function chartSummary(data: SpendResultsDay[], currency: string, resultsLabel: string): string {
  if (data.length === 0) return 'Daily spend: no figures for this range.';
  const spend = data.reduce((sum, d) => sum + d.spend, 0);
  const hasResults = data.some((d) => d.results !== null);
  const results = data.reduce((sum, d) => sum + (d.results ?? 0), 0);
  const top = data.reduce((best, d) => (d.spend > best.spend ? d : best), data[0]!);
  const what = hasResults ? `Daily spend and ${resultsLabel.toLowerCase()}` : 'Daily spend';
  const totals = hasResults
    ? `${formatMoney(spend, currency)} spent and ${formatNumber(results)} ${resultsLabel.toLowerCase()} in total`
    : `${formatMoney(spend, currency)} spent in total`;
  return (
    `${what} from ${formatDay(data[0]!.date)} to ${formatDay(data[data.length - 1]!.date)}: ${totals}; ` +
    `highest spend ${formatMoney(top.spend, currency)} on ${formatDay(top.date)}.`
  );
}

/**
 * Daily spend (bars, left axis) and results (line, right axis), with a table view of the same figures: the
 * dashboard's chart, which the Reports screen draws the same way.
 */
export function SpendResultsChart({ data, currency, resultsLabel, subject, height = 280 }: SpendResultsChartProps) {
  const [asTable, setAsTable] = useState(false);
  // An account mixing objectives has no single result to count: then only spend is drawn.
  const hasResults = data.some((d) => d.results !== null);
  const heading = [hasResults ? `Daily spend and ${resultsLabel.toLowerCase()}` : 'Daily spend', subject]
    .filter(Boolean)
    .join(' ');
  const tableId = useId();
  const summary = chartSummary(data, currency, resultsLabel);
  const points = data.map((d) => ({ ...d, label: formatDay(d.date), results: d.results ?? 0 }));
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{heading}</h3>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {asTable ? (
        <div id={tableId} className="max-h-80 overflow-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">{heading}</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Spend
                </th>
                {hasResults ? (
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {resultsLabel}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.date} className="border-t">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {formatDay(d.date, { dateStyle: 'medium' })}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(d.spend, currency)}</td>
                  {hasResults ? (
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(d.results)}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={summary} style={{ height }} className="w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
              <YAxis
                yAxisId="spend"
                tickLine={false}
                axisLine={false}
                fontSize={12}
                width={64}
                tickFormatter={(v: number) => formatMoney(v, currency, { compact: true })}
              />
              {hasResults ? (
                <YAxis
                  yAxisId="results"
                  orientation="right"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  width={40}
                  allowDecimals={false}
                />
              ) : null}
              <Tooltip
                formatter={(value, name) =>
                  name === 'Spend' ? formatMoney(Number(value), currency) : formatNumber(Number(value))
                }
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="spend"
                dataKey="spend"
                name="Spend"
                fill="var(--color-primary)"
                fillOpacity={0.8}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
              {hasResults ? (
                <Line
                  yAxisId="results"
                  dataKey="results"
                  name={resultsLabel}
                  type="monotone"
                  stroke="var(--color-success)"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ) : null}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
