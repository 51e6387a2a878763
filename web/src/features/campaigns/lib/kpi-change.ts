import type { Metrics } from '@shared/schemas/meta';

export type KpiKey = 'spend' | 'results' | 'costPerResult' | 'roas' | 'ctr';
/** Which way is good: more results is good, a lower cost per result is good, spend is neither. */
export type KpiDirection = 'higher' | 'lower' | 'neutral';

export const kpiDirections: Record<KpiKey, KpiDirection> = {
  spend: 'neutral',
  results: 'higher',
  costPerResult: 'lower',
  roas: 'higher',
  ctr: 'higher',
};

export interface KpiChange {
  /** Percent change vs the previous period; null when there is nothing to compare with. */
  percent: number | null;
  trend: 'up' | 'down' | 'flat';
  tone: 'good' | 'bad' | 'neutral';
}

/** Percent change from previous to current; null when either is missing or the base is zero. */
export function percentChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** Changes smaller than this read as flat (rounding noise, not a trend). */
const FLAT_PERCENT = 0.05;

export function kpiChange(key: KpiKey, current: Metrics, previous: Metrics | null): KpiChange {
  const percent = previous ? percentChange(current[key], previous[key]) : null;
  if (percent === null || Math.abs(percent) < FLAT_PERCENT) return { percent, trend: 'flat', tone: 'neutral' };
  const trend = percent > 0 ? 'up' : 'down';
  const direction = kpiDirections[key];
  if (direction === 'neutral') return { percent, trend, tone: 'neutral' };
  const good = direction === 'higher' ? trend === 'up' : trend === 'down';
  return { percent, trend, tone: good ? 'good' : 'bad' };
}

export function formatChange(percent: number | null): string {
  if (percent === null) return '—';
  const rounded = Math.abs(percent) >= 100 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}
