import { outcomeVerdict, type CostPerResultVerdict } from '@shared/optimizer-verdict';
import type { AppliedRecommendation, WindowFigures } from '@shared/schemas/optimizer-outcomes';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { addDays, effectValue, predictedText } from '../../lib/outcome-words';
import { OutcomeChart } from './outcome-chart';
import { ComparisonTable } from './comparison-table';

function WindowTable({ before, after, currency }: { before: WindowFigures; after: WindowFigures; currency: string }) {
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, currency));
  const rows: Array<[string, string, string]> = [
    ['Results', formatNumber(before.results), formatNumber(after.results)],
    ['Cost per result', money(before.costPerResult), money(after.costPerResult)],
    ['Spend', money(before.spend), money(after.spend)],
  ];
  return (
    <ComparisonTable
      caption="Meta’s figures for the 7 days before and after"
      columns={[
        <>
          Before ({formatDay(before.since)}–{formatDay(before.until)})
        </>,
        <>
          After ({formatDay(after.since)}–{formatDay(after.until)})
        </>,
      ]}
      rows={rows}
    />
  );
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The cost of a result before and after, and whether chance explains the change. */
function costPerResultLine(cost: CostPerResultVerdict, currency: string): string {
  const money = (v: number) => formatMoney(v, currency);
  const chance = cost.beyondNoise
    ? `more than chance explains (±${percent(cost.noise)})`
    : `within what chance explains (±${percent(cost.noise)})`;
  if (cost.direction === 'held') return `Cost per result held at ${money(cost.after)}.`;
  const sign = cost.change > 0 ? '+' : '−';
  return `Cost per result ${cost.direction} from ${money(cost.before)} to ${money(cost.after)} (${sign}${percent(Math.abs(cost.change))}), ${chance}.`;
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
    case 'measured': {
      const verdict = outcomeVerdict(predicted, outcome);
      const good = verdict.asPredicted || (verdict.range === 'above' && !verdict.indistinguishable);
      return (
        <div className="grid gap-3">
          {predictedLine}
          {outcome.noise ? (
            <p className="text-sm">
              <span className="font-medium">Noise allowance:</span> ±
              {effectValue(predicted.metric, outcome.noise, currency).replace(/^\+/, '')}, how far two weeks of Meta’s
              figures can differ by chance alone.
            </p>
          ) : null}
          <p className="text-sm">
            <span className="font-medium">Actual:</span> {effectValue(predicted.metric, outcome.actual, currency)}{' '}
            {good ? (
              <Badge variant="success">{verdict.headline}</Badge>
            ) : (
              <Badge className="bg-amber-100 text-amber-900">{verdict.headline}</Badge>
            )}
          </p>
          {verdict.costPerResult ? (
            <p className="text-sm">{costPerResultLine(verdict.costPerResult, currency)}</p>
          ) : null}
          <OutcomeChart
            predicted={predicted}
            actual={outcome.actual}
            label={`Predicted ${predictedText(predicted, currency)}; actual ${effectValue(predicted.metric, outcome.actual, currency)}`}
          />
          <p className="text-xs text-muted-foreground">
            Band: the predicted range, its line the expected effect; dot: what happened; dashed line: no change. An
            actual within the noise allowance of no change cannot be told from chance.
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
    }
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
