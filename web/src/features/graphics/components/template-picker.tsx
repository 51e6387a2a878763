import { type TemplateId, templateIds } from '@shared/graphics/design-schema';
import { templates } from '@shared/graphics/templates/template-registry';
import { cn } from '@web/lib/cn';

/**
 * The layouts as a radio group: each option shows the template drawn by the renderer at 1:1 with the current texts
 * and colours (thumbnails come from the caller, which renders them off the same design).
 */
export function TemplatePicker({
  value,
  onChange,
  thumbnails,
}: {
  value: TemplateId;
  onChange: (id: TemplateId) => void;
  thumbnails: Partial<Record<TemplateId, string>>;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Template</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8 lg:grid-cols-4">
        {templateIds.map((id) => {
          const selected = id === value;
          return (
            <label
              key={id}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1 rounded-md border p-1 text-center text-xs focus-within:ring-2 focus-within:ring-ring',
                selected ? 'border-primary bg-primary/5 font-semibold' : 'border-border hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="template"
                value={id}
                checked={selected}
                onChange={() => onChange(id)}
                className="sr-only"
              />
              {thumbnails[id] ? (
                <img src={thumbnails[id]} alt="" className="aspect-square w-full rounded-sm" />
              ) : (
                <span aria-hidden="true" className="aspect-square w-full animate-pulse rounded-sm bg-muted" />
              )}
              <span>{templates[id].label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
