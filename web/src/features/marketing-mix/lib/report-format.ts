import { formatNumber } from '@web/lib/format';

/** Each channel keeps its colour across the report's charts. */
const COLOURS = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#4b5563'];
export const colour = (i: number) => COLOURS[i % COLOURS.length]!;
export const compact = (v: number) =>
  new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
/** Two decimals, or three significant digits below 1: an ROI of 0.0027 (spend in large units) is not "0". */
export const ratio = (v: number | null | undefined) =>
  v === null || v === undefined
    ? '—'
    : Math.abs(v) >= 1 || v === 0
      ? formatNumber(v, 2)
      : new Intl.NumberFormat(undefined, { maximumSignificantDigits: 3 }).format(v);
/** Axis labels stay short enough not to run into each other on a phone; the tooltip and table give the full name. */
export const shortLabel = (name: string, max = 12) =>
  // The middle goes: numbered components (trend_changepoint_1, _2…) stay told apart by their ends.
  name.length > max ? `${name.slice(0, Math.ceil((max - 1) / 2))}…${name.slice(-Math.floor((max - 1) / 2))}` : name;
