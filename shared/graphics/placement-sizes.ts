/**
 * Meta's recommended image sizes for the placements Adsmith designs for, declared once: the editor shows them side by
 * side, templates lay out for them, the renderer and the export produce exactly these pixel sizes.
 */
export const placementSizeIds = ['square', 'portrait', 'story', 'landscape'] as const;
export type PlacementSizeId = (typeof placementSizeIds)[number];

export interface PlacementSize {
  id: PlacementSizeId;
  /** Short label for the editor and file names' human counterpart. */
  label: string;
  ratio: '1:1' | '4:5' | '9:16' | '1.91:1';
  width: number;
  height: number;
  /** The Facebook and Instagram placements this size is meant for. */
  placements: readonly string[];
  /** Stories and Reels overlay their own UI; text and logos must stay out of these bands. */
  hasSafeZones: boolean;
}

export const placementSizes: Record<PlacementSizeId, PlacementSize> = {
  square: {
    id: 'square',
    label: 'Feed square 1:1',
    ratio: '1:1',
    width: 1080,
    height: 1080,
    placements: ['Facebook Feed', 'Instagram Feed', 'Marketplace', 'Right column'],
    hasSafeZones: false,
  },
  portrait: {
    id: 'portrait',
    label: 'Feed portrait 4:5',
    ratio: '4:5',
    width: 1080,
    height: 1350,
    placements: ['Facebook Feed', 'Instagram Feed'],
    hasSafeZones: false,
  },
  story: {
    id: 'story',
    label: 'Stories and Reels 9:16',
    ratio: '9:16',
    width: 1080,
    height: 1920,
    placements: ['Facebook Stories', 'Instagram Stories', 'Facebook Reels', 'Instagram Reels'],
    hasSafeZones: true,
  },
  landscape: {
    id: 'landscape',
    label: 'Link ad 1.91:1',
    ratio: '1.91:1',
    width: 1200,
    height: 628,
    placements: ['Facebook link ads', 'Audience Network', 'Search results'],
    hasSafeZones: false,
  },
};

/**
 * Stories/Reels safe zones as fractions of the height: the top 14 % holds the profile header, the bottom 35 % the
 * Reels caption, buttons and the CTA sticker.
 */
export const storySafeZone = { topFraction: 0.14, bottomFraction: 0.35 } as const;

/** An axis-aligned box in image pixels, origin top left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bands of a size where text and logos must not go (empty for sizes without safe zones). */
export function unsafeZones(sizeId: PlacementSizeId): Box[] {
  const size = placementSizes[sizeId];
  if (!size.hasSafeZones) return [];
  const top = Math.round(size.height * storySafeZone.topFraction);
  const bottom = Math.round(size.height * storySafeZone.bottomFraction);
  return [
    { x: 0, y: 0, width: size.width, height: top },
    { x: 0, y: size.height - bottom, width: size.width, height: bottom },
  ];
}

/** The area of a size where text and logos may go. */
export function safeArea(sizeId: PlacementSizeId): Box {
  const size = placementSizes[sizeId];
  if (!size.hasSafeZones) return { x: 0, y: 0, width: size.width, height: size.height };
  const top = Math.round(size.height * storySafeZone.topFraction);
  const bottom = Math.round(size.height * storySafeZone.bottomFraction);
  return { x: 0, y: top, width: size.width, height: size.height - top - bottom };
}

/** Meta's limit for an image file in an ad. */
export const META_IMAGE_MAX_BYTES = 30 * 1024 * 1024;
