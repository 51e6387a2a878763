import { WCAG_AA_LARGE, WCAG_AA_NORMAL, blend, contrastRatio, isLargeText, parseHex } from './colour-contrast';
import { cardDesign, carouselChecks } from './carousel-design';
import { type Design } from './design-schema';
import { type LayoutTree, type TextNode } from './layout-tree';
import {
  type Box,
  META_IMAGE_MAX_BYTES,
  type PlacementSizeId,
  placementSizeIds,
  placementSizes,
  unsafeZones,
} from './placement-sizes';
import { layoutDesign } from './templates/template-registry';
import { hasAllGlyphs } from './text-measure';

/**
 * Quality checks before export, on the same layout tree the renderer draws: contrast (WCAG AA), text share of the
 * image, Stories/Reels safe zones, text that cannot fit at its minimum size, upscaled photos, file size.
 * `error` blocks nothing by itself: the editor lists every result with what to do, the export refuses errors.
 */
export type CheckLevel = 'error' | 'warning' | 'info';

export interface DesignCheck {
  id: string;
  level: CheckLevel;
  sizeId: PlacementSizeId;
  message: string;
  /** Where on the image (pixels of that size), for the editor's highlight. */
  box?: Box;
}

/** Feed images show about 400 CSS px wide on a phone; WCAG's "large text" is judged at that display size. */
export const PHONE_DISPLAY_WIDTH_PX = 400;
/**
 * Meta retired its 20 % image-text rule in September 2020: it "will no longer penalize ads with higher amounts of
 * image text in auctions and delivery", and still encourages less text, "as we have found that images with less than
 * 20% text generally perform better" (Meta's announcement to advertisers, quoted at
 * https://nowspeed.com/facebook-removed-images/; the Business Help Center's "text in ad images" best practice).
 * So above 20 % this is advice (level info), never a claim that Meta limits delivery.
 */
export const TEXT_SHARE_WARNING = 0.2;
/** Scale factors above which a placed photo is visibly soft (warning) or blurry (error). */
export const UPSCALE_WARNING = 1.1;
export const UPSCALE_ERROR = 1.5;

const black: [number, number, number] = [0, 0, 0];
const white: [number, number, number] = [255, 255, 255];

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Worst-case contrast of a text against its backdrop; for a photo under a scrim, over the darkest and lightest photo. */
export function textContrast(node: TextNode): number | null {
  if (node.backdrop.kind === 'colour') return contrastRatio(node.colour, node.backdrop.colour);
  const scrim = node.backdrop.scrim;
  if (!scrim) return null;
  const colour = parseHex(scrim.colour);
  return Math.min(
    contrastRatio(parseHex(node.colour), blend(colour, black, scrim.opacity)),
    contrastRatio(parseHex(node.colour), blend(colour, white, scrim.opacity)),
  );
}

const roleNames: Record<TextNode['role'], string> = {
  headline: 'headline',
  body: 'body text',
  cta: 'call to action',
  badge: 'badge',
  quote: 'quote',
  attribution: 'attribution',
  feature: 'feature',
  'event-date': 'date',
  'event-place': 'place',
  caption: 'caption',
};

