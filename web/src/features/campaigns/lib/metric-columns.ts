import type { Metrics } from '@shared/schemas/meta';

/** The figures a performance table can show, as Ads Manager names them. */
export const metricColumns = [
  { key: 'spend', label: 'Spend' },
  { key: 'results', label: 'Results' },
  { key: 'costPerResult', label: 'Cost per result' },
  { key: 'roas', label: 'ROAS', title: 'ROAS (purchase value over spend)' },
  { key: 'ctr', label: 'CTR (link)', title: 'CTR (link click-through rate)' },
  { key: 'cpc', label: 'CPC (link)', title: 'CPC (cost per link click)' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'reach', label: 'Reach' },
  { key: 'frequency', label: 'Frequency' },
  { key: 'linkClicks', label: 'Link clicks' },
  { key: 'cpm', label: 'CPM', title: 'CPM (cost per 1,000 impressions)' },
  { key: 'clicks', label: 'Clicks (all)' },
  { key: 'ctrAll', label: 'CTR (all)' },
  { key: 'purchaseValue', label: 'Purchase value' },
] as const satisfies readonly { key: keyof Metrics; label: string; title?: string }[];

export type MetricColumn = (typeof metricColumns)[number];
export type MetricKey = MetricColumn['key'];

/** What a marketer judges a campaign by first: the columns shown until they choose others. */
export const DEFAULT_METRIC_KEYS: readonly MetricKey[] = ['spend', 'results', 'costPerResult', 'roas', 'ctr', 'cpc'];

export function isMetricKey(value: unknown): value is MetricKey {
  return metricColumns.some((column) => column.key === value);
}

/** The chosen keys as columns, in the table's own order whatever order they were ticked in. */
export function columnsFor(keys: readonly MetricKey[]): MetricColumn[] {
  return metricColumns.filter((column) => keys.includes(column.key));
}
