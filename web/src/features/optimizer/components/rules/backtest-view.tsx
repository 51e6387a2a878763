import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { budgetToMajor } from '@shared/currency-units';
import { formatMinor } from '@shared/rule-language';
import type { BacktestResult } from '@shared/schemas/rules';
import { Alert } from '@web/components/ui/alert';
import { formatDay, formatNumber } from '@web/lib/format';
import { reasonText } from './rule-words';

const ACTION_LABEL: Record<string, string> = {
  pause: 'Paused',
  resume: 'Resumed',
  change_budget: 'Budget changed',
  notify: 'Notified',
};

type Firing = BacktestResult['firings'][number];

/** The firings grouped by day, in order, so the table says each day once however many objects fired on it. */
export function firingsByDay(firings: readonly Firing[]): { date: string; firings: Firing[] }[] {
  const days: { date: string; firings: Firing[] }[] = [];
  for (const f of firings) {
    const last = days.at(-1);
    if (last?.date === f.date) last.firings.push(f);
    else days.push({ date: f.date, firings: [f] });
  }
  return days;
}

/** The backtest: when the rule would have fired (chart), on what and with what effect (table), and warnings. */
export function BacktestView({ result }: { result: BacktestResult }) {
  const { currency, totals } = result;
  // A rule has one action: said once above the table rather than on every row.
  const actions = [...new Set(result.firings.map((f) => f.action))];
  const oneAction = actions.length === 1 ? actions[0]! : null;
  const days = firingsByDay(result.firings);
  const running = result.days.reduce<number[]>((sums, d) => [...sums, (sums.at(-1) ?? 0) + d.spendDeltaMinor], []);
  const points = result.days.map((d, i) => ({
    label: formatDay(d.date),
    firings: d.firings,
    spend: budgetToMajor(running[i]!, currency),
  }));
  const summary =
    totals.firings === 0
      ? `Over ${result.daysReplayed} days (${formatDay(result.from)} to ${formatDay(result.to)}) this rule would never have fired on the ${result.objectsInScope} objects in its scope.`
      : `Over ${result.daysReplayed} days (${formatDay(result.from)} to ${formatDay(result.to)}) this rule would have fired ${totals.firings} times on ${totals.firingDays} days, on ${totals.objectsFired} of ${result.objectsInScope} objects: spend ${totals.spendDeltaMinor <= 0 ? 'saved' : 'added'} ${formatMinor(Math.abs(totals.spendDeltaMinor), currency)}, results ${totals.resultsDelta <= 0 ? 'lost' : 'gained'} about ${formatNumber(Math.abs(totals.resultsDelta), 1)}.`;
  return (
    <section aria-labelledby="backtest-heading" className="grid gap-4">
      <h3 id="backtest-heading" className="text-lg font-semibold">
        Backtest on your account&apos;s history
      </h3>
      <p className="text-sm" data-testid="backtest-summary">
        {summary}
      </p>
      {result.partial ? (
        <Alert variant="warning" title="Part of the history">
          Meta returned only part of the history in time; the replay covers what was read.
        </Alert>
      ) : null}
      {result.warnings.map((w) => (
        <Alert key={w.code} variant="warning" title="Check this rule before switching it on">
          {w.message}
        </Alert>
      ))}
      {result.days.length > 0 ? (
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">
            Firings per day (bars) and the spend it would have moved so far (line, {currency})
          </figcaption>
          <div className="h-64 w-full" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
                <YAxis yAxisId="firings" allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
                <YAxis yAxisId="spend" orientation="right" tick={{ fontSize: 11 }} width={56} />
                <Tooltip />
                <Legend />
                <Bar yAxisId="firings" dataKey="firings" name="Firings" fill="var(--color-primary, #2563eb)" />
                <Line
                  yAxisId="spend"
                  dataKey="spend"
                  name="Spend moved (cumulative)"
                  stroke="var(--color-warning, #d97706)"
                  dot={false}
                  type="stepAfter"
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ) : null}
      {result.firings.length > 0 ? (
        <div className="grid gap-2">
          {oneAction ? (
            <p className="text-sm text-muted-foreground">
              Action on each object below: <strong>{ACTION_LABEL[oneAction] ?? oneAction}</strong>
            </p>
          ) : null}
          <div className="max-h-96 overflow-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="sr-only">Each day the rule would have fired, and on which objects</caption>
              <thead className="sticky top-0 bg-muted text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Object
                  </th>
                  {oneAction ? null : (
                    <th scope="col" className="px-3 py-2 font-medium">
                      Action
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2 font-medium">
                    Why
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Spend
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Results
                  </th>
                </tr>
              </thead>
              {days.map((day) => (
                <tbody key={day.date} className="border-t">
                  {day.firings.map((f, i) => (
                    <tr key={f.objectId} className="align-top">
                      {i === 0 ? (
                        <th
                          scope="rowgroup"
                          rowSpan={day.firings.length}
                          className="whitespace-nowrap px-3 py-2 text-left font-normal"
                        >
                          {formatDay(day.date)}
                        </th>
                      ) : null}
                      <td className="px-3 py-2">{f.objectName}</td>
                      {oneAction ? null : <td className="px-3 py-2">{ACTION_LABEL[f.action] ?? f.action}</td>}
                      <td className="px-3 py-2 text-muted-foreground">{reasonText(f.readings, currency)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">
                        {f.spendDeltaMinor === null
                          ? '—'
                          : `${f.spendDeltaMinor < 0 ? '−' : '+'}${formatMinor(Math.abs(f.spendDeltaMinor), currency)}`}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">
                        {f.resultsDelta === null
                          ? '—'
                          : `${f.resultsDelta < 0 ? '−' : '+'}${formatNumber(Math.abs(f.resultsDelta), 1)}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
