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

/** "Cost per result $52.10 > $40 (Nov 18–Nov 20)": a reading, short enough for a table cell. */
export function reasonText(readings: readonly ConditionReading[], currency: string): string {
  return readings
    .map((r) => {
      const value =
        r.value === null
          ? r.metric === 'cost_per_result'
            ? 'no results'
            : 'n/a'
          : formatThreshold(r.metric, r.value, currency);
      const span = r.from === r.to ? r.from : `${r.from} – ${r.to}`;
      return `${METRIC[r.metric] ?? r.metric} ${value} ${COMPARATOR[r.comparator]} ${formatThreshold(r.metric, r.threshold, currency)} (${span})`;
    })
    .join('; ');
}
