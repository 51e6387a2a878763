import type { WeekPlan } from '@shared/schemas/mmm-week-plan';
import { formatDay, formatNumber } from '@web/lib/format';

const interval = (k: WeekPlan['weeks'][number]['kpi']) =>
  `${formatNumber(k.estimate)} (${formatNumber(k.low)}–${formatNumber(k.high)})`;

/**
 * The plan week by week: a table from tablet width; on a phone, one card per week with its total spend and KPI
 * (a column per channel does not fit 360 px).
 */
export function WeekPlanTable({ plan }: { plan: WeekPlan }) {
  const pct = Math.round(plan.level * 100);
  const kpiHeader = `Expected ${plan.kpiKind === 'revenue' ? 'revenue' : 'conversions'} (${pct} % interval)`;
  return (
    <div>
      <ul aria-label="Plan per week" className="grid gap-3 sm:hidden">
        {plan.weeks.map((w) => (
          <li key={w.date} className="rounded-md border p-3 text-sm">
            <p className="font-medium">Week of {formatDay(w.date)}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {plan.channels.map((c, i) => (
                <div key={c.name} className="contents">
                  <dt className="break-words text-muted-foreground">{c.name}</dt>
                  <dd className="text-right tabular-nums">{formatNumber(w.spend[i])}</dd>
                </div>
              ))}
              <dt className="text-muted-foreground">{kpiHeader}</dt>
              <dd className="text-right tabular-nums">{interval(w.kpi)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Plan per week</caption>
          <thead className="bg-muted text-left">
            <tr>
              {['Week of', ...plan.channels.map((c) => c.name), 'Total spend', kpiHeader].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plan.weeks.map((w) => (
              <tr key={w.date} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                  {formatDay(w.date)}
                </th>
                {w.spend.map((s, i) => (
                  <td key={plan.channels[i]!.name} className="px-3 py-2 tabular-nums">
                    {formatNumber(s)}
                  </td>
                ))}
                <td className="px-3 py-2 tabular-nums">{formatNumber(w.spend.reduce((a, b) => a + b, 0))}</td>
                <td className="px-3 py-2 tabular-nums">{interval(w.kpi)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t bg-muted/50 font-medium">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              {plan.channels.map((c) => (
                <td key={c.name} className="px-3 py-2 tabular-nums">
                  {formatNumber(c.total)}
                </td>
              ))}
              <td className="px-3 py-2 tabular-nums">{formatNumber(plan.total)}</td>
              <td className="px-3 py-2 tabular-nums">{interval(plan.expectedKpi)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
