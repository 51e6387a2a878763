/**
 * Meta's rules for carousel link ads (`object_story_spec.link_data.child_attachments`), shared by the plan
 * schema, the pre-publish validator, the graphics generator's carousel designs and the editors. Sources:
 * - 2 to 10 cards: Meta's Ads Guide (carousel, "2–10 cards"), the Instagram carousel guide (at least two) and the
 *   Threads carousel guide ("Only 10 children are allowed"); the Meta sandbox refuses the same
 *   (infra/twin/meta-sandbox/carousel-cards.ts);
 * - each card has its own link and its own image: Instagram and Threads carousel guides ("Each attachment must have
 *   link specified", "We do not default the image from link_data"); cards may link to different pages, even
 *   different domains (the child-attachment reference has one link per card and sets no domain rule);
 * - a card's image after cropping is at least 600×600 for Instagram, 200×200 for Facebook (child-attachment
 *   reference, image_crops); carousel cards are shown square (1:1, 1080×1080 recommended) and 4:5 in feeds
 *   (Ads Guide, carousel image specs);
 * - the text shown on a card: headline about 40 characters, description about 20 (Ads Guide recommendations, not
 *   enforced by the API); the hard limits are link_data's own (255).
 */

export const CAROUSEL_CARDS = { min: 2, max: 10 } as const;

export const CAROUSEL_CARD_TEXT_LIMITS = { headline: 255, description: 255 } as const;
export const RECOMMENDED_CARD_TEXT = { headline: 40, description: 20 } as const;

/** The smallest card image (after Meta's square crop) each platform takes. */
export const CAROUSEL_IMAGE_MIN_SIDE = { instagram: 600, facebook: 200 } as const;

/** The shapes a carousel card is shown in, width / height; a card image off these is cropped by Meta. */
export const CAROUSEL_CARD_RATIOS = [
  { label: '1:1', ratio: 1 },
  { label: '4:5', ratio: 4 / 5 },
] as const;

/** Meta's tolerance for an aspect ratio (Ads Guide: "aspect ratio tolerance 3%"). */
export const RATIO_TOLERANCE = 0.03;

export function isCarouselRatio(width: number, height: number): boolean {
  const ratio = width / height;
  return CAROUSEL_CARD_RATIOS.some((shape) => Math.abs(ratio - shape.ratio) / shape.ratio <= RATIO_TOLERANCE);
}
