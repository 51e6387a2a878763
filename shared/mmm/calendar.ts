/** Dates as ISO `YYYY-MM-DD` strings, handled in UTC day numbers so time zones never shift a period. */

const DAY_MS = 86_400_000;

export type Grain = 'day' | 'week' | 'month';

export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The data grain from the median step between consecutive dates. */
export function detectGrain(dates: readonly string[]): Grain {
  if (dates.length < 2) return 'week';
  const steps = dates.slice(1).map((d, i) => dayNumber(d) - dayNumber(dates[i]!));
  steps.sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)]!;
  if (median <= 1) return 'day';
  if (median <= 7) return 'week';
  return 'month';
}

/** Days each period spans: a week is 7 days, a month runs to the next period's start. */
export function periodEnds(dates: readonly string[], grain: Grain): number[] {
  return dates.map((d, i) => {
    const start = dayNumber(d);
    if (grain === 'day') return start + 1;
    if (grain === 'week') return start + 7;
    const next = dates[i + 1];
    if (next) return dayNumber(next);
    const date = new Date(start * DAY_MS);
    return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) / DAY_MS);
  });
}
