import type { KeyFigure, ReportData, ReportRow } from '@shared/schemas/reports';
import { SpendResultsChart } from '@web/components/charts/spend-results-chart';
import { cn } from '@web/lib/cn';
import { formatDay, formatMoney, formatNumber, formatRoas } from '@web/lib/format';
import { changeIsGood, changeWords, meetsTarget } from '../lib/report-words';

type Kind = 'money' | 'count' | 'roas';

function valueText(value: number | null, kind: Kind, currency: string): string {
  if (kind === 'money') return formatMoney(value, currency);
  if (kind === 'count') return formatNumber(value);
  return formatRoas(value);
}

const range = (since: string, until: string) =>
  `${formatDay(since, { dateStyle: 'medium' })} – ${formatDay(until, { dateStyle: 'medium' })}`;

/** One key figure: this period, the change against the period before, and the target when one is set. */
function FigureTile({
  label,
  figure,
  kind,
  lowerIsBetter,
  currency,
}: {
  label: string;
  figure: KeyFigure;
  kind: Kind;
  /** null: neither direction is better (spend). */
  lowerIsBetter: boolean | null;
  currency: string;
}) {
  const good = changeIsGood(figure, lowerIsBetter);
  const onTarget = lowerIsBetter === null ? null : meetsTarget(figure, lowerIsBetter);
  return (
    <div className="rounded-lg border bg-card p-4" role="group" aria-label={label}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{valueText(figure.current, kind, currency)}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {figure.changePercent === null ? (
          `No comparison with the period before${figure.previous === null ? '' : ` (${valueText(figure.previous, kind, currency)})`}`
        ) : (
          <>
            <span className={cn('font-medium', good === true && 'text-success', good === false && 'text-destructive')}>
              {changeWords(figure.changePercent)}
            </span>{' '}
            vs {valueText(figure.previous, kind, currency)} the period before
          </>
        )}
      </p>
      {figure.target !== null ? (
        <p className={cn('mt-1 text-xs', onTarget === false ? 'text-destructive' : 'text-muted-foreground')}>
          Target {valueText(figure.target, kind, currency)}
          {onTarget === null ? '' : onTarget ? ' · on target' : ' · off target'}
        </p>
      ) : null}
    </div>
  );
}

function RowsTable({
  caption,
  rows,
  currency,
  resultLabel,
  ads = false,
  empty,
}: {
  caption: string;
  rows: ReportRow[];
  currency: string;
  resultLabel: string;
  ads?: boolean;
  /** Why the table is empty: a bottom list leaves out what the top one shows. */
  empty: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{caption}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Spend
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {resultLabel}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Cost per result
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  ROAS
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t">
                  <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal">
                    <span className="flex items-center gap-2">
                      {ads ? (
                        row.thumbnailUrl ? (
                          <img
                            src={row.thumbnailUrl}
                            alt=""
                            loading="lazy"
                            className="size-10 shrink-0 rounded border object-cover"
                          />
                        ) : (
                          <span aria-hidden="true" className="size-10 shrink-0 rounded border bg-muted" />
                        )
                      ) : null}
                      <span className="break-words">{row.name}</span>
                    </span>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.spend, currency)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.results)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.costPerResult, currency)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRoas(row.roas)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The report as its PDF and email hold it: the figures, the trend, the best and worst, the changes, the summary. */
export function ReportPreview({ data }: { data: ReportData }) {
  const { currency, figures, resultLabel } = data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {data.accountName} · {range(data.period.since, data.period.until)}, against{' '}
        {range(data.previousPeriod.since, data.previousPeriod.until)} · days in {data.timeZone}, the ad account's time
        zone · signed by {data.senderName}
      </p>
      <p className="text-xs text-muted-foreground">
        {data.brand.hasLogo
          ? "The PDF and the email carry your brand kit's logo and colours."
          : "The PDF and the email carry your brand kit's colours; a PNG logo in the brand kit would be shown too."}
      </p>
      <section aria-label="Key figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureTile label="Spend" figure={figures.spend} kind="money" lowerIsBetter={null} currency={currency} />
        <FigureTile
          label={resultLabel}
          figure={figures.results}
          kind="count"
          lowerIsBetter={false}
          currency={currency}
        />
        <FigureTile
          label="Cost per result"
          figure={figures.costPerResult}
          kind="money"
          lowerIsBetter
          currency={currency}
        />
        <FigureTile label="ROAS" figure={figures.roas} kind="roas" lowerIsBetter={false} currency={currency} />
      </section>
      <section aria-label="Summary" className="rounded-lg border bg-muted/40 p-4 text-sm">
        <p>{data.summary.text}</p>
        <p className="mt-2 text-xs text-muted-foreground">
          {data.summary.source === 'ai'
            ? 'Written by the AI engine; every number in it was checked against the figures.'
            : 'Written from the figures.'}
        </p>
      </section>
      <SpendResultsChart data={data.trend} currency={currency} resultsLabel={resultLabel} subject="in the period" />
      <div className="grid gap-6 lg:grid-cols-2">
        <RowsTable
          caption="Top campaigns"
          rows={data.topCampaigns}
          currency={currency}
          resultLabel={resultLabel}
          empty="No campaign had results in this period."
        />
        <RowsTable
          caption="Bottom campaigns"
          rows={data.bottomCampaigns}
          currency={currency}
          resultLabel={resultLabel}
          empty="None besides the top campaigns."
        />
        <RowsTable
          caption="Top ads"
          rows={data.topAds}
          currency={currency}
          resultLabel={resultLabel}
          ads
          empty="No ad had results in this period."
        />
        <RowsTable
          caption="Bottom ads"
          rows={data.bottomAds}
          currency={currency}
          resultLabel={resultLabel}
          ads
          empty="None besides the top ads."
        />
      </div>
      <section aria-labelledby="report-changes">
        <h3 id="report-changes" className="mb-2 text-sm font-semibold">
          Changes applied in the period
        </h3>
        {data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No optimizer changes were applied in this period.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {data.changes.map((change) => (
              <li key={`${change.appliedAt}-${change.title}`} className="rounded-md border p-3">
                <p className="font-medium">{change.title}</p>
                <p className="text-xs text-muted-foreground">
                  Applied {formatDay(change.appliedAt.slice(0, 10), { dateStyle: 'medium' })} · {change.outcome}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.marketingMix ? (
        <section aria-labelledby="report-mix">
          <h3 id="report-mix" className="mb-2 text-sm font-semibold">
            Marketing mix: {data.marketingMix.modelName}
          </h3>
          <ul className="grid gap-1 text-sm">
            {data.marketingMix.channels.map((channel) => (
              <li key={channel.name}>
                {channel.name}: {Math.round(channel.contributionShare * 100)}% of the modelled results, ROAS{' '}
                {formatRoas(channel.roas)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
