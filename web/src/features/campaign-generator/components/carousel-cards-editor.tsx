import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { CAROUSEL_CARDS } from '@shared/carousel-rules';
import type { PlanAd, PlanIssue } from '@shared/schemas/campaign-plan';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { adImages, addCard, canAddCard, canRemoveCard, moveCard, removeCard } from '../lib/carousel-card-edits';
import { errorAt, warningAt } from '../lib/plan-edits';

interface CarouselCardsEditorProps {
  ad: PlanAd;
  /** "Ad 1.2", so every card's controls name the ad they belong to. */
  label: string;
  at: string;
  issues: PlanIssue[];
  changeAd: (change: (ad: PlanAd) => void) => void;
}

/**
 * A carousel ad's cards in order: each card's headline, description, link and image, with controls to move,
 * remove (down to 2) and add (up to 10) cards. The validator's findings show under the field they are about.
 */
export function CarouselCardsEditor({ ad, label, at, issues, changeAd }: CarouselCardsEditorProps) {
  const cards = ad.cards ?? [];
  const images = adImages(ad);
  return (
    <section aria-label={`${label} carousel cards`} className="grid gap-2">
      <h4 className="text-sm font-medium">
        Carousel cards ({cards.length} of {CAROUSEL_CARDS.min}–{CAROUSEL_CARDS.max})
      </h4>
      {errorAt(issues, `${at}.cards`) && (
        <p role="alert" className="text-sm text-destructive">
          {errorAt(issues, `${at}.cards`)}
        </p>
      )}
      <ol className="grid gap-3">
        {cards.map((card, index) => {
          const cardLabel = `${label} card ${index + 1}`;
          const cardAt = `${at}.cards.${index}`;
          return (
            <li key={index} className="grid gap-2 rounded-md border p-2">
              <FormField
                label={`${cardLabel} headline`}
                error={errorAt(issues, `${cardAt}.headline`)}
                description={warningAt(issues, `${cardAt}.headline`)}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={card.headline}
                    onChange={(e) => changeAd((a) => (a.cards![index]!.headline = e.target.value))}
                  />
                )}
              </FormField>
              <FormField
                label={`${cardLabel} description`}
                error={errorAt(issues, `${cardAt}.description`)}
                description={warningAt(issues, `${cardAt}.description`)}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={card.description}
                    onChange={(e) => changeAd((a) => (a.cards![index]!.description = e.target.value))}
                  />
                )}
              </FormField>
              <FormField label={`${cardLabel} link`} error={errorAt(issues, `${cardAt}.link`)}>
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    value={card.link}
                    onChange={(e) => changeAd((a) => (a.cards![index]!.link = e.target.value))}
                  />
                )}
              </FormField>
              <FormField
                label={`${cardLabel} image`}
                error={errorAt(issues, `${cardAt}.image`)}
                description={warningAt(issues, `${cardAt}.image`)}
              >
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={card.image?.hash ?? ''}
                    onChange={(e) =>
                      changeAd((a) => {
                        const chosen = images.find((image) => image.hash === e.target.value);
                        if (chosen) a.cards![index]!.image = chosen;
                        else delete a.cards![index]!.image;
                      })
                    }
                  >
                    <option value="">No image yet</option>
                    {images.map((image) => (
                      <option key={image.hash} value={image.hash}>
                        {image.name}
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
                  onClick={() => changeAd((a) => moveCard(a, index, -1))}
                  aria-label={`Move ${cardLabel} earlier`}
                >
                  <ArrowUp aria-hidden="true" /> Earlier
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={index === cards.length - 1}
                  onClick={() => changeAd((a) => moveCard(a, index, 1))}
                  aria-label={`Move ${cardLabel} later`}
                >
                  <ArrowDown aria-hidden="true" /> Later
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!canRemoveCard(ad)}
                  onClick={() => changeAd((a) => removeCard(a, index))}
                  aria-label={`Remove ${cardLabel}`}
                >
                  <Trash2 aria-hidden="true" /> Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="outline" size="sm" disabled={!canAddCard(ad)} onClick={() => changeAd(addCard)}>
        <Plus aria-hidden="true" /> Add a card to {label}
      </Button>
      {!canAddCard(ad) && (
        <p className="text-sm text-muted-foreground">A carousel has at most {CAROUSEL_CARDS.max} cards.</p>
      )}
    </section>
  );
}
