import { Plus, X } from 'lucide-react';
import { MAX_BRAND_COLOURS } from '@shared/graphics/design-schema';
import { Button } from '@web/components/ui/button';

/** The brand's colours (one at least, up to the maximum): change, remove or add one. */
export function BrandColoursField({ colours, onChange }: { colours: string[]; onChange: (colours: string[]) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Brand colours (up to {MAX_BRAND_COLOURS})</legend>
      <div className="flex flex-wrap items-center gap-2">
        {colours.map((colour, index) => (
          <div key={index} className="flex items-center gap-1 rounded-md border p-1">
            <input
              type="color"
              aria-label={`Brand colour ${index + 1}`}
              value={colour}
              onChange={(e) => onChange(colours.map((c, i) => (i === index ? e.target.value.toLowerCase() : c)))}
              className="h-8 w-10 cursor-pointer rounded border-0 bg-transparent p-0"
            />
            <Button
              size="icon"
              variant="ghost"
              className="size-6"
              aria-label={`Remove brand colour ${index + 1}`}
              disabled={colours.length <= 1}
              onClick={() => onChange(colours.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="outline"
          disabled={colours.length >= MAX_BRAND_COLOURS}
          onClick={() => onChange([...colours, '#ffffff'])}
        >
          <Plus aria-hidden="true" /> Add colour
        </Button>
      </div>
    </fieldset>
  );
}
