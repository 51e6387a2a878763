import { describe, expect, it } from 'vitest';
import { assertOwnVideos } from '@lambdas/campaign-generator/campaign-drafts';
import { AppError } from '@lambdas/lib/errors';
import type { CampaignPlan, PlanAd } from '@shared/schemas/campaign-plan';

/** Issue 29: a saved plan's video ads play only the user's own videos (the plan editor can swap them). */

const video = (owner: string) => ({
  kind: 'video' as const,
  assetKey: `users/${owner}/videos/v1/video.mp4`,
  thumbnailAssetKey: `users/${owner}/videos/v1/thumbnail.png`,
  ratio: '9:16' as const,
  seconds: 6,
  width: 1080,
  height: 1920,
});
const ad = (extra: Partial<PlanAd>): PlanAd => ({
  name: 'Ad',
  headline: 'Warm mornings',
  primaryText: 'Handmade stoneware.',
  description: '',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com',
  ...extra,
});
const planOf = (ads: PlanAd[][]) => ({ adSets: ads.map((set) => ({ ads: set })) }) as unknown as CampaignPlan;

describe('the videos a saved plan may play', () => {
  it('takes the user’s own videos and ads without one', () => {
    expect(() => assertOwnVideos('u1', planOf([[ad({ format: 'video', video: video('u1') }), ad({})]]))).not.toThrow();
  });

  it('refuses another user’s video with a 400 naming each ad that plays one', () => {
    const theirs = ad({ format: 'video', video: video('u2') });
    const thumbnailOnly = ad({ format: 'video', video: { ...video('u1'), thumbnailAssetKey: 'users/u2/x/t.png' } });

    let error: unknown;
    try {
      assertOwnVideos('u1', planOf([[ad({})], [ad({ format: 'video', video: video('u1') }), theirs, thumbnailOnly]]));
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys((error as AppError).details ?? {})).toEqual(['adSets.1.ads.1.video', 'adSets.1.ads.2.video']);
  });
});
