import { ProgressBar } from '@web/components/ui/progress-bar';
import { formatDay } from '@web/lib/format';

/**
 * Shown while Meta builds a report run (long ranges, large accounts): Meta's own percent, so a wait
 * of many seconds reads as progress rather than a blank page.
 */
export function InsightsReportProgress({ percent, status }: { percent: number; status: string }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-6 shadow-sm" aria-live="polite">
      <p className="font-medium">Meta is preparing this report…</p>
      <ProgressBar label="Meta report progress" percent={percent} />
      <p className="text-sm text-muted-foreground">
        {Math.round(percent)}% done ({status}). Long date ranges and large accounts are built by Meta as a report job;
        the figures appear here as soon as it is ready.
      </p>
    </div>
  );
}

/** Meta had more days than could be read in time: say where the chart stops rather than draw zeros. */
export function PartialSeriesNote({ lastDay }: { lastDay: string | undefined }) {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Meta was slow to answer, so the daily chart stops at{' '}
      {lastDay ? formatDay(lastDay, { dateStyle: 'medium' }) : 'the last day read'}. The totals cover the whole range.
      Choose a shorter range, or load it again, to see every day.
    </p>
  );
}
