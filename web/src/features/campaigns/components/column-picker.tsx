import { Columns3 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { metricColumns, type MetricKey } from '../lib/metric-columns';

/** "Columns": which figures the table shows, one checkbox each (at least one stays). */
export function ColumnPicker({
  chosen,
  onToggle,
}: {
  chosen: readonly MetricKey[];
  onToggle: (key: MetricKey) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="relative">
      <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Columns3 aria-hidden="true" /> Columns ({chosen.length})
      </Button>
      {open ? (
        <fieldset
          id={panelId}
          className="absolute right-0 z-20 mt-2 grid w-60 gap-1.5 rounded-lg border bg-card p-3 text-sm shadow-lg"
        >
          <legend className="sr-only">Columns shown</legend>
          {metricColumns.map((column) => {
            const checked = chosen.includes(column.key);
            return (
              <label key={column.key} className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  checked={checked}
                  // The last column cannot go: a table of names only says nothing.
                  disabled={checked && chosen.length === 1}
                  onChange={() => onToggle(column.key)}
                />
                {column.label}
              </label>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
