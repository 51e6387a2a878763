import { applyBrandKit } from '@shared/graphics/apply-brand-kit';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { type Design, type DesignTexts, defaultDesign } from '@shared/graphics/design-schema';

/**
 * The texts a new design starts with: enough to see each layout, and no claim. An offer, a customer quote or a
 * guarantee is true only when the marketer says so, and one left in by default would be exported into a real ad
 * (issue 25: the Offer badge exported "-30 %" though no discount was entered). Those fields start empty and show
 * an example as a placeholder (`textExamples`).
 */
export const startingTexts: DesignTexts = {
  headline: 'Run cooler this summer',
  body: 'Breathable running shoes for long days outside.',
  cta: 'Shop now',
  badge: '',
  quote: '',
  attribution: '',
  features: ['Breathable mesh', 'Cushioned sole', 'Reflective details'],
  eventDate: 'Sat 14 June',
  eventPlace: 'Riverside Park, Lisbon',
  caption: 'Made for long days outside',
};

/** Examples shown in the empty claim fields (placeholders: never drawn, never exported). */
export const textExamples: Partial<Record<keyof DesignTexts, string>> = {
  badge: 'e.g. -30 % (only an offer you run)',
  quote: 'e.g. a customer’s own words, with their consent',
  attribution: 'e.g. Maya R., verified buyer',
};

/**
 * The template picker's thumbnails only: each layout filled so it can be recognised (the badge shows a badge).
 * These are illustrations of the layouts, never texts of a design.
 */
export const thumbnailTexts: DesignTexts = {
  ...startingTexts,
  badge: 'OFFER',
  quote: 'Your customer’s words here.',
  attribution: 'Customer name',
};

export function initialDesign(prefill: Partial<DesignTexts> | null, brandKit: BrandKit | null = null): Design {
  const design = defaultDesign({ texts: { ...startingTexts, ...(prefill ?? {}) } });
  return brandKit ? applyBrandKit(design, brandKit) : design;
}

/** The brand kit on a design; a kit without a logo takes the logo off too (logos come from the kit only). */
export function withBrandKit(design: Design, kit: BrandKit): Design {
  const next = applyBrandKit(design, kit);
  if (kit.logo) return next;
  const { logo: _logo, ...images } = next.images;
  return { ...next, images };
}

/** A stored design as the editor holds it. */
export interface SavedDesignState {
  id: string;
  name: string;
  version: number;
  design: Design;
}

const DESIGN_ID = /^[0-9a-f-]{36}$/;

/** The `?design=` of the editor's URL, when it is a design id. */
export function designIdOf(value: string | null): string | null {
  return value && DESIGN_ID.test(value) ? value : null;
}
