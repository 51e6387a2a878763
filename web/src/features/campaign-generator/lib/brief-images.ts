import { CAROUSEL_CARDS } from '@shared/carousel-rules';
import * as z from 'zod';
import { ImageHashSchema, MAX_BRIEF_IMAGES, type AdImageRef } from '@shared/schemas/campaign-plan';
import { uploadLimits } from '@shared/schemas/graphics';

/**
 * Images on the brief form. Whatever the source (the user's own upload, an image made in the graphics generator,
 * or hashes handed over by the graphics editor's "Use in a campaign"), an image is used by its hash in one ad
 * account's library, so each picked image remembers that account.
 */

/** What Meta's adimages takes and the graphics upload of a product photo allows. */
export const AD_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type AdImageType = (typeof AD_IMAGE_TYPES)[number];
const limits = uploadLimits.product;

export const PickedImageSchema = z.object({
  hash: ImageHashSchema,
  name: z.string(),
  assetId: z.string().optional(),
  adAccountId: z.string(),
  /** Shown on the form only; never sent. */
  thumbnailUrl: z.string().optional(),
});
export type PickedImage = z.infer<typeof PickedImageSchema>;

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** Type and size, before anything is uploaded. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(AD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a PNG or JPEG image: Meta’s ads take those two.`;
  }
  if (file.size > limits.maxBytes) return `${file.name} is larger than ${megabytes(limits.maxBytes)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** Pixel size, read in the browser before the upload (the server checks it again from the bytes). */
export function dimensionProblem(name: string, width: number, height: number): string | null {
  if (Math.min(width, height) < limits.minSidePx) {
    return `${name} is ${width}×${height}: an ad image needs at least ${limits.minSidePx} px on its shorter side, or it looks blurry.`;
  }
  if (Math.max(width, height) > limits.maxSidePx) {
    return `${name} is ${width}×${height}: at most ${limits.maxSidePx} px a side.`;
  }
  return null;
}

/** Adds images not already picked for their account, up to the brief's limit; says what did not fit. */
export function addPicked(
  current: readonly PickedImage[],
  added: readonly PickedImage[],
): { images: PickedImage[]; dropped: number } {
  const images = [...current];
  let dropped = 0;
  for (const image of added) {
    if (images.some((i) => i.hash === image.hash && i.adAccountId === image.adAccountId)) continue;
    if (images.length >= MAX_BRIEF_IMAGES) {
      dropped += 1;
      continue;
    }
    images.push(image);
  }
  return { images, dropped };
}

/**
 * `/campaign-generator?adAccountId=act_…&imageHashes=h1,h2` (the graphics editor's "Use in a campaign"): the
 * account, if it is one of the user's, and its hashes, preselected; `&adFormat=carousel` (a carousel design's cards,
 * in order) also chooses the carousel format when there are cards enough. Anything else in the link is ignored.
 */
export function imagesFromLink(
  search: URLSearchParams,
  accountIds: readonly string[],
): { adAccountId?: string; images: PickedImage[]; carousel?: true } {
  const adAccountId = search.get('adAccountId') ?? undefined;
  if (!adAccountId || !accountIds.includes(adAccountId)) return { images: [] };
  const hashes = (search.get('imageHashes') ?? '')
    .split(',')
    .map((hash) => hash.trim())
    .filter((hash) => ImageHashSchema.safeParse(hash).success);
  const images = [...new Set(hashes)]
    .slice(0, MAX_BRIEF_IMAGES)
    .map((hash, index) => ({ hash, name: `Graphics generator image ${index + 1}`, adAccountId }));
  const carousel = search.get('adFormat') === 'carousel' && images.length >= CAROUSEL_CARDS.min;
  return { adAccountId, images, ...(carousel ? { carousel } : {}) };
}

/** Preselected images named and pictured from what the account's library is known to hold (by hash). */
export function withKnownImages(
  images: readonly PickedImage[],
  known: ReadonlyArray<{ hash: string; name: string; assetId: string; thumbnailUrl: string }>,
): PickedImage[] {
  return images.map((image) => {
    const found = known.find((candidate) => candidate.hash === image.hash);
    return found ? { ...image, name: found.name, assetId: found.assetId, thumbnailUrl: found.thumbnailUrl } : image;
  });
}

/** The brief's images: only ever those in the chosen account's library. */
export function briefImages(
  images: readonly PickedImage[],
  adAccountId: string,
): { images: AdImageRef[] } | { error: string } {
  const elsewhere = images.filter((image) => image.adAccountId !== adAccountId);
  if (elsewhere.length > 0) {
    return {
      error: `${elsewhere.map((image) => image.name).join(', ')} ${elsewhere.length === 1 ? 'was' : 'were'} added for another ad account: remove ${elsewhere.length === 1 ? 'it' : 'them'} or add ${elsewhere.length === 1 ? 'it' : 'them'} again for this one.`,
    };
  }
  return {
    images: images.map((image) => ({
      hash: image.hash,
      name: image.name.slice(0, 200),
      ...(image.assetId ? { assetId: image.assetId } : {}),
    })),
  };
}
