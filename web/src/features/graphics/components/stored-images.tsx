import { Trash2 } from 'lucide-react';
import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import type { Asset } from '@shared/schemas/graphics';
import { Button } from '@web/components/ui/button';
import { useAssets, useDeleteAsset } from '../api/graphics-api';
import { imageSlotLabels, withoutAsset } from '../lib/design-images';
import { errorMessage } from '../lib/display-text';
import { ServerList } from './server-list';

interface StoredImagesProps {
  design: Design;
  onChange: (next: Design) => void;
  photoSlots: DesignImageSlot[];
  place: (slot: DesignImageSlot, asset: Asset) => void;
}

/** The user's stored photos (not logos, not exports): place one in a photo slot, or delete it. */
export function StoredImages({ design, onChange, photoSlots, place }: StoredImagesProps) {
  const assets = useAssets();
  const remove = useDeleteAsset();
  const library = (assets.data ?? []).filter((asset) => asset.purpose !== 'logo' && asset.kind !== 'export');
  return (
    <section aria-labelledby="image-library-heading" className="grid gap-3">
      <h3 id="image-library-heading" className="text-sm font-semibold">
        Your images
      </h3>
      <ServerList
        query={assets}
        items={library}
        loading="Loading your images…"
        failed="Your images could not be loaded"
        empty="No images yet: upload a photo or generate one."
      >
        {(items) => (
          <ul className="grid grid-cols-2 gap-3" aria-label="Your images">
            {items.map((asset) => (
              <li key={asset.id} className="grid gap-1 rounded-md border p-2 text-xs">
                <img
                  src={asset.url}
                  alt={asset.altText ?? asset.fileName}
                  className="aspect-square w-full rounded object-cover"
                  loading="lazy"
                />
                <span className="truncate" title={asset.fileName}>
                  {asset.kind === 'ai' ? 'AI · ' : ''}
                  {asset.width}×{asset.height}
                </span>
                <div className="flex flex-wrap gap-1">
                  {photoSlots.map((slot) => (
                    <Button
                      key={slot}
                      size="sm"
                      variant="outline"
                      className="h-7 px-2 text-xs"
                      aria-label={`Use ${asset.fileName} as ${imageSlotLabels[slot].toLowerCase()}`}
                      onClick={() => place(slot, asset)}
                    >
                      {slot === 'background' ? 'Background' : 'Product'}
                    </Button>
                  ))}
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-7"
                    aria-label={`Delete ${asset.fileName}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(asset.id, {
                        // A deleted image leaves the design too, or it would point at nothing.
                        onSuccess: () => onChange(withoutAsset(design, asset.key)),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ServerList>
      {remove.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The image was not deleted: {errorMessage(remove.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
