import { CAROUSEL_CARDS } from '../carousel-rules';
import type { DesignCheck } from './design-checks';
import type { Design, DesignCard } from './design-schema';
import { placementSizes, type PlacementSizeId } from './placement-sizes';

/**
 * A carousel design: one design drawn once per card, each with the card's headline and photo in the product slot.
 * Meta shows carousel cards square or 4:5 (Ads Guide, carousel image specs; shared/carousel-rules.ts), so those are
 * the sizes a carousel exports; 2–10 cards, each with its own link and image (the child-attachment rules).
 */

export const CAROUSEL_EXPORT_SIZES: readonly PlacementSizeId[] = ['square', 'portrait'];

export function isCarouselDesign(design: Design): boolean {
  return design.cards !== undefined;
}

/** The design one card is drawn from: the shared look, the card's headline and photo, no cards of its own. */
export function cardDesign(design: Design, card: DesignCard): Design {
  const { cards: _cards, ...look } = design;
  return {
    ...look,
    texts: { ...design.texts, headline: card.headline },
    images: { ...design.images, product: card.image },
  };
}

/** Every design the export draws: each card's for a carousel, the design itself otherwise. */
export function designsToDraw(design: Design): Design[] {
  return design.cards ? design.cards.map((card) => cardDesign(design, card)) : [design];
}

/** A starting carousel: the design's headline and photo as the first card, a second card to fill in. */
export function startCarousel(design: Design): Design {
  const first: DesignCard = { headline: design.texts.headline, link: '', image: design.images.product };
  return { ...design, templateId: 'carousel-card', cards: [first, { headline: '', link: '' }] };
}

export function canAddDesignCard(design: Design): boolean {
  return (design.cards?.length ?? 0) < CAROUSEL_CARDS.max;
}

export function canRemoveDesignCard(design: Design): boolean {
  return (design.cards?.length ?? 0) > CAROUSEL_CARDS.min;
}

/** The design with a blank card added last (at most 10). */
export function addDesignCard(design: Design): Design {
  if (!design.cards || !canAddDesignCard(design)) return design;
  return { ...design, cards: [...design.cards, { headline: '', link: '' }] };
}

/** The design without the card at `index` (never fewer than 2). */
export function removeDesignCard(design: Design, index: number): Design {
  if (!design.cards || !canRemoveDesignCard(design)) return design;
  return { ...design, cards: design.cards.filter((_, i) => i !== index) };
}

/** The design with the card at `index` swapped with its neighbour (`by` -1 earlier, 1 later). */
export function moveDesignCard(design: Design, index: number, by: -1 | 1): Design {
  const cards = design.cards ? [...design.cards] : undefined;
  const target = index + by;
  if (!cards || !cards[index] || !cards[target]) return design;
  [cards[index], cards[target]] = [cards[target], cards[index]];
  return { ...design, cards };
}

export function changeDesignCard(design: Design, index: number, change: Partial<DesignCard>): Design {
  if (!design.cards?.[index]) return design;
  return { ...design, cards: design.cards.map((card, i) => (i === index ? { ...card, ...change } : card)) };
}

/**
 * Meta's card rules on the design, as errors that refuse the export (a carousel Meta would refuse is not worth
 * rendering): 2–10 cards, and every card with a headline, a link and its own image.
 */
export function carouselChecks(design: Design, sizeId: PlacementSizeId): DesignCheck[] {
  const cards = design.cards;
  if (!cards) return [];
  const checks: DesignCheck[] = [];
  const error = (id: string, message: string) => checks.push({ id, level: 'error', sizeId, message });
  if (cards.length < CAROUSEL_CARDS.min || cards.length > CAROUSEL_CARDS.max) {
    error(
      'carousel-cards',
      `A carousel has ${CAROUSEL_CARDS.min} to ${CAROUSEL_CARDS.max} cards; this one has ${cards.length}.`,
    );
  }
  cards.forEach((card, i) => {
    if (card.headline.trim() === '') error(`card-${i + 1}-headline`, `Card ${i + 1} needs a headline.`);
    if (card.link === '') error(`card-${i + 1}-link`, `Card ${i + 1} needs a link (Meta requires one per card).`);
    if (!card.image) error(`card-${i + 1}-image`, `Card ${i + 1} needs an image (Meta does not reuse the ad's).`);
  });
  return checks;
}

/** File name of one card at one size, e.g. `adsmith-carousel-card-02-1080x1350.png`: sorted in card order. */
export function cardFileName(index: number, sizeId: PlacementSizeId, extension: 'png' | 'jpg'): string {
  const size = placementSizes[sizeId];
  return `adsmith-carousel-card-${String(index + 1).padStart(2, '0')}-${size.width}x${size.height}.${extension}`;
}
