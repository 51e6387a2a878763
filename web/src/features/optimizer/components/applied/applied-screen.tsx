import { History, Undo2 } from 'lucide-react';
import type { ExpectedEffect } from '@shared/schemas/optimizer';
import type { AppliedRecommendation, DetectorScore, WindowFigures } from '@shared/schemas/optimizer-outcomes';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { useAppliedOutcomes, useUndoApplied, type AppliedList } from '@web/features/optimizer/api/optimizer-applied';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { AdAccountToolbar, MetaAccountGate } from '@web/components/meta-account/meta-account-gate';
import { KIND_LABELS } from '../recommendations/optimizer-screen';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';

/** The effect in the prediction's unit, signed, in words a marketer reads. */
function effectValue(metric: ExpectedEffect['metric'], value: number, currency: string): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const abs = Math.abs(value);
  switch (metric) {
    case 'results_per_week':
      return `${sign}${formatNumber(abs, 1)} results a week`;
    case 'link_clicks_per_week':
      return `${sign}${formatNumber(abs)} link clicks a week`;
    case 'spend_per_week':
      return `${value < 0 ? '−' : ''}${formatMoney(abs, currency)} saved a week`;
    case 'ctr_percent':
      return `${sign}${abs.toFixed(2)} CTR points`;
    case 'revenue_per_week':
      return `${sign}${formatMoney(abs, currency)} revenue a week`;
  }
}

function predictedText(predicted: ExpectedEffect, currency: string): string {
  const plain = (v: number) => effectValue(predicted.metric, v, currency);
  return `${plain(predicted.expected)} (range ${plain(predicted.low)} to ${plain(predicted.high)})`;
}

/**
 * The predicted range as a band, the expected value as a tick, the actual as a point (green
 * inside the range, amber outside), on one axis that always includes zero.
 */
function OutcomeChart({
  predicted,
  actual,
  label,
}: {
  predicted: ExpectedEffect;
  actual: number | null;
  label: string;
}) {
  const values = [predicted.low, predicted.high, predicted.expected, 0, ...(actual === null ? [] : [actual])];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min || 1) * 0.08;
  const x = (v: number) => 8 + ((v - (min - pad)) / (max - min + 2 * pad)) * 284;
  const inside = actual !== null && actual >= predicted.low && actual <= predicted.high;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 300 44" className="h-auto w-full max-w-md">
      <line x1="8" x2="292" y1="22" y2="22" className="stroke-muted-foreground/30" strokeWidth="1" />
      <line
        x1={x(0)}
        x2={x(0)}
        y1="6"
        y2="38"
        className="stroke-muted-foreground/60"
        strokeWidth="1"
        strokeDasharray="2 2"
      />
      <rect
        x={x(predicted.low)}
        y="12"
        width={Math.max(2, x(predicted.high) - x(predicted.low))}
        height="20"
        rx="3"
        className="fill-primary/20 stroke-primary/50"
      />
      <line
        x1={x(predicted.expected)}
        x2={x(predicted.expected)}
        y1="10"
        y2="34"
        className="stroke-primary"
        strokeWidth="2"
      />
      {actual !== null ? (
        <circle
          cx={x(actual)}
          cy="22"
          r="6"
          className={inside ? 'fill-success stroke-background' : 'fill-amber-500 stroke-background'}
          strokeWidth="2"
        />
      ) : null}
    </svg>
  );
}

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

