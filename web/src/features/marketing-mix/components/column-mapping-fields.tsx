import type { ColumnMapping } from '@shared/mmm/csv-import';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';

type ListKey = 'spend' | 'controls' | 'events';

/** A column ticked in one list leaves the others (a column is spend, a control or an event, not two). */
function toggleColumn(mapping: ColumnMapping, key: ListKey, column: string): ColumnMapping {
  const without = {
    ...mapping,
    spend: mapping.spend.filter((c) => c !== column),
    controls: mapping.controls.filter((c) => c !== column),
    events: mapping.events.filter((c) => c !== column),
  };
  return mapping[key].includes(column) ? without : { ...without, [key]: [...without[key], column] };
}

function ColumnChecklist({
  legend,
  hint,
  columns,
  chosen,
  onToggle,
}: {
  legend: string;
  hint: string;
  columns: string[];
  chosen: string[];
  onToggle: (column: string) => void;
}) {
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {columns.map((column) => (
          <label key={column} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(column)} onChange={() => onToggle(column)} />
            {column}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ColumnMappingFieldsProps {
  header: string[];
  mapping: ColumnMapping;
  onChange: (change: (mapping: ColumnMapping) => ColumnMapping) => void;
}

/** How the file's columns are used: the date, the KPI and its kind, then spend, controls and events. */
export function ColumnMappingFields({ header, mapping, onChange }: ColumnMappingFieldsProps) {
  const others = header.filter((h) => h !== mapping.date && h !== mapping.kpi);
  const toggle = (key: ListKey, column: string) => onChange((m) => toggleColumn(m, key, column));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date column">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.date}
              onChange={(e) => onChange(() => ({ ...mapping, date: e.target.value }))}
            >
              {header.map((h) => (
                <option key={h}>{h}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="KPI column">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.kpi}
              onChange={(e) => onChange(() => ({ ...mapping, kpi: e.target.value }))}
            >
              {header.map((h) => (
                <option key={h}>{h}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="The KPI is">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.kpiKind}
              onChange={(e) => onChange(() => ({ ...mapping, kpiKind: e.target.value as ColumnMapping['kpiKind'] }))}
            >
              <option value="revenue">Revenue (ROI per channel)</option>
              <option value="conversions">Conversions (CPA per channel)</option>
            </NativeSelect>
          )}
        </FormField>
      </div>
      <ColumnChecklist
        legend="Spend columns (one channel each)"
        hint="Money spent per period; at least one."
        columns={others}
        chosen={mapping.spend}
        onToggle={(c) => toggle('spend', c)}
      />
      <ColumnChecklist
        legend="Controls"
        hint="Things that move the KPI but are not media: price, competitor sales, …"
        columns={others}
        chosen={mapping.controls}
        onToggle={(c) => toggle('controls', c)}
      />
      <ColumnChecklist
        legend="Events"
        hint="0/1 flags or labels for promotions and one-off events."
        columns={others}
        chosen={mapping.events}
        onToggle={(c) => toggle('events', c)}
      />
    </>
  );
}
