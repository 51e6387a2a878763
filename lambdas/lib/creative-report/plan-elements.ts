import type { PlanAd } from '@shared/schemas/campaign-plan';
import type { CreativeElements } from '@shared/schemas/creative-report';

/**
 * The elements of an ad the campaign generator publishes, exactly as its plan holds them: the
 * headline angle it was written from, its call to action, its format and its copy's language (a
 * multi-language ad as its languages joined, the ad's own first: "en+es"). The plan does not carry
 * the graphics design an image was exported from (template, layout, colour scheme, image kind) nor
 * an offer, so those stay absent rather than guessed.
 */
export function planAdElements(ad: PlanAd): CreativeElements {
  const languages = [ad.language ?? 'en', ...(ad.translations ?? []).map((t) => t.language)];
  return {
    ...(ad.angle ? { angle: ad.angle } : {}),
    callToAction: ad.callToAction,
    format: ad.format ?? 'single_image',
    language: languages.join('+'),
  };
}