function OutcomeBody({ item, currency }: { item: AppliedRecommendation; currency: string }) {
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

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function AppliedCard({
  item,
  currency,
  onUndo,
  undoing,
  readAt,
}: {
  item: AppliedRecommendation;
  currency: string;
  onUndo: () => void;
  undoing: boolean;
  /** When the list was read (ms). */
  readAt: number;
}) {
  // Judged at the time of the read; the server checks the 24 hours again on undo.
  const canUndo = item.status === 'applied' && item.undoUntil !== undefined && Date.parse(item.undoUntil) > readAt;
  const statusLabel =
    item.outcome.state === 'measured'
      ? 'Measured'
      : item.outcome.state === 'measuring'
        ? 'Measuring'
        : item.outcome.state === 'undone'
          ? 'Undone'
          : 'Not measured';
  return (
    <li>
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{KIND_LABELS[item.kind]}</Badge>
            <Badge variant={item.outcome.state === 'measured' ? 'success' : 'outline'}>{statusLabel}</Badge>
            <span className="text-xs text-muted-foreground">Applied {formatDay(item.appliedAt.slice(0, 10))}</span>
          </div>
          <CardTitle className="break-words text-base">{item.title}</CardTitle>
          <CardDescription className="break-words">
            Changed: {item.objects.map((o) => o.objectName).join(', ')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <OutcomeBody item={item} currency={currency} />
          {canUndo ? (
            <div>
              <Button variant="outline" onClick={onUndo} disabled={undoing} aria-label={`Undo: ${item.title}`}>
                <Undo2 aria-hidden="true" /> {undoing ? 'Undoing…' : 'Undo'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function biasText(score: DetectorScore, currency: string): string {
  if (score.medianBias === null || score.metric === null) return '—';
  return effectValue(score.metric, score.medianBias, currency);
}

function DetectorTable({ list }: { list: AppliedList }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">How each detector’s predictions held up</CardTitle>
        <CardDescription>
          Hit rate: the share of measured recommendations whose actual effect fell within the predicted range widened by
          the measurement’s own chance variation (how far two weeks of Meta’s figures differ by chance alone: for
          results and clicks 1.96 × √(before + after), for CTR the two weeks’ binomial error, for spend none). Bias: the
          median of actual minus expected (above zero, the detector is too cautious; below, it promises too much). Shown
          once a detector has {list.minHistory} measured recommendations.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Detector hit rates</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  Detector
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Measured
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Hit rate
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Median bias
                </th>
              </tr>
            </thead>
            <tbody>
              {list.detectors.map((score) => (
                <tr key={score.kind} className="border-t">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {KIND_LABELS[score.kind]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{score.n}</td>
                  <td className="py-1.5 text-right">
                    {score.hitRate === null ? (
                      <span className="text-muted-foreground">Not enough history</span>
                    ) : (
                      `${Math.round(score.hitRate * 100)}% (${score.hits} of ${score.n})`
                    )}
                  </td>
                  <td className="py-1.5 text-right">{biasText(score, list.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function AppliedWorkspace() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const { adAccounts, selectedAdAccount, selectAdAccount } = useMetaConnection();
  const accountId = selectedAdAccount?.id;
  const list = useAppliedOutcomes(uid, accountId);
  const undo = useUndoApplied(uid, accountId);
  const items = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <AdAccountToolbar
        accounts={adAccounts}
        value={accountId}
        onChange={selectAdAccount}
        fetching={list.isFetching}
        onRefetch={() => void list.refetch()}
        idleLabel="Measure again"
        busyLabel="Measuring…"
      />
      {list.isError ? (
        <QueryErrorAlert
          title="Applied recommendations could not be measured"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Measuring applied recommendations">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          {items.length === 0 ? (
            <Card className="border-dashed">
              <CardHeader className="items-center text-center">
                <History aria-hidden="true" className="size-10 text-primary" />
                <CardTitle>Nothing applied yet</CardTitle>
                <CardDescription className="max-w-lg">
                  Approve a recommendation and it appears here: 7 days later, its predicted effect next to what Meta
                  then reported.
                </CardDescription>
              </CardHeader>
            </Card>
          ) : (
            <ul aria-label="Applied recommendations" className="grid gap-3">
              {items.map((item) => (
                <AppliedCard
                  key={item.id}
                  item={item}
                  currency={list.data!.currency}
                  onUndo={() => undo.mutate(item.id)}
                  undoing={undo.isPending && undo.variables === item.id}
                  readAt={list.dataUpdatedAt}
                />
              ))}
            </ul>
          )}
          {list.data ? <DetectorTable list={list.data} /> : null}
        </>
      )}
    </div>
  );
}

/** /optimizer/applied: what applied recommendations predicted, what happened, and how each detector scores. */
export function OptimizerApplied() {
  return (
    <MetaAccountGate
      icon={History}
      title="Connect Meta to see what applied recommendations did"
      description="Each recommendation you approve is measured 7 days later against Meta’s own results."
    >
      <AppliedWorkspace />
    </MetaAccountGate>
  );
}
