import type { RuleSchedule } from '@shared/schemas/rules';

/**
 * Which run window a schedule is in at a moment, in the ad account's time zone. A window is the
 * unit of idempotency: the evaluator claims `<rule>#<window>` once (a conditional put), so a tick
 * that comes twice, a retried SQS message or a "run now" during a scheduled run act once.
 */

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  hour: number;
  minute: number;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The window a schedule is due in at `now`, or null when it is not due yet (a daily rule before its
 * time). Every-30-minutes windows start at :00 and :30, hourly ones on the hour, daily ones at the
 * rule's time, all in the account's zone (a daily 09:00 rule runs at 09:00 in Tokyo for a JPY account).
 */
export function dueWindow(schedule: RuleSchedule, now: Date, timeZone: string): string | null {
  const t = localTime(now, timeZone);
  switch (schedule.kind) {
    case 'every_30_minutes':
      return `${t.date}T${two(t.hour)}:${t.minute < 30 ? '00' : '30'}`;
    case 'hourly':
      return `${t.date}T${two(t.hour)}`;
    case 'daily': {
      const [hh, mm] = schedule.time.split(':').map(Number) as [number, number];
      return t.hour * 60 + t.minute >= hh * 60 + mm ? `${t.date}@${schedule.time}` : null;
    }
  }
}
