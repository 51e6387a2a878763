import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import { Button } from '@web/components/ui/button';
import { imageSlotLabels, withoutSlot } from '../lib/design-images';

interface DesignImageSlotsProps {
  design: Design;
  slots: readonly DesignImageSlot[];
  onChange: (next: Design) => void;
}

/** Each image slot of the template: its image's size (or none), with a Remove button. */
export function DesignImageSlots({ design, slots, onChange }: DesignImageSlotsProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Images in this design</legend>
      {slots.map((slot) => {
        const ref = design.images[slot];
        return (
          <div key={slot} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {imageSlotLabels[slot]}:{' '}
              <span className="text-muted-foreground">
                {ref ? `${ref.width}×${ref.height}` : slot === 'logo' ? 'from the brand kit' : 'none'}
              </span>
            </span>
            {ref ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${imageSlotLabels[slot].toLowerCase()}`}
                onClick={() => onChange(withoutSlot(design, slot))}
              >
                Remove
              </Button>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
