import { offerOf } from '@shared/creative-offer';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { CreativeElementsSchema, type CreativeElements } from '@shared/schemas/creative-report';

/**
 * The design elements an exported image (graphics export) or a rendered video (graphics-video) was recorded with,
 * by the image's asset id or the video's id (both random UUIDs, so one lookup serves both).
 */
export type DesignElementsOf = (id: string) => CreativeElements | undefined;

/** The ad's images that came from the user's stored assets: its own, or its carousel's cards in order. */
export function planAdAssetIds(ad: PlanAd): string[] {
  const images = [ad.image, ...(ad.cards ?? []).map((card) => card.image)];
  return images.flatMap((image) => (image?.assetId ? [image.assetId] : []));
}

/** A video ad's rendered video, by the id in its key (`users/{sub}/videos/{videoId}/…`, graphics-video's records). */
export function planAdVideoIds(ad: PlanAd): string[] {
  const match = ad.video ? /\/videos\/([0-9a-f-]{36})\//.exec(ad.video.assetKey) : null;
  return match ? [match[1]!] : [];
}

/**
 * The elements of an ad the campaign generator publishes, exactly as Adsmith made it: from its plan the headline
 * angle, call to action, format and its copy's language (a multi-language ad as its languages joined, the ad's own
 * first: "en+es"); from the graphics design its image was exported from (when it was one) the template, layout,
 * colour scheme and kind of picture (for a video ad, the design its video was rendered from); the offer from the design's words, else from the ad's copy (both are Adsmith's
 * own text, read with fixed patterns). An image uploaded from elsewhere leaves the design's elements absent rather
 * than guessed.
 */
export function planAdElements(ad: PlanAd, designOf: DesignElementsOf = () => undefined): CreativeElements {
  const languages = [ad.language ?? 'en', ...(ad.translations ?? []).map((t) => t.language)];
  const design = [...planAdAssetIds(ad), ...planAdVideoIds(ad)]
    .map(designOf)
    .find((elements) => elements !== undefined);
  const designOffer = design?.offer && design.offer !== 'No offer' ? design.offer : undefined;
  const copy = [ad.headline, ad.primaryText, ad.description, ...(ad.cards ?? []).map((card) => card.headline)];
  return {
    ...(design?.template ? { template: design.template } : {}),
    ...(design?.layout ? { layout: design.layout } : {}),
    ...(design?.colourScheme ? { colourScheme: design.colourScheme } : {}),
    ...(design?.imageKind ? { imageKind: design.imageKind } : {}),
    ...(ad.angle ? { angle: ad.angle } : {}),
    offer: designOffer ?? offerOf(...copy),
    callToAction: ad.callToAction,
    format: ad.format ?? 'single_image',
    language: languages.join('+'),
  };
}

/** A stored image's recorded design elements, checked: a row that does not parse counts as none. */
export function storedDesignElements(stored: unknown): CreativeElements | undefined {
  const parsed = CreativeElementsSchema.safeParse(stored);
  return stored !== undefined && parsed.success ? parsed.data : undefined;
}
