import type { ReportPeriod } from '@shared/schemas/reports';

/**
 * The period a report covers: the last whole week (Monday to Sunday) or the last whole calendar month before
 * `today` (the account's local day, YYYY-MM-DD). The key names the period, so one send per (workspace, key).
 */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function utc(text: string): Date {
  return new Date(`${text}T00:00:00Z`);
}

export function reportPeriod(cadence: 'weekly' | 'monthly', today: string): ReportPeriod {
  const now = utc(today);
  if (cadence === 'weekly') {
    // getUTCDay: Sunday 0 … Saturday 6; days back to this week's Monday, then one week more.
    const sinceMonday = (now.getUTCDay() + 6) % 7;
    const since = new Date(now.getTime() - (sinceMonday + 7) * 86_400_000);
    const until = new Date(since.getTime() + 6 * 86_400_000);
    return { cadence, since: day(since), until: day(until), key: `weekly:${day(since)}` };
  }
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { cadence, since: day(since), until: day(until), key: `monthly:${day(since).slice(0, 7)}` };
}
