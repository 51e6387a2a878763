import { performanceBreakdowns, type PerformanceBreakdown, type PerformanceLevel } from '@shared/schemas/meta';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import type { MetricKey } from '../lib/metric-columns';
import { breakdownLabels } from '../lib/segment-labels';
import { ColumnPicker } from './column-picker';

export const levelItems: { value: PerformanceLevel; label: string }[] = [
  { value: 'campaign', label: 'Campaigns' },
  { value: 'adset', label: 'Ad sets' },
  { value: 'ad', label: 'Ads' },
];

/** Ads Manager's breakdown menu and column chooser (the level is the tabs above the table). */
export function TableViewControls({
  breakdown,
  onBreakdown,
  columns,
  onToggleColumn,
}: {
  breakdown: PerformanceBreakdown | null;
  onBreakdown: (breakdown: PerformanceBreakdown | null) => void;
  columns: readonly MetricKey[];
  onToggleColumn: (key: MetricKey) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="performance-breakdown">Breakdown</Label>
        <NativeSelect
          id="performance-breakdown"
          className="w-44"
          value={breakdown ?? 'none'}
          onChange={(e) => onBreakdown(e.target.value === 'none' ? null : (e.target.value as PerformanceBreakdown))}
        >
          <option value="none">None</option>
          {(Object.keys(performanceBreakdowns) as PerformanceBreakdown[]).map((key) => (
            <option key={key} value={key}>
              {breakdownLabels[key]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ColumnPicker chosen={columns} onToggle={onToggleColumn} />
    </div>
  );
}
