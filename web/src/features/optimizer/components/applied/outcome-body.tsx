import type { AppliedRecommendation, WindowFigures } from '@shared/schemas/optimizer-outcomes';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { addDays, effectValue, predictedText } from '../../lib/outcome-words';
import { OutcomeChart } from './outcome-chart';

function WindowTable({ before, after, currency }: { before: WindowFigures; after: WindowFigures; currency: string }) {
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, currency));
  const rows: Array<[string, string, string]> = [
    ['Results', formatNumber(before.results), formatNumber(after.results)],
    ['Cost per result', money(before.costPerResult), money(after.costPerResult)],
    ['Spend', money(before.spend), money(after.spend)],
  ];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Meta’s figures for the 7 days before and after</caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Meta reports
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Before ({formatDay(before.since)}–{formatDay(before.until)})
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            After ({formatDay(after.since)}–{formatDay(after.until)})
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, a, b]) => (
          <tr key={name} className="border-t">
            <th scope="row" className="py-1 text-left font-normal">
              {name}
            </th>
            <td className="py-1 text-right tabular-nums">{a}</td>
            <td className="py-1 text-right tabular-nums">{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OutcomeBody({ item, currency }: { item: AppliedRecommendation; currency: string }) {
  const { outcome, predicted } = item;
  const predictedLine = (
    <p className="text-sm">
      <span className="font-medium">Predicted:</span> {predictedText(predicted, currency)}
    </p>
  );
  switch (outcome.state) {
    case 'measuring':
      return (
        <div className="grid gap-2">
          {predictedLine}
          <p className="text-sm text-muted-foreground">
            Measuring — day {outcome.day} of 7. The actual effect is measured on {formatDay(outcome.measuredOn)}, from
            Meta’s results for the 7 days before and the 7 days after the change.
          </p>
          <ProgressBar label={`Measuring: day ${outcome.day} of 7`} percent={(outcome.day / 7) * 100} />
        </div>
      );
    case 'measured':
      return (
        <div className="grid gap-3">
          {predictedLine}
          <p className="text-sm">
            <span className="font-medium">Actual:</span> {effectValue(predicted.metric, outcome.actual, currency)}{' '}
            {outcome.withinRange ? (
              <Badge variant="success">Within the predicted range</Badge>
            ) : (
              <Badge className="bg-amber-100 text-amber-900">Outside the predicted range</Badge>
            )}
          </p>
          <OutcomeChart
            predicted={predicted}
            actual={outcome.actual}
            label={`Predicted ${predictedText(predicted, currency)}; actual ${effectValue(predicted.metric, outcome.actual, currency)}`}
          />
          <p className="text-xs text-muted-foreground">
            Band: the predicted range, its line the expected effect; dot: what happened; dashed line: no change.
            {outcome.noise
              ? ` Judged against the range widened by ${effectValue(predicted.metric, outcome.noise, currency).replace(/^\+/, '')} either side: how far two weeks of Meta’s figures can differ by chance alone.`
              : null}
          </p>
          <div className="overflow-x-auto">
            <WindowTable before={outcome.before} after={outcome.after} currency={currency} />
          </div>
          {outcome.settled ? null : (
            <p className="text-xs text-muted-foreground">
              Meta may still credit late conversions to these days (7-day click window): measured again until{' '}
              {formatDay(addDays(outcome.after.until, 8))}.
            </p>
          )}
        </div>
      );
    case 'not_measurable':
      return (
        <div className="grid gap-2">
          {predictedLine}
          <Alert title="Not measured">{outcome.message}</Alert>
        </div>
      );
    case 'undone':
      return (
        <div className="grid gap-2">
          {predictedLine}
          <p className="text-sm text-muted-foreground">
            Undone on {formatDay(outcome.undoneAt.slice(0, 10))}: not measured, and not counted in the hit rates.
          </p>
        </div>
      );
  }
}
