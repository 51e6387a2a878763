import { offerOf, type OfferKind } from '../creative-offer';
import { parseHex, relativeLuminance } from './colour-contrast';
import type { Design, DesignColours } from './design-schema';

/**
 * The creative elements a graphics design carries (issue 29 req 4), read from the design Adsmith rendered: its
 * template, its layout, its colour scheme, the kind of picture it shows and the offer its words make. Recorded on
 * the exported images, so an ad that uses one knows them exactly.
 */
export interface DesignElements {
  template: string;
  layout: string;
  colourScheme: string;
  imageKind?: 'product' | 'lifestyle' | 'ai_background';
  offer: OfferKind;
}

/** What the graphics service knows of an image a design places: who made it and what for. */
export interface PlacedImage {
  slot: keyof Design['images'];
  /** The asset's kind: an upload, an AI image, or (never placed today) an export. */
  kind: 'upload' | 'ai' | 'export';
  /** The upload's purpose or the AI image's ('background' for a generated backdrop, 'product' for a scene). */
  purpose: string;
}

/**
 * The picture an ad shows, as the report groups it. A generated backdrop is an AI background; a photo behind the
 * words (an uploaded background or an AI product scene) is lifestyle; a product shot alone is product. The backdrop
 * decides when both are placed: it is what fills the ad. No picture, no kind.
 */
export function imageKindOf(images: readonly PlacedImage[]): DesignElements['imageKind'] {
  const background = images.find((image) => image.slot === 'background');
  if (background?.kind === 'ai') return background.purpose === 'background' ? 'ai_background' : 'lifestyle';
  if (background) return 'lifestyle';
  const product = images.find((image) => image.slot === 'product');
  if (product?.kind === 'ai') return 'lifestyle';
  return product ? 'product' : undefined;
}

/** "Centred, photo behind the words", "Left-aligned, product shot", "Carousel, 4 cards". */
export function layoutOf(design: Design): string {
  if (design.cards) return `Carousel, ${design.cards.length} cards`;
  const align = design.align === 'center' ? 'Centred' : 'Left-aligned';
  const picture = design.images.background
    ? 'photo behind the words'
    : design.images.product
      ? 'product shot'
      : 'words only';
  return `${align}, ${picture}`;
}

const HUES: ReadonlyArray<readonly [number, string]> = [
  [15, 'red'],
  [45, 'orange'],
  [70, 'yellow'],
  [165, 'green'],
  [200, 'teal'],
  [255, 'blue'],
  [290, 'purple'],
  [335, 'pink'],
  [360, 'red'],
];

/** The colour's name as people say it: a hue, or grey when it has almost none. */
function colourName(hex: string): string {
  const [r, g, b] = parseHex(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (chroma < 0.12) return max > 0.85 ? 'white' : max < 0.15 ? 'black' : 'grey';
  const hue =
    max === r ? (((g - b) / chroma) % 6) * 60 : max === g ? ((b - r) / chroma + 2) * 60 : ((r - g) / chroma + 4) * 60;
  const degrees = (hue + 360) % 360;
  return HUES.find(([limit]) => degrees < limit)![1];
}

/**
 * "Dark, orange accent": the background's lightness (WCAG luminance, split where black and white text contrast
 * the same) and the accent's hue. Few enough values that a scheme's ads add up to something the report can rank.
 */
export function colourSchemeOf(colours: DesignColours): string {
  const tone = relativeLuminance(parseHex(colours.background)) < 0.18 ? 'Dark' : 'Light';
  return `${tone}, ${colourName(colours.accent)} accent`;
}

/** Every element of a design; the offer from all of its words (the badge first: it is where offers go). */
export function designElements(design: Design, images: readonly PlacedImage[]): DesignElements {
  const { texts } = design;
  const imageKind = imageKindOf(images);
  return {
    template: design.templateId,
    layout: layoutOf(design),
    colourScheme: colourSchemeOf(design.colours),
    ...(imageKind ? { imageKind } : {}),
    offer: offerOf(
      texts.badge,
      texts.headline,
      texts.body,
      texts.caption,
      ...(design.cards ?? []).map((c) => c.headline),
    ),
  };
}
