import { describe, expect, it } from 'vitest';
import type { PlanAd, PlanCarouselCard } from '@shared/schemas/campaign-plan';
import {
  adImages,
  addCard,
  canAddCard,
  canRemoveCard,
  moveCard,
  removeCard,
} from '@web/features/campaign-generator/lib/carousel-card-edits';

const image = (n: number) => ({ hash: `hash000${n}`, name: `boot-${n}.jpg`, width: 1080, height: 1080 });
const card = (n: number): PlanCarouselCard => ({
  headline: `Card ${n}`,
  description: '',
  link: `https://shop.example.com/${n}`,
  image: image(n),
});
const carousel = (count: number): PlanAd => ({
  name: 'Boots',
  headline: 'Boots for wet trails',
  primaryText: 'Recycled and light.',
  description: '',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com/boots',
  format: 'carousel',
  cards: Array.from({ length: count }, (_, i) => card(i + 1)),
});

describe('carousel card edits', () => {
  it('adds a card with the ad link and headline and no image, up to 10 cards', () => {
    const ad = carousel(9);
    addCard(ad);
    expect(ad.cards).toHaveLength(10);
    expect(ad.cards![9]).toEqual({ headline: 'Boots for wet trails', description: '', link: ad.link });
    expect(canAddCard(ad)).toBe(false);
    addCard(ad);
    expect(ad.cards).toHaveLength(10);
  });

  it('removes the named card but never below 2 cards', () => {
    const ad = carousel(3);
    removeCard(ad, 1);
    expect(ad.cards!.map((c) => c.headline)).toEqual(['Card 1', 'Card 3']);
    expect(canRemoveCard(ad)).toBe(false);
    removeCard(ad, 0);
    expect(ad.cards).toHaveLength(2);
  });

  it('moves a card by one place and leaves the ends alone', () => {
    const ad = carousel(3);
    moveCard(ad, 2, -1);
    expect(ad.cards!.map((c) => c.headline)).toEqual(['Card 1', 'Card 3', 'Card 2']);
    moveCard(ad, 0, -1);
    moveCard(ad, 2, 1);
    expect(ad.cards!.map((c) => c.headline)).toEqual(['Card 1', 'Card 3', 'Card 2']);
  });

  it('offers each image of the ad once', () => {
    const ad = { ...carousel(2), image: image(1) };
    expect(adImages(ad).map((i) => i.hash)).toEqual(['hash0001', 'hash0002']);
  });
});
