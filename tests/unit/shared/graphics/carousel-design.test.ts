import { describe, expect, it } from 'vitest';
import {
  addDesignCard,
  cardDesign,
  cardFileName,
  carouselChecks,
  changeDesignCard,
  designsToDraw,
  moveDesignCard,
  removeDesignCard,
  startCarousel,
} from '@shared/graphics/carousel-design';
import { checkDesign } from '@shared/graphics/design-checks';
import { DesignSchema, defaultDesign, hasLocalImages, type DesignCard } from '@shared/graphics/design-schema';

const photo = (n: number) => ({
  kind: 'asset' as const,
  key: `users/u/photo-${n}.png`,
  width: 1200,
  height: 1200,
  mimeType: 'image/png' as const,
});
const card = (n: number): DesignCard => ({
  headline: `Mug ${n}`,
  link: `https://shop.example.com/${n}`,
  image: photo(n),
});
const carousel = (count: number) =>
  defaultDesign({ templateId: 'carousel-card', cards: Array.from({ length: count }, (_, i) => card(i + 1)) });

describe('carousel designs', () => {
  it('draws each card as the design with the card’s headline and photo', () => {
    const design = carousel(3);
    const drawn = designsToDraw(design);
    expect(drawn.map((d) => d.texts.headline)).toEqual(['Mug 1', 'Mug 2', 'Mug 3']);
    expect(drawn.map((d) => d.images.product)).toEqual([photo(1), photo(2), photo(3)]);
    expect(drawn.every((d) => d.cards === undefined && d.colours === design.colours)).toBe(true);
    expect(designsToDraw(defaultDesign())).toHaveLength(1);
    expect(cardDesign(design, card(7)).texts.headline).toBe('Mug 7');
  });

  it('starts a carousel from the design’s headline and photo plus a blank card', () => {
    const started = startCarousel(defaultDesign({ images: { product: photo(1) } }));
    expect(started.templateId).toBe('carousel-card');
    expect(started.cards).toEqual([
      { headline: 'Your headline here', link: '', image: photo(1) },
      { headline: '', link: '' },
    ]);
  });

  it('adds up to 10 cards, removes down to 2, moves by one place and changes one card', () => {
    let design = carousel(9);
    design = addDesignCard(addDesignCard(design));
    expect(design.cards).toHaveLength(10);
    design = carousel(2);
    expect(removeDesignCard(design, 0).cards).toHaveLength(2);
    design = moveDesignCard(carousel(3), 0, 1);
    expect(design.cards!.map((c) => c.headline)).toEqual(['Mug 2', 'Mug 1', 'Mug 3']);
    expect(moveDesignCard(design, 2, 1)).toBe(design);
    expect(changeDesignCard(design, 1, { link: '' }).cards![1]).toEqual({ ...card(1), link: '' });
    expect(removeDesignCard(carousel(3), 1).cards!.map((c) => c.headline)).toEqual(['Mug 1', 'Mug 3']);
  });

  it('refuses Meta’s card faults: the count, and a card without headline, link or image', () => {
    expect(carouselChecks(carousel(3), 'square')).toEqual([]);
    expect(carouselChecks(carousel(1), 'square').map((c) => c.id)).toEqual(['carousel-cards']);
    const faulty = changeDesignCard(carousel(2), 1, { headline: ' ', link: '', image: undefined });
    const checks = carouselChecks(faulty, 'portrait');
    expect(checks.map((c) => [c.id, c.level, c.sizeId])).toEqual([
      ['card-2-headline', 'error', 'portrait'],
      ['card-2-link', 'error', 'portrait'],
      ['card-2-image', 'error', 'portrait'],
    ]);
    // The editor's and the server's checks include them, and each card's layout findings are named by card.
    expect(checkDesign(faulty, 'square').some((c) => c.id === 'card-2-link')).toBe(true);
    expect(carouselChecks(defaultDesign(), 'square')).toEqual([]);
  });

  it('stores at most 10 cards with web links, and sees a card’s local photo', () => {
    expect(DesignSchema.safeParse(carousel(11)).success).toBe(false);
    expect(DesignSchema.safeParse(changeDesignCard(carousel(2), 0, { link: 'ftp://x.example' })).success).toBe(false);
    expect(DesignSchema.safeParse(changeDesignCard(carousel(2), 0, { link: '' })).success).toBe(true);
    const local = { kind: 'data' as const, url: 'data:image/png;base64,AAAA', width: 10, height: 10 };
    expect(hasLocalImages(changeDesignCard(carousel(2), 1, { image: local }))).toBe(true);
  });

  it('names card files in card order', () => {
    expect(cardFileName(1, 'portrait', 'png')).toBe('adsmith-carousel-card-02-1080x1350.png');
    expect(cardFileName(9, 'square', 'jpg')).toBe('adsmith-carousel-card-10-1080x1080.jpg');
  });
});
