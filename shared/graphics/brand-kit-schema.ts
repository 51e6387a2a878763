import * as z from 'zod';
import { CtaStyleSchema, FontIdSchema, HexColourSchema, ImageRefSchema, MAX_BRAND_COLOURS } from './design-schema';

/**
 * A user's brand kit: logo, up to six colours, heading and body fonts from the bundled set, a default CTA style.
 * Applied to every template (see `applyBrandKit`). graphics storage keeps one per user.
 */
export const BrandKitSchema = z.strictObject({
  /** An uploaded asset only: a brand kit outlives the editor tab, so no data: URLs. */
  logo: ImageRefSchema.refine((ref) => ref.kind === 'asset', 'The logo must be an uploaded asset.').optional(),
  colours: z.array(HexColourSchema).min(1).max(MAX_BRAND_COLOURS),
  headingFont: FontIdSchema,
  bodyFont: FontIdSchema,
  ctaStyle: CtaStyleSchema,
});
export type BrandKit = z.infer<typeof BrandKitSchema>;

/** What a logo upload must be: checked on upload (type by content, size, pixel dimensions). */
export const logoUploadLimits = {
  mimeTypes: ['image/png', 'image/svg+xml'] as const,
  maxBytes: 2 * 1024 * 1024,
  minSidePx: 64,
  maxSidePx: 4096,
} as const;

export const defaultBrandKit: BrandKit = {
  colours: ['#0f172a', '#f97316', '#ffffff', '#111827'],
  headingFont: 'montserrat',
  bodyFont: 'inter',
  ctaStyle: { shape: 'pill', fill: 'solid' },
};
