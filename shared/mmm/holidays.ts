/**
 * Country holiday tables computed from their rules (fixed dates, nth weekdays, Easter offsets),
 * so no year is ever missing, then aggregated to the data grain as counts per period.
 */
import { dayNumber, type Grain, periodEnds } from './calendar';

export const HOLIDAY_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'] as const;
export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number];

type Rule =
  | { kind: 'fixed'; month: number; day: number }
  | { kind: 'nth'; month: number; weekday: number; n: number } // n = −1: last
  | { kind: 'easter'; offset: number };

const fixed = (month: number, day: number): Rule => ({ kind: 'fixed', month, day });
const nth = (month: number, weekday: number, n: number): Rule => ({ kind: 'nth', month, weekday, n });
const easter = (offset: number): Rule => ({ kind: 'easter', offset });

const MON = 1;
const THU = 4;

const RULES: Record<HolidayCountry, Record<string, Rule>> = {
  US: {
    "New Year's Day": fixed(1, 1),
    'Martin Luther King Jr. Day': nth(1, MON, 3),
    "Washington's Birthday": nth(2, MON, 3),
    'Memorial Day': nth(5, MON, -1),
    'Independence Day': fixed(7, 4),
    'Labor Day': nth(9, MON, 1),
    'Columbus Day': nth(10, MON, 2),
    'Veterans Day': fixed(11, 11),
    Thanksgiving: nth(11, THU, 4),
    'Christmas Day': fixed(12, 25),
  },
  GB: {
    "New Year's Day": fixed(1, 1),
    'Good Friday': easter(-2),
    'Easter Monday': easter(1),
    'Early May Bank Holiday': nth(5, MON, 1),
    'Spring Bank Holiday': nth(5, MON, -1),
    'Summer Bank Holiday': nth(8, MON, -1),
    'Christmas Day': fixed(12, 25),
    'Boxing Day': fixed(12, 26),
  },
  DE: {
    Neujahr: fixed(1, 1),
    Karfreitag: easter(-2),
    Ostermontag: easter(1),
    'Erster Mai': fixed(5, 1),
    'Christi Himmelfahrt': easter(39),
    Pfingstmontag: easter(50),
    'Tag der Deutschen Einheit': fixed(10, 3),
    'Erster Weihnachtstag': fixed(12, 25),
    'Zweiter Weihnachtstag': fixed(12, 26),
  },
  FR: {
    "Jour de l'an": fixed(1, 1),
    'Lundi de Pâques': easter(1),
    'Fête du Travail': fixed(5, 1),
    'Victoire 1945': fixed(5, 8),
    Ascension: easter(39),
    'Lundi de Pentecôte': easter(50),
    'Fête nationale': fixed(7, 14),
    Assomption: fixed(8, 15),
    Toussaint: fixed(11, 1),
    'Armistice 1918': fixed(11, 11),
    Noël: fixed(12, 25),
  },
  CA: {
    "New Year's Day": fixed(1, 1),
    'Good Friday': easter(-2),
    'Victoria Day': { kind: 'nth', month: 5, weekday: MON, n: -2 }, // Monday before 25 May, resolved below
    'Canada Day': fixed(7, 1),
    'Labour Day': nth(9, MON, 1),
    Thanksgiving: nth(10, MON, 2),
    'Christmas Day': fixed(12, 25),
    'Boxing Day': fixed(12, 26),
  },
  AU: {
    "New Year's Day": fixed(1, 1),
    'Australia Day': fixed(1, 26),
    'Good Friday': easter(-2),
    'Easter Monday': easter(1),
    'Anzac Day': fixed(4, 25),
    "King's Birthday": nth(6, MON, 2),
    'Christmas Day': fixed(12, 25),
    'Boxing Day': fixed(12, 26),
  },
};

/** Gregorian Easter Sunday (anonymous Gregorian algorithm) as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const utcDay = (year: number, month: number, day: number) => Math.round(Date.UTC(year, month - 1, day) / 86_400_000);

function resolve(rule: Rule, year: number): number {
  if (rule.kind === 'fixed') return utcDay(year, rule.month, rule.day);
  if (rule.kind === 'easter') {
    const [month, day] = easterSunday(year);
    return utcDay(year, month, day) + rule.offset;
  }
  if (rule.n === -2) {
    // The last given weekday strictly before the 25th (Canada's Victoria Day).
    let day = utcDay(year, rule.month, 24);
    while (new Date(day * 86_400_000).getUTCDay() !== rule.weekday) day -= 1;
    return day;
  }
  if (rule.n === -1) {
    let day = utcDay(year, rule.month + 1, 1) - 1;
    while (new Date(day * 86_400_000).getUTCDay() !== rule.weekday) day -= 1;
    return day;
  }
  let day = utcDay(year, rule.month, 1);
  while (new Date(day * 86_400_000).getUTCDay() !== rule.weekday) day += 1;
  return day + 7 * (rule.n - 1);
}

export interface Holiday {
  date: string;
  name: string;
}

export function holidaysFor(country: HolidayCountry, fromYear: number, toYear: number): Holiday[] {
  const out: Holiday[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const [name, rule] of Object.entries(RULES[country])) {
      out.push({ date: new Date(resolve(rule, year) * 86_400_000).toISOString().slice(0, 10), name });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** Holidays falling in each period [date, next period) — Robyn's weekly holiday counts. */
export function holidayCounts(dates: readonly string[], grain: Grain, country: HolidayCountry): Float64Array {
  const counts = new Float64Array(dates.length);
  if (dates.length === 0) return counts;
  const ends = periodEnds(dates, grain);
  const firstYear = Number(dates[0]!.slice(0, 4));
  const lastYear = Number(dates[dates.length - 1]!.slice(0, 4)) + 1;
  const days = holidaysFor(country, firstYear, lastYear).map((h) => dayNumber(h.date));
  dates.forEach((d, i) => {
    const start = dayNumber(d);
    counts[i] = days.filter((day) => day >= start && day < ends[i]!).length;
  });
  return counts;
}
