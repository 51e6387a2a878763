import type { DatePreset, DateRangeQuery } from '@shared/schemas/meta';

export interface DateRange {
  since: string;
  until: string;
}

const DAY_MS = 86_400_000;

/** Today's calendar date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Meta's presets, computed as Meta does in the ad account's time zone: `last_Nd` ends yesterday. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  const yesterday = addDays(today, -1);
  const lastDays = (n: number) => ({ since: addDays(today, -n), until: yesterday });
  switch (preset) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: yesterday, until: yesterday };
    case 'last_7d':
      return lastDays(7);
    case 'last_14d':
      return lastDays(14);
    case 'last_28d':
      return lastDays(28);
    case 'last_30d':
      return lastDays(30);
    case 'last_90d':
      return lastDays(90);
    case 'this_month':
      return { since: `${today.slice(0, 8)}01`, until: today };
    case 'last_month': {
      const firstOfThisMonth = `${today.slice(0, 8)}01`;
      const lastOfPrevious = addDays(firstOfThisMonth, -1);
      return { since: `${lastOfPrevious.slice(0, 8)}01`, until: lastOfPrevious };
    }
  }
}

/** The range a query asks for; last 30 days (Meta's default) when it names none. */
export function resolveRange(query: DateRangeQuery, timeZone: string, now: Date): DateRange {
  if (query.since && query.until) return { since: query.since, until: query.until };
  return presetRange(query.datePreset ?? 'last_30d', todayIn(timeZone, now));
}

/** Meta's `time_range` parameter. */
export function timeRangeParam(range: DateRange): string {
  return JSON.stringify({ since: range.since, until: range.until });
}
