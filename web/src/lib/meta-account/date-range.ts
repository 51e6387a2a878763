import { datePresets, type DatePreset, type DateRangeQuery } from '@shared/schemas/meta';

/** The range a person picked: one of Meta's presets, or two days in the ad account's time zone. */
export type DateRangeValue = { preset: DatePreset } | { preset: 'custom'; since: string; until: string };

export const DEFAULT_RANGE: DateRangeValue = { preset: 'last_30d' };

export const presetLabels: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7d: 'Last 7 days',
  last_14d: 'Last 14 days',
  last_28d: 'Last 28 days',
  last_30d: 'Last 30 days',
  last_90d: 'Last 90 days',
  this_month: 'This month',
  last_month: 'Last month',
};

export const rangeOptions = [
  ...datePresets.map((p) => ({ value: p, label: presetLabels[p] })),
  {
    value: 'custom' as const,
    label: 'Custom range',
  },
];

export function toRangeQuery(range: DateRangeValue): DateRangeQuery {
  return range.preset === 'custom' ? { since: range.since, until: range.until } : { datePreset: range.preset };
}

/** Today's date (YYYY-MM-DD) in a time zone; en-CA formats as ISO. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function rangeLabel(range: DateRangeValue): string {
  return range.preset === 'custom' ? `${range.since} – ${range.until}` : presetLabels[range.preset];
}
