import { formatCurrency } from '@shared/currency-units';
import { roasText } from '@shared/roas-text';
import type { KeyFigure } from '@shared/schemas/reports';

/**
 * How the report writes its figures: the same definitions as the dashboard's tiles (money through
 * formatCurrency, ROAS through roasText, a change rounded to a tenth below 100 %), in en-US so a report reads
 * the same wherever it is opened.
 */
export function moneyText(value: number | null, currency: string): string {
  return value === null ? '—' : formatCurrency(value, currency);
}

export function countText(value: number | null): string {
  return value === null ? '—' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

export function roasFigureText(value: number | null): string {
  return value === null ? '—' : roasText(value);
}

export function changeText(percent: number | null): string {
  if (percent === null) return '—';
  const rounded = Math.abs(percent) >= 100 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

export type FigureKind = 'money' | 'count' | 'roas';

export function figureText(value: number | null, kind: FigureKind, currency: string): string {
  if (kind === 'money') return moneyText(value, currency);
  if (kind === 'count') return countText(value);
  return roasFigureText(value);
}

/** A row of the key-figures table: this period, the period before, the change, the target. */
export function keyFigureCells(figure: KeyFigure, kind: FigureKind, currency: string): string[] {
  return [
    figureText(figure.current, kind, currency),
    figureText(figure.previous, kind, currency),
    changeText(figure.changePercent),
    figure.target === null ? '—' : figureText(figure.target, kind, currency),
  ];
}

/** "Nov 3, 2026" for a calendar day (YYYY-MM-DD, already the account's). */
export function dayText(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function shortDayText(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
