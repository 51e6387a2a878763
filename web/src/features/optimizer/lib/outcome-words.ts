import type { ExpectedEffect } from '@shared/schemas/optimizer';
import type { DetectorScore } from '@shared/schemas/optimizer-outcomes';
import { formatMoney, formatNumber } from '@web/lib/format';

/** The effect in the prediction's unit, signed, in words a marketer reads. */
export function effectValue(metric: ExpectedEffect['metric'], value: number, currency: string): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const abs = Math.abs(value);
  switch (metric) {
    case 'results_per_week':
      return `${sign}${formatNumber(abs, 1)} results a week`;
    case 'link_clicks_per_week':
      return `${sign}${formatNumber(abs)} link clicks a week`;
    case 'spend_per_week':
      return `${value < 0 ? '−' : ''}${formatMoney(abs, currency)} saved a week`;
    case 'ctr_percent':
      return `${sign}${abs.toFixed(2)} CTR points`;
    case 'revenue_per_week':
      return `${sign}${formatMoney(abs, currency)} revenue a week`;
  }
}

export function predictedText(predicted: ExpectedEffect, currency: string): string {
  const plain = (v: number) => effectValue(predicted.metric, v, currency);
  return `${plain(predicted.expected)} (range ${plain(predicted.low)} to ${plain(predicted.high)})`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function biasText(score: DetectorScore, currency: string): string {
  if (score.medianBias === null || score.metric === null) return '—';
  return effectValue(score.metric, score.medianBias, currency);
}
