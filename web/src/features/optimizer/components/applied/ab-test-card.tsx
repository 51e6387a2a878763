import type { AbArm, AbMeasurement, AppliedAbTest } from '@shared/schemas/optimizer-outcomes';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { formatDay, formatMoney, formatNumber, formatPercent } from '@web/lib/format';
import {
  chanceLine,
  chanceText,
  differenceText,
  KIND_WORDS,
  measurementLabel,
  predictedWords,
  RUN_LABELS,
} from '../../lib/ab-test-words';
import { ComparisonTable } from './comparison-table';

function ArmTable({ control, variant, currency }: { control: AbArm; variant: AbArm; currency: string }) {
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, currency));
  const rows: Array<[string, string, string]> = [
    ['Spend (test spend)', money(control.spend), money(variant.spend)],
    ['Impressions', formatNumber(control.impressions), formatNumber(variant.impressions)],
    ['Link clicks', formatNumber(control.linkClicks), formatNumber(variant.linkClicks)],
    ['CTR', formatPercent(control.ctrPercent), formatPercent(variant.ctrPercent)],
    ['Results', formatNumber(control.results), formatNumber(variant.results)],
    ['Cost per result', money(control.costPerResult), money(variant.costPerResult)],
  ];
  return (
    <ComparisonTable caption="Original and variant over the same days" columns={['Original', 'Variant']} rows={rows} />
  );
}

function daysText(m: AbMeasurement): string {
  if (m.days === 0 || !m.since || !m.until) return 'No day yet on which both ads delivered.';
  const span = m.since === m.until ? formatDay(m.since) : `${formatDay(m.since)}–${formatDay(m.until)}`;
  return `Over the ${m.days === 1 ? 'one day' : `${m.days} days`} both ads delivered (${span}), side by side in one ad set.`;
}

function MeasurementBody({ m, currency }: { m: AbMeasurement; currency: string }) {
  if (m.state === 'collecting') {
    const least = Math.min(m.control.impressions, m.variant.impressions);
    return (
      <div className="grid gap-2">
        <p className="text-sm">
          <span className="font-medium">Collecting data:</span> each side needs {formatNumber(m.minImpressions)}{' '}
          impressions on the days both ran before they are compared (original {formatNumber(m.control.impressions)},
          variant {formatNumber(m.variant.impressions)}).
        </p>
        <ProgressBar label="Collecting data" percent={(least / m.minImpressions) * 100} />
        <p className="text-xs text-muted-foreground">{daysText(m)}</p>
        <div className="overflow-x-auto">
          <ArmTable control={m.control} variant={m.variant} currency={currency} />
        </div>
      </div>
    );
  }
  const decisive = m.decidedOn === 'cost_per_result' && m.costPerResult ? m.costPerResult : m.ctr;
  const other = decisive === m.ctr ? m.costPerResult : m.ctr;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <span className="font-medium">{measurementLabel(m)}</span> on{' '}
        {m.decidedOn === 'cost_per_result' ? 'cost per result' : 'CTR'}: {chanceLine(decisive)};{' '}
        {differenceText(decisive)}. A side is called ahead from {chanceText(m.threshold)}.
      </p>
      {other ? (
        <p className="text-sm text-muted-foreground">
          Also: {chanceLine(other)}; {differenceText(other)}.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{daysText(m)}</p>
      <div className="overflow-x-auto">
        <ArmTable control={m.control} variant={m.variant} currency={currency} />
      </div>
    </div>
  );
}

/** One A/B copy or one-element test in the Applied tab: the copy against its original over the same days. */
export function AbTestCard({ item, currency }: { item: AppliedAbTest; currency: string }) {
  const m = item.measurement;
  const ahead = m.state === 'compared' && m.verdict !== 'no_clear_difference';
  return (
    <li>
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{KIND_WORDS[item.kind]}</Badge>
            <Badge variant={ahead ? 'success' : 'outline'}>{measurementLabel(m)}</Badge>
            <Badge variant="outline">{RUN_LABELS[item.run.state]}</Badge>
            <span className="text-xs text-muted-foreground">Made {formatDay(item.madeAt.slice(0, 10))}</span>
          </div>
          <CardTitle className="break-words text-base">{item.title}</CardTitle>
          <CardDescription className="break-words">
            Original: {m.control.adName} · Variant: {m.variant.adName}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm">
            <span className="font-medium">Predicted:</span> {predictedWords(item.predicted)}
            {item.predicted.probability !== undefined
              ? ` (the creative report: ${chanceText(item.predicted.probability)} likely the best)`
              : ''}
          </p>
          <p className="text-sm text-muted-foreground">
            {item.run.state === 'stopped' && item.run.at ? `Stopped ${formatDay(item.run.at.slice(0, 10))}. ` : ''}
            {item.run.message}
          </p>
          <MeasurementBody m={m} currency={currency} />
        </CardContent>
      </Card>
    </li>
  );
}