export function checkLayout(tree: LayoutTree, design: Design): DesignCheck[] {
  const size = placementSizes[tree.sizeId];
  const checks: DesignCheck[] = [];
  const texts = tree.nodes.filter((n): n is TextNode => n.kind === 'text' && n.fit.lines.length > 0);
  const displayScale = PHONE_DISPLAY_WIDTH_PX / size.width;

  for (const node of texts) {
    const name = roleNames[node.role];
    const ratio = textContrast(node);
    const large = isLargeText(node.fit.fontSize * displayScale, node.weight === 700);
    const needed = large ? WCAG_AA_LARGE : WCAG_AA_NORMAL;
    if (ratio === null) {
      checks.push({
        id: `contrast:${node.id}`,
        level: 'warning',
        sizeId: tree.sizeId,
        box: node.box,
        message: `The ${name} sits on a photo with no backdrop: its contrast depends on the photo. Check it reads well.`,
      });
    } else if (ratio < needed) {
      checks.push({
        id: `contrast:${node.id}`,
        level: 'error',
        sizeId: tree.sizeId,
        box: node.box,
        message: `The ${name} has a contrast of ${ratio.toFixed(2)}:1 against its background; WCAG AA needs ${needed}:1. Pick a darker or lighter text or background colour.`,
      });
    }
    if (!node.fit.fits) {
      checks.push({
        id: `fit:${node.id}`,
        level: 'error',
        sizeId: tree.sizeId,
        box: node.frame,
        message: `The ${name} does not fit even at the smallest size (${node.minFontSize} px). Shorten it.`,
      });
    }
    if (!hasAllGlyphs(node.fit.lines.join(''), node.font, node.weight)) {
      checks.push({
        id: `glyphs:${node.id}`,
        level: 'warning',
        sizeId: tree.sizeId,
        box: node.box,
        message: `The ${name} has characters the chosen font cannot draw (emoji or symbols); they will be missing.`,
      });
    }
  }

  const textArea = texts.reduce((sum, n) => sum + n.box.width * n.box.height, 0);
  const share = textArea / (size.width * size.height);
  if (share > TEXT_SHARE_WARNING) {
    checks.push({
      id: 'text-share',
      level: 'info',
      sizeId: tree.sizeId,
      message: `Text covers ${Math.round(share * 100)} % of the image. Meta no longer limits text in ad images, but finds that images with less than 20 % text generally perform better: move some of it to the ad's primary text.`,
    });
  }

  const zones = unsafeZones(tree.sizeId);
  if (zones.length > 0) {
    const guarded = tree.nodes.filter((n) => n.kind === 'text' || (n.kind === 'image' && n.slot === 'logo'));
    for (const node of guarded) {
      if (node.kind === 'text' && node.fit.lines.length === 0) continue;
      if (zones.some((zone) => intersects(node.box, zone))) {
        checks.push({
          id: `safe-zone:${node.id}`,
          level: 'error',
          sizeId: tree.sizeId,
          box: node.box,
          message: `The ${node.kind === 'text' ? roleNames[node.role] : 'logo'} reaches into the top 14 % or bottom 35 % of the Story, where Instagram and Facebook draw their own buttons.`,
        });
      }
    }
  }

  for (const node of tree.nodes) {
    if (node.kind !== 'image') continue;
    const ref = design.images[node.slot];
    if (
      !ref ||
      (ref.kind === 'asset' && ref.mimeType === 'image/svg+xml') ||
      (ref.kind === 'data' && ref.url.startsWith('data:image/svg'))
    )
      continue;
    const scaleX = node.box.width / ref.width;
    const scaleY = node.box.height / ref.height;
    const scale = node.fit === 'cover' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
    if (scale > UPSCALE_WARNING) {
      checks.push({
        id: `resolution:${node.id}`,
        level: scale > UPSCALE_ERROR ? 'error' : 'warning',
        sizeId: tree.sizeId,
        box: node.box,
        message: `The ${node.slot} image is ${ref.width}×${ref.height} px but is shown ${Math.round(scale * 100)} % enlarged here; it will look ${scale > UPSCALE_ERROR ? 'blurry' : 'soft'}. Use an image at least ${Math.ceil(ref.width * scale)} px wide.`,
      });
    }
  }

  return checks;
}

/** An upper bound of the file size before rendering: uncompressed RGBA plus headers (PNG never exceeds it by much). */
export function estimatedFileBytes(sizeId: PlacementSizeId): number {
  const { width, height } = placementSizes[sizeId];
  return width * height * 4 + height + 1024;
}

export function fileSizeCheck(sizeId: PlacementSizeId, bytes: number = estimatedFileBytes(sizeId)): DesignCheck[] {
  if (bytes <= META_IMAGE_MAX_BYTES) return [];
  return [
    {
      id: 'file-size',
      level: 'error',
      sizeId,
      message: `The image is ${(bytes / 1024 / 1024).toFixed(1)} MB; Meta accepts at most 30 MB. Export as JPEG.`,
    },
  ];
}

export function checkDesign(design: Design, sizeId: PlacementSizeId, fileBytes?: number): DesignCheck[] {
  if (design.cards) {
    // A carousel: Meta's card rules, then every card drawn as its own design, its findings named by card.
    const cardChecks = design.cards.flatMap((card, i) =>
      checkLayout(layoutDesign(cardDesign(design, card), sizeId), cardDesign(design, card)).map((check) => ({
        ...check,
        id: `card-${i + 1}-${check.id}`,
        message: `Card ${i + 1}: ${check.message}`,
      })),
    );
    return [...carouselChecks(design, sizeId), ...cardChecks, ...fileSizeCheck(sizeId, fileBytes)];
  }
  return [...checkLayout(layoutDesign(design, sizeId), design), ...fileSizeCheck(sizeId, fileBytes)];
}

export function checkDesignAllSizes(design: Design): DesignCheck[] {
  return placementSizeIds.flatMap((sizeId) => checkDesign(design, sizeId));
}
