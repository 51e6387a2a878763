import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CalibrationEffectView } from '@shared/schemas/mmm-trust';
import { formatNumber } from '@web/lib/format';
import { LIFT_TEST_SOURCE_LABELS } from '../lib/lift-test-drafts';
import { ratio, shortLabel } from '../lib/report-format';
import { ChartCard } from './chart-card';

type Interval = { estimate: number; low: number; high: number };
const span = (i: Interval | undefined) => (i ? ` (${ratio(i.low)} to ${ratio(i.high)})` : '');
const percent = (v: number) => `${formatNumber(100 * v, 0)} %`;
const errorRange = (i: Interval | undefined) => (i ? [i.estimate - i.low, i.high - i.estimate] : [0, 0]);

/**
 * How the lift tests moved the model (issue 24, requirement 4): each test beside what the model said of it
 * without and with the tests, and each channel's ROI and contribution before → after, with 90 % intervals.
 */
export function CalibrationPanel({
  calibration,
  kpiKind,
}: {
  calibration: CalibrationEffectView;
  kpiKind: 'revenue' | 'conversions';
}) {
  const what = kpiKind === 'revenue' ? 'ROI' : 'Conversions per unit spent';
  const data = calibration.channels.map((c) => ({
    name: c.name,
    without: c.roi?.withoutTests.estimate ?? c.roiWithoutTests,
    with: c.roi?.withTests.estimate ?? c.roiWithTests,
    withoutRange: errorRange(c.roi?.withoutTests),
    withRange: errorRange(c.roi?.withTests),
  }));
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        title={`How the lift tests moved each channel's ${what}`}
        description="Fitted without the tests (grey) and with them (blue), each with its 90 % interval."
        summary={calibration.channels
          .map(
            (c) =>
              `${c.name}: ${ratio(c.roiWithoutTests)}${span(c.roi?.withoutTests)} without the tests, ` +
              `${ratio(c.roiWithTests)}${span(c.roi?.withTests)} with them`,
          )
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
            <Legend />
            <Bar dataKey="without" name="Without the tests" fill="#94a3b8" isAnimationActive={false}>
              <ErrorBar dataKey="withoutRange" width={6} stroke="#111827" />
            </Bar>
            <Bar dataKey="with" name="With the tests" fill="#2563eb" isAnimationActive={false}>
              <ErrorBar dataKey="withRange" width={6} stroke="#111827" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <section aria-labelledby="calibration-table-title" className="grid gap-3 rounded-lg border p-4 text-sm">
        <h3 id="calibration-table-title" className="text-base font-semibold">
          Calibration with lift tests
        </h3>
        <p className="text-muted-foreground">
          The tests' gap to the model (Robyn's MAPE.LIFT) went from {percent(calibration.mapeLift.withoutTests)} without
          them to {percent(calibration.mapeLift.withTests)} with them.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Each lift test against the model without and with the tests</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Test
                </th>
                <th scope="col" className="py-1 pr-3">
                  Measured
                </th>
                <th scope="col" className="py-1 pr-3">
                  Model without
                </th>
                <th scope="col" className="py-1">
                  Model with
                </th>
              </tr>
            </thead>
            <tbody>
              {calibration.tests.map((t, i) => (
                <tr key={`${t.channel}-${t.start}-${i}`} className="border-t">
                  <td className="py-1 pr-3">
                    {t.channel}, {LIFT_TEST_SOURCE_LABELS[t.source]}, {t.start} to {t.end}
                  </td>
                  <td className="py-1 pr-3">
                    {formatNumber(t.lift)} ± {formatNumber(t.standardError)}
                  </td>
                  <td className="py-1 pr-3">{formatNumber(t.withoutTests)}</td>
                  <td className="py-1">{formatNumber(t.withTests)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Each channel's {what} and contribution without → with the tests</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Channel
                </th>
                <th scope="col" className="py-1 pr-3">
                  {what}: without → with
                </th>
                <th scope="col" className="py-1">
                  Contribution: without → with
                </th>
              </tr>
            </thead>
            <tbody>
              {calibration.channels.map((c) => (
                <tr key={c.name} className="border-t">
                  <td className="py-1 pr-3 break-words">{c.name}</td>
                  <td className="py-1 pr-3">
                    {`${ratio(c.roiWithoutTests)}${span(c.roi?.withoutTests)} → ${ratio(c.roiWithTests)}${span(c.roi?.withTests)}`}
                  </td>
                  <td className="py-1">
                    {c.contribution
                      ? `${formatNumber(c.contribution.withoutTests.estimate)} → ${formatNumber(c.contribution.withTests.estimate)}`
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
