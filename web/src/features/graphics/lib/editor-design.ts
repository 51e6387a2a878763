import { applyBrandKit } from '@shared/graphics/apply-brand-kit';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { type Design, type DesignTexts, defaultDesign } from '@shared/graphics/design-schema';

/** Texts every template can show, so switching layouts never leaves a field empty. */
export const sampleTexts: DesignTexts = {
  headline: 'Run cooler this summer',
  body: 'Breathable running shoes with free returns for 100 days.',
  cta: 'Shop now',
  badge: '-30 %',
  quote: 'The lightest shoes I have ever raced in.',
  attribution: 'Maya R., marathoner',
  features: ['Breathable mesh', '100-day returns', 'Carbon plate'],
  eventDate: 'Sat 14 June',
  eventPlace: 'Riverside Park, Lisbon',
  caption: 'Made for long days outside',
};

export function initialDesign(prefill: Partial<DesignTexts> | null, brandKit: BrandKit | null = null): Design {
  const design = defaultDesign({ texts: { ...sampleTexts, ...(prefill ?? {}) } });
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
