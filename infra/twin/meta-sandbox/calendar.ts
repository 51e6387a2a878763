/**
 * Calendar dates ("YYYY-MM-DD") in an ad account's time zone. Meta reports
 * insights per account-local day, so every date computation goes through here;
 * day arithmetic is done on UTC midnights, which never has DST gaps.
 */

export type IsoDate = string;

const DAY_MS = 86_400_000;

interface ZonedParts {
  date: IsoDate;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const zonedCache = new Map<string, ZonedParts>();

/** Memoised per second: every insights call asks the same zone for "now" once per ad. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 1000)}`;
  const cached = zonedCache.get(key);
  if (cached) return cached;
  if (zonedCache.size > 10_000) zonedCache.clear();
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const zoned = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
  zonedCache.set(key, zoned);
  return zoned;
}

export function todayIn(timeZone: string, now: Date): IsoDate {
  return zonedParts(now, timeZone).date;
}

/** Share of the account-local day already elapsed: today's insights are partial, as on Meta. */
export function dayFractionElapsed(timeZone: string, now: Date): number {
  const { hour, minute, second } = zonedParts(now, timeZone);
  return (hour * 3600 + minute * 60 + second) / 86_400;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const addDaysCache = new Map<string, IsoDate>();

/** Memoised: the insights model walks the same few hundred dates over and over. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const key = `${date}|${days}`;
  let result = addDaysCache.get(key);
  if (result === undefined) {
    if (addDaysCache.size > 200_000) addDaysCache.clear();
    result = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    addDaysCache.set(key, result);
  }
  return result;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}

export interface DateRange {
  since: IsoDate;
  until: IsoDate;
}

function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

function startOfQuarter(date: IsoDate): IsoDate {
  const month = Number(date.slice(5, 7));
  const quarterMonth = Math.floor((month - 1) / 3) * 3 + 1;
  return `${date.slice(0, 4)}-${String(quarterMonth).padStart(2, '0')}-01`;
}

function shiftMonths(firstOfMonth: IsoDate, months: number): IsoDate {
  const d = new Date(`${firstOfMonth}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * Meta's date presets, relative to the account-local `today`. The rolling
 * "last_Nd" presets end yesterday (today is partial), the "this_*" ones include
 * today; `maximum`/`data_maximum` start at `dataStart`.
 */
export function resolveDatePreset(preset: string, today: IsoDate, dataStart: IsoDate): DateRange {
  const yesterday = addDays(today, -1);
  const lastDays = /^last_(\d+)d$/.exec(preset);
  if (lastDays) return { since: addDays(today, -Number(lastDays[1])), until: yesterday };
  const weekday = dayOfWeek(today);
  const mondayThisWeek = addDays(today, -((weekday + 6) % 7));
  const sundayThisWeek = addDays(today, -weekday);
  switch (preset) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: yesterday, until: yesterday };
    case 'this_month':
      return { since: startOfMonth(today), until: today };
    case 'last_month': {
      const since = shiftMonths(startOfMonth(today), -1);
      return { since, until: addDays(startOfMonth(today), -1) };
    }
    case 'this_quarter':
      return { since: startOfQuarter(today), until: today };
    case 'last_quarter': {
      const since = shiftMonths(startOfQuarter(today), -3);
      return { since, until: addDays(startOfQuarter(today), -1) };
    }
    case 'this_year':
      return { since: `${today.slice(0, 4)}-01-01`, until: today };
    case 'last_year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { since: `${year}-01-01`, until: `${year}-12-31` };
    }
    case 'this_week_mon_today':
      return { since: mondayThisWeek, until: today };
    case 'this_week_sun_today':
      return { since: sundayThisWeek, until: today };
    case 'last_week_mon_sun':
      return { since: addDays(mondayThisWeek, -7), until: addDays(mondayThisWeek, -1) };
    case 'last_week_sun_sat':
      return { since: addDays(sundayThisWeek, -7), until: addDays(sundayThisWeek, -1) };
    case 'maximum':
    case 'data_maximum':
      return { since: dataStart, until: today };
    default:
      throw new Error(`unknown date preset ${preset}`);
  }
}

/** Splits a range into Meta's time_increment buckets: N days, calendar months, or one bucket. */
export function splitRange(range: DateRange, increment: number | 'monthly' | 'all_days'): DateRange[] {
  if (increment === 'all_days') return [range];
  const buckets: DateRange[] = [];
  let since = range.since;
  while (since <= range.until) {
    const end =
      increment === 'monthly' ? addDays(shiftMonths(startOfMonth(since), 1), -1) : addDays(since, increment - 1);
    const until = minDate(end, range.until);
    buckets.push({ since, until });
    since = addDays(until, 1);
  }
  return buckets;
}

/** "2026-07-01T10:00:00-0400": the timestamp format of Marketing API nodes, in the account's zone. */
export function formatGraphTime(instant: Date, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  const localAsUtc = Date.parse(
    `${parts.date}T${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:${String(parts.second).padStart(2, '0')}Z`,
  );
  const offsetMinutes = Math.round((localAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  const time = `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:${String(parts.second).padStart(2, '0')}`;
  return `${parts.date}T${time}${offset}`;
}

/** A local calendar date at local midnight, as an instant (for created/start times). */
export function localMidnight(date: IsoDate, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const parts = zonedParts(guess, timeZone);
  const shownAsUtc = Date.parse(
    `${parts.date}T${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:00Z`,
  );
  return new Date(guess.getTime() - (shownAsUtc - guess.getTime()));
}
