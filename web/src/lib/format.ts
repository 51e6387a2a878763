import { roasText } from '@shared/roas-text';
import { budgetToMajor, formatCurrency } from '@shared/currency-units';

/** Money in major units (insights), in the ad account's currency (the shared formatter, in the browser's locale). */
export function formatMoney(value: number | null | undefined, currency: string, options?: { compact?: boolean }) {
  if (value === null || value === undefined) return '—';
  return formatCurrency(value, currency, { locale: undefined, compact: options?.compact ?? false });
}

/** A budget as Meta keeps it (minor units: cents, or yen) shown in the account currency. */
export function formatBudget(minor: number, currency: string): string {
  return formatMoney(budgetToMajor(minor, currency), currency);
}

export function formatNumber(value: number | null | undefined, maximumFractionDigits = 0): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(undefined, { maximumFractionDigits }).format(value);
}

/** CTR arrives as a percentage already (1.5 means 1.5 %). */
export function formatPercent(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined) return '—';
  return `${value.toFixed(fractionDigits)}%`;
}

export function formatRoas(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return roasText(value);
}

/** A Meta calendar day (YYYY-MM-DD, already in the account's time zone) as a short label. */
export function formatDay(isoDate: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }) {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant (campaign start/stop) in the ad account's time zone. */
export function formatInstant(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** How long before `now` an instant was, as people say it: "just now", "6 minutes ago", "2 hours ago". */
export function formatAge(iso: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'just now';
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  if (seconds < 3600) return words.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return words.format(-Math.floor(seconds / 3600), 'hour');
  return words.format(-Math.floor(seconds / 86_400), 'day');
}
