import type { ReactNode } from 'react';
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
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDay, formatNumber, formatPercent } from '@web/lib/format';
import { channelsCsv, decompositionCsv, download, fileStem, fitSeries, waterfallBars } from '../lib/report-files';

const COLOURS = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#4b5563'];
const colour = (i: number) => COLOURS[i % COLOURS.length]!;
const compact = (v: number) =>
  new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
/** Two decimals, or three significant digits below 1: an ROI of 0.0027 (spend in large units) is not "0". */
const ratio = (v: number | null | undefined) =>
  v === null || v === undefined
    ? '—'
    : Math.abs(v) >= 1 || v === 0
      ? formatNumber(v, 2)
      : new Intl.NumberFormat(undefined, { maximumSignificantDigits: 3 }).format(v);
/** Axis labels stay short enough not to run into each other on a phone; the tooltip and table give the full name. */
const shortLabel = (name: string, max = 12) =>
  // The middle goes: numbered components (trend_changepoint_1, _2…) stay told apart by their ends.
  name.length > max ? `${name.slice(0, Math.ceil((max - 1) / 2))}…${name.slice(-Math.floor((max - 1) / 2))}` : name;

function ChartCard({
  title,
  description,
  summary,
  height,
  children,
}: {
  title: string;
  description: string;
  /** What the chart shows, for screen readers. */
  summary: string;
  /** Pixels, when the chart grows with its rows (default 288). */
  height?: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-label={title}>
          <div className="h-72 w-full" style={height ? { height } : undefined}>
            {children}
          </div>
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

function FitChart({ report }: { report: MmmReport }) {
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
 * dozen rows, not a dozen slanted names side by side).
 */
function WaterfallChart({ report }: { report: MmmReport }) {
  const data = waterfallBars(report.totals);
  const top = [...report.totals].sort((a, b) => b.total - a.total).slice(0, 3);
  return (
    <ChartCard
      title="Decomposition"
      description="What built the KPI over the whole window: baseline, then each channel and control."
      summary={`Largest contributions: ${top.map((t) => `${t.name} ${formatPercent(100 * t.share, 1)}`).join(', ')}.`}
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
              const p = (item as { payload?: { total: number; share: number } }).payload;
              return p ? `${formatNumber(p.total)} (${formatPercent(100 * p.share, 1)})` : '';
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

function ResponseCurves({ report }: { report: MmmReport }) {
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

function RoiChart({ report }: { report: MmmReport }) {
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

function AllocationChart({ report }: { report: MmmReport }) {
  const { allocation } = report;
  const data = allocation.channels.map((c) => ({ name: c.name, current: c.current, optimal: c.optimal }));
  const interval = allocation.liftInterval;
  return (
    <ChartCard
      title="Budget allocation: current vs optimal"
      description={
        `Same total budget, each channel between 0.5× and 2× of today. Expected lift ` +
        `${formatPercent(100 * allocation.liftShare, 1)} (${formatNumber(allocation.lift)}` +
        (interval ? `, 90 % interval ${formatNumber(interval.low)} to ${formatNumber(interval.high)}` : '') +
        ').'
      }
      summary={allocation.channels
        .map((c) => `${c.name}: ${formatNumber(c.current)} now, ${formatNumber(c.optimal)} optimal`)
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
          <Bar dataKey="optimal" name="Optimal" fill="#2563eb" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

const CHANNEL_COLUMNS = ['Spend', 'Contribution', 'ROI (90 % interval)', 'Marginal ROI', 'Optimal spend'] as const;

function channelCells(report: MmmReport, c: MmmReport['channels'][number]): string[] {
  return [
    formatNumber(c.spend),
    formatNumber(c.contribution.estimate),
    c.roi ? `${ratio(c.roi.estimate)} (${ratio(c.roi.low)}–${ratio(c.roi.high)})` : '—',
    ratio(c.marginalRoi),
    formatNumber(report.allocation.channels.find((a) => a.name === c.name)?.optimal ?? null),
  ];
}

/**
 * The channel figures: a table from tablet width; on a phone, one card per channel with the same
 * figures stacked (six columns do not fit 360 px, and a sideways-scrolling table hides its last ones).
 */
function ChannelTable({ report }: { report: MmmReport }) {
  return (
    <div>
      <ul aria-label="Channel figures" className="grid gap-3 sm:hidden">
        {report.channels.map((c) => (
          <li key={c.name} className="rounded-md border p-3">
            <p className="font-medium break-words">{c.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {channelCells(report, c).map((value, i) => (
                <div key={CHANNEL_COLUMNS[i]} className="contents">
                  <dt className="text-muted-foreground">{CHANNEL_COLUMNS[i]}</dt>
                  <dd className="text-right tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Channel figures</caption>
          <thead className="bg-muted text-left">
            <tr>
              {['Channel', ...CHANNEL_COLUMNS].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.channels.map((c) => (
              <tr key={c.name} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {c.name}
                </th>
                {channelCells(report, c).map((value, i) => (
                  <td key={CHANNEL_COLUMNS[i]} className="px-3 py-2 tabular-nums">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Every chart of a fitted model, its channel table and the downloads. */
export function MmmReportView({ name, report }: { name: string; report: MmmReport }) {
  const stem = fileStem(name);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-decomposition.csv`, decompositionCsv(report), 'text/csv')}
        >
          Download decomposition (CSV)
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-channels.csv`, channelsCsv(report), 'text/csv')}
        >
          Download channels (CSV)
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-model.json`, JSON.stringify(report.model, null, 2), 'application/json')}
        >
          Download model (JSON)
        </Button>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <FitChart report={report} />
        <WaterfallChart report={report} />
        <ResponseCurves report={report} />
        <RoiChart report={report} />
        <AllocationChart report={report} />
      </div>
      <ChannelTable report={report} />
    </div>
  );
}
