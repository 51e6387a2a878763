import { CAROUSEL_CARDS } from '@shared/carousel-rules';
import type { AdImageRef, PlanAd, PlanCarouselCard } from '@shared/schemas/campaign-plan';

/**
 * Card edits of a carousel ad, as changes to a draft ad (the plan editor clones the plan around them). The count
 * stays within Meta's 2–10 cards (shared/carousel-rules.ts): add stops at 10 and remove at 2, so the editor can
 * never make a carousel the validator must refuse for its count.
 */

export function canAddCard(ad: PlanAd): boolean {
  return (ad.cards?.length ?? 0) < CAROUSEL_CARDS.max;
}

export function canRemoveCard(ad: PlanAd): boolean {
  return (ad.cards?.length ?? 0) > CAROUSEL_CARDS.min;
}

/** A new last card: the ad's link and headline to start from, no image yet (the validator asks for one). */
export function addCard(ad: PlanAd): void {
  if (!canAddCard(ad)) return;
  const card: PlanCarouselCard = { headline: ad.headline, description: '', link: ad.link };
  ad.cards = [...(ad.cards ?? []), card];
}

export function removeCard(ad: PlanAd, index: number): void {
  if (!canRemoveCard(ad) || !ad.cards?.[index]) return;
  ad.cards.splice(index, 1);
}

/** Swaps a card with its neighbour (`by` -1 = earlier, 1 = later); off the ends nothing moves. */
export function moveCard(ad: PlanAd, index: number, by: -1 | 1): void {
  const cards = ad.cards;
  const target = index + by;
  if (!cards || !cards[index] || !cards[target]) return;
  [cards[index], cards[target]] = [cards[target], cards[index]];
}

/**
 * The images a card can show: those already in this ad (its own and its cards'), once each by hash. They are in
 * the ad account's library already, so choosing one sends nothing.
 */
export function adImages(ad: PlanAd): AdImageRef[] {
  const seen = new Map<string, AdImageRef>();
  for (const image of [ad.image, ...(ad.cards ?? []).map((card) => card.image)]) {
    if (image && !seen.has(image.hash)) seen.set(image.hash, image);
  }
  return [...seen.values()];
}
