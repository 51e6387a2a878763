import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CreativeElementReport, CreativeValue } from '@shared/schemas/creative-report';
import { formatDay, formatMoney, formatNumber, formatPercent } from '@web/lib/format';

const LINE_COLOURS = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626'];

const probability = (p: number) => `${Math.round(p * 100)}%`;

/** What a value won on, in words ('cost per result, CTR and hook rate'); empty when it won nothing. */
function wonOn(value: CreativeValue): string {
  const won = [
    value.winnerCost ? 'cost per result' : null,
    value.winnerCtr ? 'CTR' : null,
    value.video?.winnerHook ? 'hook rate' : null,
    value.video?.winnerHold ? 'hold rate' : null,
  ].filter((part): part is string => part !== null);
  return won.length > 1 ? `${won.slice(0, -1).join(', ')} and ${won.at(-1)}` : (won[0] ?? '');
}

/** The value's verdict in words: a winner only past the threshold. */
function verdict(value: CreativeValue): string {
  const won = wonOn(value);
  return won ? `Winner on ${won}` : 'No clear winner';
}

/**
 * One element (headline angle, call to action…): its values ranked by cost per result, as a table
 * (what a screen reader reads) beside two charts drawn from the same rows, hidden from assistive
 * technology: CTR by value, and each value's weekly CTR (fatigue shows as a falling line).
 */
export function ElementSection({
  report,
  currency,
  threshold,
}: {
  report: CreativeElementReport;
  currency: string;
  threshold: number;
}) {
  const headingId = `element-${report.element}`;
  const winners = report.values.filter((v) => wonOn(v) !== '');
  // Hook and hold rates only when some value has video ads (a still image has no 3-second play).
  const video = report.values.some((v) => v.video);
  // With fewer than two values to compare no chance was computed: a dash, not a 0 % that reads as a verdict.
  const chance = (p: number) => (report.compared === false ? '—' : probability(p));
  const weeks = [...new Set(report.values.flatMap((v) => v.weeks.map((w) => w.weekStart)))].sort();
  const series = weeks.map((week) => ({
    label: formatDay(week),
    ...Object.fromEntries(
      report.values.map((v) => [v.value, v.weeks.find((w) => w.weekStart === week)?.ctrPercent ?? null]),
    ),
  }));
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {report.label}
      </h2>
      <p className="text-sm text-muted-foreground">
        {report.compared === false
          ? `Only ${report.values.length === 1 ? 'one value' : 'one value with enough delivery'} so far: there is nothing to compare it with yet.`
          : winners.length > 0
            ? `Winning: ${winners.map((w) => `${w.value} (${wonOn(w)})`).join(', ')}, each at least ${probability(threshold)} likely to beat the rest.`
            : `No value is at least ${probability(threshold)} likely to beat the rest yet: the differences may be noise.`}
      </p>
      <div className="grid gap-4 md:grid-cols-2" aria-hidden="true">
        <div className="h-48 min-w-0">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={report.values} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="value" tick={{ fontSize: 10 }} />
              <YAxis tick={{ fontSize: 10 }} width={44} tickFormatter={(v: number) => `${Number(v.toFixed(2))}%`} />
              <Tooltip />
              <Bar dataKey="ctrPercent" name="CTR (link)" fill="var(--color-primary, #2563eb)" />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <div className="h-48 min-w-0">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={series} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 10 }} />
              <YAxis tick={{ fontSize: 10 }} width={44} tickFormatter={(v: number) => `${Number(v.toFixed(2))}%`} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              {report.values.map((v, i) => (
                <Line
                  key={v.value}
                  dataKey={v.value}
                  name={v.value}
                  stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
                  dot={false}
                  connectNulls
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1">
          <caption className="sr-only">{`${report.label}: values ranked by cost per result, then CTR`}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col">Value</th>
              <th scope="col">Ads</th>
              <th scope="col">Spend</th>
              <th scope="col">Impressions</th>
              <th scope="col">CTR (link)</th>
              <th scope="col">Cost per result</th>
              <th scope="col">Chance best CTR</th>
              <th scope="col">Chance lowest cost</th>
              {video ? (
                <>
                  <th scope="col">
                    <abbr title="3-second video plays per impression">Hook rate</abbr>
                  </th>
                  <th scope="col">
                    <abbr title="ThruPlays per 3-second play">Hold rate</abbr>
                  </th>
                </>
              ) : null}
              <th scope="col">Verdict</th>
              <th scope="col">Weekly CTR</th>
            </tr>
          </thead>
          <tbody>
            {report.values.map((v) => (
              <tr key={v.value} className="border-t">
                <th scope="row" className="py-1 text-left font-medium">
                  {v.value}
                </th>
                <td>{formatNumber(v.ads)}</td>
                <td>{formatMoney(v.spend, currency)}</td>
                <td>{formatNumber(v.impressions)}</td>
                <td>{formatPercent(v.ctrPercent)}</td>
                <td>{formatMoney(v.costPerResult, currency)}</td>
                <td>{chance(v.probabilityBestCtr)}</td>
                <td>{chance(v.probabilityBestCost)}</td>
                {video ? (
                  <>
                    <td>{v.video ? formatPercent(v.video.hookRatePercent) : 'Not a video'}</td>
                    <td>{v.video ? formatPercent(v.video.holdRatePercent) : 'Not a video'}</td>
                  </>
                ) : null}
                <td>{report.compared === false ? 'Nothing to compare yet' : verdict(v)}</td>
                <td className="text-xs">{v.weeks.map((w) => formatPercent(w.ctrPercent)).join(' → ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
