import type { PlanAd } from '@shared/schemas/campaign-plan';
import type { CreativeElements } from '@shared/schemas/creative-report';

/**
 * The elements of an ad the campaign generator publishes, exactly as its plan holds them: the
 * headline angle it was written from, its call to action and its format. The plan does not carry the
 * graphics design an image was exported from (template, layout, colour scheme, image kind) nor the
 * copy's language, so those stay absent rather than guessed.
 */
export function planAdElements(ad: PlanAd): CreativeElements {
  return {
    ...(ad.angle ? { angle: ad.angle } : {}),
    callToAction: ad.callToAction,
    format: ad.format ?? 'single_image',
  };
}
