import { ImageIcon, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { PickedImage } from '../lib/brief-images';

/** The images chosen for the brief, each with a Remove button; nothing when there are none. */
export function ChosenImages({
  images,
  onChange,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
}) {
  if (images.length === 0) return null;
  return (
    <ul aria-label="Chosen images" className="flex flex-wrap gap-3">
      {images.map((image) => (
        <li key={`${image.adAccountId}:${image.hash}`} className="relative w-24">
          {image.thumbnailUrl ? (
            <img src={image.thumbnailUrl} alt={image.name} className="size-24 rounded-md border object-cover" />
          ) : (
            <div
              role="img"
              aria-label={image.name}
              className="flex size-24 items-center justify-center rounded-md border bg-muted text-muted-foreground"
            >
              <ImageIcon aria-hidden="true" />
            </div>
          )}
          <span className="mt-1 block truncate text-xs" title={image.name}>
            {image.name}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="absolute -top-2 -right-2 size-7 rounded-full"
            aria-label={`Remove ${image.name}`}
            onClick={() => onChange(images.filter((other) => other !== image))}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
