import * as z from 'zod';
import { fontIds } from './font-catalogue';

/**
 * A design as data: what the editor edits, the service stores, and the renderer draws at every placement size.
 * Strict and bounded so a stored design is small and every design that parses can be rendered.
 */

export const templateIds = [
  'product-hero',
  'offer-badge',
  'testimonial',
  'feature-list',
  'bold-headline',
  'photo-caption',
  'carousel-card',
  'event-date',
] as const;
export const TemplateIdSchema = z.enum(templateIds);
export type TemplateId = z.infer<typeof TemplateIdSchema>;

/** `#rrggbb`, lower or upper case: the one colour format designs and brand kits store. */
export const HexColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colours are written as #rrggbb.')
  .transform((value) => value.toLowerCase());
export type HexColour = z.infer<typeof HexColourSchema>;

export const FontIdSchema = z.enum(fontIds);

export const MAX_IMAGE_SIDE_PX = 8192;
/** A data: URL keeps a local pick previewable before it is uploaded; ~7.5 MB of image as base64. */
export const MAX_DATA_URL_CHARS = 10_000_000;
export const MAX_ASSET_KEY_CHARS = 512;

const pixelSide = z.number().int().min(1).max(MAX_IMAGE_SIDE_PX);

/**
 * An image placed in a design: an uploaded asset (the object key graphics storage gave it) or, in the editor only,
 * a data: URL of a local pick. Intrinsic pixel size travels with it so the checks can flag upscaling.
 */
export const ImageRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('asset'),
    key: z
      .string()
      .min(1)
      .max(MAX_ASSET_KEY_CHARS)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, 'Asset keys use letters, digits, ".", "_", "-" and "/".')
      .refine((key) => !key.split('/').includes('..'), 'Asset keys cannot contain "..".'),
    width: pixelSide,
    height: pixelSide,
    mimeType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  }),
  z.strictObject({
    kind: z.literal('data'),
    url: z
      .string()
      .max(MAX_DATA_URL_CHARS)
      .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/, 'Only base64 image data URLs.'),
    width: pixelSide,
    height: pixelSide,
  }),
]);
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const CtaStyleSchema = z.strictObject({
  shape: z.enum(['pill', 'rounded', 'square']),
  fill: z.enum(['solid', 'outline']),
});
export type CtaStyle = z.infer<typeof CtaStyleSchema>;

export const textLimits = {
  headline: 120,
  body: 300,
  cta: 30,
  badge: 24,
  quote: 280,
  attribution: 60,
  feature: 60,
  eventDate: 40,
  eventPlace: 60,
  caption: 120,
} as const;
export const MAX_FEATURES = 5;

const text = (max: number) => z.string().max(max);

export const DesignTextsSchema = z.strictObject({
  headline: text(textLimits.headline),
  body: text(textLimits.body),
  cta: text(textLimits.cta),
  /** Offer badge: "-30 %", "NEW", "Free shipping". */
  badge: text(textLimits.badge),
  /** Testimonial quote and who said it. */
  quote: text(textLimits.quote),
  attribution: text(textLimits.attribution),
  features: z.array(text(textLimits.feature)).max(MAX_FEATURES),
  eventDate: text(textLimits.eventDate),
  eventPlace: text(textLimits.eventPlace),
  caption: text(textLimits.caption),
});
export type DesignTexts = z.infer<typeof DesignTextsSchema>;

/** The colours a design is drawn with, chosen from the brand palette (or free picks). */
export const DesignColoursSchema = z.strictObject({
  background: HexColourSchema,
  text: HexColourSchema,
  accent: HexColourSchema,
  /** Text drawn on the accent colour (badges, CTA buttons, caption bars). */
  onAccent: HexColourSchema,
});
export type DesignColours = z.infer<typeof DesignColoursSchema>;

export const MAX_BRAND_COLOURS = 6;

/**
 * A carousel design's cards (Meta's `child_attachments`, 2–10: shared/carousel-rules.ts). Each card is the design
 * drawn again with its own headline and photo, and keeps the page its card links to for the ad. The link may be
 * empty while the design is a draft; the export refuses it then (graphics/carousel-design.ts).
 */
export const MAX_DESIGN_CARDS = 10;
export const DesignCardSchema = z.strictObject({
  headline: text(textLimits.headline),
  link: z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' }),
  ]),
  image: ImageRefSchema.optional(),
});
export type DesignCard = z.infer<typeof DesignCardSchema>;

export const DesignSchema = z.strictObject({
  version: z.literal(1),
  templateId: TemplateIdSchema,
  texts: DesignTextsSchema,
  colours: DesignColoursSchema,
  /** The brand palette the colours were picked from (≤ 6), kept so the editor offers the same swatches on reopen. */
  palette: z.array(HexColourSchema).min(1).max(MAX_BRAND_COLOURS),
  fonts: z.strictObject({ heading: FontIdSchema, body: FontIdSchema }),
  ctaStyle: CtaStyleSchema,
  images: z.strictObject({
    /** Full-bleed photo or generated background. */
    background: ImageRefSchema.optional(),
    /** Product shot or the photo of a card. */
    product: ImageRefSchema.optional(),
    logo: ImageRefSchema.optional(),
  }),
  align: z.enum(['left', 'center']),
  /** Present on a carousel design: its cards in order. Absent on every single-image design. */
  cards: z.array(DesignCardSchema).max(MAX_DESIGN_CARDS).optional(),
});
export type Design = z.infer<typeof DesignSchema>;
export type DesignImageSlot = keyof Design['images'];

/** True when a design still holds local data: URLs, which the service does not store or export. */
export function hasLocalImages(design: Design): boolean {
  return [...Object.values(design.images), ...(design.cards ?? []).map((card) => card.image)].some(
    (image) => image?.kind === 'data',
  );
}

/** A sensible starting design (used by the editor and tests); texts empty except the headline. */
export function defaultDesign(overrides: Partial<Design> = {}): Design {
  return {
    version: 1,
    templateId: 'product-hero',
    texts: {
      headline: 'Your headline here',
      body: '',
      cta: 'Shop now',
      badge: '',
      quote: '',
      attribution: '',
      features: [],
      eventDate: '',
      eventPlace: '',
      caption: '',
    },
    colours: { background: '#0f172a', text: '#ffffff', accent: '#f97316', onAccent: '#111827' },
    palette: ['#0f172a', '#f97316', '#ffffff', '#111827'],
    fonts: { heading: 'montserrat', body: 'inter' },
    ctaStyle: { shape: 'pill', fill: 'solid' },
    images: {},
    align: 'center',
    ...overrides,
  };
}
