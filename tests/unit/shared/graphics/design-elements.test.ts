import { describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { colourSchemeOf, designElements, imageKindOf, layoutOf } from '@shared/graphics/design-elements';

const photo = {
  kind: 'asset' as const,
  key: 'users/u/assets/a.jpg',
  width: 1080,
  height: 1080,
  mimeType: 'image/jpeg' as const,
};

describe('design elements', () => {
  it('names the colour scheme by the background tone and the accent hue', () => {
    const base = defaultDesign().colours;
    expect(colourSchemeOf(base)).toBe('Dark, orange accent');
    expect(colourSchemeOf({ ...base, background: '#ffffff', accent: '#2563eb' })).toBe('Light, blue accent');
    expect(colourSchemeOf({ ...base, background: '#fef3c7', accent: '#16a34a' })).toBe('Light, green accent');
    expect(colourSchemeOf({ ...base, background: '#111111', accent: '#dc2626' })).toBe('Dark, red accent');
    expect(colourSchemeOf({ ...base, background: '#111111', accent: '#9ca3af' })).toBe('Dark, grey accent');
    // Mid grey: darker than the point where black and white text contrast the same, so dark.
    expect(colourSchemeOf({ ...base, background: '#6b7280', accent: '#db2777' })).toBe('Dark, pink accent');
  });

  it('names the layout by alignment and what the picture is, and a carousel by its cards', () => {
    expect(layoutOf(defaultDesign())).toBe('Centred, words only');
    expect(layoutOf(defaultDesign({ align: 'left', images: { product: photo } }))).toBe('Left-aligned, product shot');
    expect(layoutOf(defaultDesign({ images: { background: photo, product: photo } }))).toBe(
      'Centred, photo behind the words',
    );
    const card = { headline: 'A', link: 'https://shop.example.com' as const, image: photo };
    expect(layoutOf(defaultDesign({ templateId: 'carousel-card', cards: [card, card, card] }))).toBe(
      'Carousel, 3 cards',
    );
  });

  it('tells a generated backdrop, a photo behind the words and a product shot apart', () => {
    expect(imageKindOf([{ slot: 'background', kind: 'ai', purpose: 'background' }])).toBe('ai_background');
    expect(imageKindOf([{ slot: 'background', kind: 'ai', purpose: 'product' }])).toBe('lifestyle');
    expect(imageKindOf([{ slot: 'background', kind: 'upload', purpose: 'background' }])).toBe('lifestyle');
    expect(imageKindOf([{ slot: 'product', kind: 'upload', purpose: 'product' }])).toBe('product');
    expect(
      imageKindOf([
        { slot: 'product', kind: 'upload', purpose: 'product' },
        { slot: 'background', kind: 'ai', purpose: 'background' },
      ]),
    ).toBe('ai_background');
    expect(imageKindOf([{ slot: 'logo', kind: 'upload', purpose: 'logo' }])).toBeUndefined();
  });

  it("reads the offer from the badge and the design's other words", () => {
    const design = defaultDesign({ templateId: 'offer-badge' });
    expect(designElements({ ...design, texts: { ...design.texts, badge: '-30 %' } }, []).offer).toBe('Percent off');
    expect(designElements({ ...design, texts: { ...design.texts, body: 'Free delivery' } }, []).offer).toBe(
      'Free shipping',
    );
    const elements = designElements(design, [{ slot: 'product', kind: 'upload', purpose: 'product' }]);
    expect(elements).toEqual({
      template: 'offer-badge',
      layout: 'Centred, words only',
      colourScheme: 'Dark, orange accent',
      imageKind: 'product',
      offer: 'No offer',
    });
  });
});
