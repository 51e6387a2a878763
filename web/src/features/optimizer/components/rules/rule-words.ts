import { formatThreshold } from '@shared/rule-language';
import type { ConditionReading } from '@shared/schemas/rules';

const METRIC: Record<string, string> = {
  spend: 'Spend',
  results: 'Results',
  cost_per_result: 'Cost per result',
  roas: 'ROAS',
  ctr: 'CTR',
  cpm: 'CPM',
  frequency: 'Frequency',
};
const COMPARATOR: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

/**
 * "Cost per result $52.10 > $40 (Nov 18–Nov 20)": a reading, short enough for a table cell. A value that could not be
 * computed says so and whether it counted ("Cost per result: no results, counts as > $50"), not "no results > $50".
 */
export function reasonText(readings: readonly ConditionReading[], currency: string): string {
  return readings
    .map((r) => {
      const metric = METRIC[r.metric] ?? r.metric;
      const test = `${COMPARATOR[r.comparator]} ${formatThreshold(r.metric, r.threshold, currency)}`;
      const span = r.from === r.to ? r.from : `${r.from} – ${r.to}`;
      if (r.value === null) {
        const missing = r.metric === 'cost_per_result' ? 'no results' : 'not measurable';
        return `${metric}: ${missing}, ${r.met ? 'counts as' : 'not'} ${test} (${span})`;
      }
      return `${metric} ${formatThreshold(r.metric, r.value, currency)} ${test} (${span})`;
    })
    .join('; ');
}
