import { describe, expect, it } from 'vitest';
import { applyBrandKit } from '@shared/graphics/apply-brand-kit';
import { BrandKitSchema } from '@shared/graphics/brand-kit-schema';
import { contrastRatio } from '@shared/graphics/colour-contrast';
import { DesignSchema, defaultDesign, hasLocalImages } from '@shared/graphics/design-schema';

describe('DesignSchema', () => {
  it('accepts the default design and lower-cases colours', () => {
    const parsed = DesignSchema.parse({
      ...defaultDesign(),
      colours: { ...defaultDesign().colours, accent: '#ABCDEF' },
    });
    expect(parsed.colours.accent).toBe('#abcdef');
  });

  it.each([
    ['an unknown template', { templateId: 'poster' }],
    ['a colour in another format', { colours: { ...defaultDesign().colours, text: 'red' } }],
    ['seven palette colours', { palette: Array(7).fill('#000000') }],
    ['an unknown font', { fonts: { heading: 'comic-sans', body: 'inter' } }],
    ['a headline over 120 characters', { texts: { ...defaultDesign().texts, headline: 'x'.repeat(121) } }],
    ['six features', { texts: { ...defaultDesign().texts, features: ['a', 'b', 'c', 'd', 'e', 'f'] } }],
    ['unknown fields', { extra: true }],
    [
      'an asset key escaping its prefix',
      { images: { logo: { kind: 'asset', key: 'u/../v/logo.png', width: 10, height: 10, mimeType: 'image/png' } } },
    ],
    [
      'a remote image URL',
      { images: { product: { kind: 'data', url: 'https://example.com/a.png', width: 10, height: 10 } } },
    ],
    [
      'a data URL that is not an image',
      { images: { product: { kind: 'data', url: 'data:text/html;base64,PGI+', width: 10, height: 10 } } },
    ],
  ])('refuses %s', (_name, patch) => {
    expect(DesignSchema.safeParse({ ...defaultDesign(), ...patch }).success).toBe(false);
  });

  it('tells local (data: URL) images apart from stored assets', () => {
    const data = { kind: 'data' as const, url: 'data:image/png;base64,iVBORw0KGgo=', width: 1, height: 1 };
    expect(hasLocalImages(defaultDesign({ images: { product: data } }))).toBe(true);
    expect(
      hasLocalImages(
        defaultDesign({
          images: { product: { kind: 'asset', key: 'users/u1/p.png', width: 1, height: 1, mimeType: 'image/png' } },
        }),
      ),
    ).toBe(false);
  });
});

describe('applyBrandKit', () => {
  it('sets palette, fonts, CTA style and logo, with readable text colours', () => {
    const kit = BrandKitSchema.parse({
      colours: ['#1E3A8A', '#FACC15', '#F8FAFC'],
      headingFont: 'playfair-display',
      bodyFont: 'lora',
      ctaStyle: { shape: 'square', fill: 'outline' },
      logo: { kind: 'asset', key: 'users/u1/logo.svg', width: 200, height: 80, mimeType: 'image/svg+xml' },
    });
    const design = applyBrandKit(defaultDesign(), kit);
    expect(design.palette).toEqual(['#1e3a8a', '#facc15', '#f8fafc']);
    expect(design.fonts).toEqual({ heading: 'playfair-display', body: 'lora' });
    expect(design.ctaStyle).toEqual({ shape: 'square', fill: 'outline' });
    expect(design.images.logo?.kind).toBe('asset');
    expect(design.colours.background).toBe('#1e3a8a');
    expect(contrastRatio(design.colours.text, design.colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(design.colours.onAccent, design.colours.accent)).toBeGreaterThanOrEqual(4.5);
    expect(DesignSchema.safeParse(design).success).toBe(true);
  });

  it('refuses a brand kit logo that is only a local data URL', () => {
    expect(
      BrandKitSchema.safeParse({
        colours: ['#000000'],
        headingFont: 'inter',
        bodyFont: 'inter',
        ctaStyle: { shape: 'pill', fill: 'solid' },
        logo: { kind: 'data', url: 'data:image/png;base64,iVBORw0KGgo=', width: 1, height: 1 },
      }).success,
    ).toBe(false);
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s is %d:1 (WCAG reference values)', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });
});

describe('altText', () => {
  it('reads the texts the template shows, in order, with the button', async () => {
    const { altText } = await import('@shared/graphics/alt-text');
    const design = defaultDesign({
      templateId: 'testimonial',
      texts: {
        ...defaultDesign().texts,
        quote: 'Best shoes ever',
        attribution: 'Maya',
        cta: 'Shop now',
        headline: 'ignored',
      },
    });
    expect(altText(design, 'story')).toBe(
      'Testimonial ad (9:16) on brand colours. “Best shoes ever” — Maya. Button: Shop now.',
    );
  });
});
