import { ArrowDown, ArrowUp, GalleryHorizontal, Plus, Trash2 } from 'lucide-react';
import { CAROUSEL_CARDS } from '@shared/carousel-rules';
import {
  addDesignCard,
  canAddDesignCard,
  canRemoveDesignCard,
  changeDesignCard,
  moveDesignCard,
  removeDesignCard,
  startCarousel,
} from '@shared/graphics/carousel-design';
import { type Design } from '@shared/graphics/design-schema';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useAssets } from '../api/graphics-api';
import { assetRef } from '../lib/design-images';

interface CarouselCardsPanelProps {
  design: Design;
  onChange: (next: Design) => void;
}

/**
 * The cards of a carousel design (Meta's 2–10): each card's headline, the page it links to and its photo from the
 * user's stored images, with controls to move, remove and add cards. The design's look is shared by every card.
 */
export function CarouselCardsPanel({ design, onChange }: CarouselCardsPanelProps) {
  const assets = useAssets();
  const photos = (assets.data ?? []).filter((asset) => asset.purpose !== 'logo' && asset.kind !== 'export');
  const cards = design.cards;
  if (!cards) {
    return (
      <section aria-labelledby="carousel-heading" className="grid gap-2 rounded-md border p-3">
        <h3 id="carousel-heading" className="text-sm font-semibold">
          Carousel
        </h3>
        <p className="text-sm text-muted-foreground">
          A carousel shows {CAROUSEL_CARDS.min} to {CAROUSEL_CARDS.max} cards, each with its own photo, headline and
          link, in this design&apos;s look.
        </p>
        <Button variant="outline" onClick={() => onChange(startCarousel(design))}>
          <GalleryHorizontal aria-hidden="true" /> Make a carousel
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="carousel-heading" className="grid gap-3 rounded-md border p-3">
      <h3 id="carousel-heading" className="text-sm font-semibold">
        Carousel cards ({cards.length} of {CAROUSEL_CARDS.min}–{CAROUSEL_CARDS.max})
      </h3>
      {assets.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your images could not be loaded, so card photos cannot be chosen now.
        </p>
      ) : null}
      <ol className="grid gap-3">
        {cards.map((card, index) => {
          const label = `Card ${index + 1}`;
          const chosen = card.image?.kind === 'asset' ? card.image.key : '';
          return (
            <li key={index} className="grid gap-2 rounded-md border p-2">
              <FormField label={`${label} headline`}>
                {(control) => (
                  <Input
                    {...control}
                    maxLength={120}
                    value={card.headline}
                    onChange={(e) => onChange(changeDesignCard(design, index, { headline: e.target.value }))}
                  />
                )}
              </FormField>
              <FormField label={`${label} link`} description="The page this card opens, starting with https://">
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    value={card.link}
                    onChange={(e) => onChange(changeDesignCard(design, index, { link: e.target.value }))}
                  />
                )}
              </FormField>
              <FormField label={`${label} photo`}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={chosen}
                    disabled={assets.isPending}
                    onChange={(e) => {
                      const asset = photos.find((photo) => photo.key === e.target.value);
                      onChange(changeDesignCard(design, index, { image: asset ? assetRef(asset) : undefined }));
                    }}
                  >
                    <option value="">{assets.isPending ? 'Loading your images…' : 'No photo yet'}</option>
                    {photos.map((photo) => (
                      <option key={photo.id} value={photo.key}>
                        {photo.fileName} ({photo.width}×{photo.height})
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={index === 0}
                  aria-label={`Move card ${index + 1} earlier`}
                  onClick={() => onChange(moveDesignCard(design, index, -1))}
                >
                  <ArrowUp aria-hidden="true" /> Earlier
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={index === cards.length - 1}
                  aria-label={`Move card ${index + 1} later`}
                  onClick={() => onChange(moveDesignCard(design, index, 1))}
                >
                  <ArrowDown aria-hidden="true" /> Later
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!canRemoveDesignCard(design)}
                  aria-label={`Remove card ${index + 1}`}
                  onClick={() => onChange(removeDesignCard(design, index))}
                >
                  <Trash2 aria-hidden="true" /> Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={!canAddDesignCard(design)} onClick={() => onChange(addDesignCard(design))}>
          <Plus aria-hidden="true" /> Add a card
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            const { cards: _cards, ...single } = design;
            onChange(single);
          }}
        >
          Single image instead
        </Button>
      </div>
      {!canAddDesignCard(design) ? (
        <p className="text-sm text-muted-foreground">A carousel has at most {CAROUSEL_CARDS.max} cards.</p>
      ) : null}
    </section>
  );
}
