import { describe, expect, it } from 'vitest';
import { adInLanguage, needsLanguageAdSets, perLanguagePlan } from '@lambdas/campaign-generator/language-ad-sets';
import { targetingSpec } from '@lambdas/campaign-generator/meta-targeting';
import type { AdVideo } from '@shared/ad-video';
import type { CampaignPlan, PlanAd, PlanAdSet } from '@shared/schemas/campaign-plan';
import { multiLanguageAd } from '@tests/support/multi-language-ad';

/** Issue 29 req 3: carousel and video ads in several languages go out as one ad set per language. */

const video: AdVideo = {
  kind: 'video',
  assetKey: 'users/u1/videos/v1/video.mp4',
  thumbnailAssetKey: 'users/u1/videos/v1/poster.png',
  width: 1080,
  height: 1920,
  ratio: '9:16',
  seconds: 10,
};

function adSet(ads: PlanAd[], budget: PlanAdSet['budget'] = null): PlanAdSet {
  return {
    name: 'Runners',
    optimizationGoal: 'LINK_CLICKS',
    billingEvent: 'IMPRESSIONS',
    budget,
    startTime: '2026-12-01T00:00:00Z',
    targeting: {
      countries: ['US'],
      regions: [],
      cities: [],
      ageMin: 25,
      ageMax: 45,
      genders: [],
      interests: [],
      placements: 'advantage',
    },
    ads,
  };
}

const plan = (sets: PlanAdSet[]): CampaignPlan => ({
  adAccountId: 'act_1',
  currency: 'USD',
  campaign: {
    name: 'Shoes',
    objective: 'OUTCOME_TRAFFIC',
    buyingType: 'AUCTION',
    budget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    specialAdCategories: [],
  },
  adSets: sets,
});

const videoAd = (): PlanAd => multiLanguageAd({ format: 'video', video, image: undefined, language: 'en' });

describe('one ad set per language for carousel and video ads', () => {
  it('leaves a single-image multi-language ad alone: Meta takes it as one multi-language ad', () => {
    const single = plan([adSet([multiLanguageAd(), multiLanguageAd()])]);
    expect(needsLanguageAdSets(single.adSets[0]!)).toBe(false);
    expect(perLanguagePlan(single)).toBe(single);
  });

  it('splits a video ad set into en, es and de ad sets, each narrowed to its Meta locales with its copy', () => {
    const published = perLanguagePlan(plan([adSet([videoAd(), videoAd()], { type: 'daily', amountMinor: 1000 })]));
    expect(published.adSets.map((set) => set.name)).toEqual(['Runners | en', 'Runners | es', 'Runners | de']);
    expect(published.adSets.map((set) => set.targeting.locales)).toEqual([[1001], [1002], [5]]);
    // The ad set's budget is shared, so the plan spends what it said (the remainder to the first).
    expect(published.adSets.map((set) => set.budget?.amountMinor)).toEqual([334, 333, 333]);
    const [en, es, de] = published.adSets.map((set) => set.ads[0]!);
    expect(en).toMatchObject({ language: 'en', headline: 'Mugs for your mornings', format: 'video' });
    expect(es).toMatchObject({ language: 'es', headline: 'Tazas para tus mañanas', format: 'video', video });
    expect(de).toMatchObject({ language: 'de', headline: 'Tassen für deinen Morgen' });
    for (const set of published.adSets) {
      for (const ad of set.ads) expect(ad.translations).toBeUndefined();
    }
    // Meta's targeting spec carries the locales; the plan's other ad sets send none.
    expect(targetingSpec(published.adSets[1]!.targeting)).toMatchObject({ locales: [1002] });
    expect(targetingSpec(adSet([]).targeting)).not.toHaveProperty('locales');
  });

  it('gives a carousel’s version its own card words, card by card, keeping images and links', () => {
    const cards = [
      {
        headline: 'Mugs',
        description: 'Stoneware',
        link: 'https://shop.example.com/a',
        image: { hash: 'aaaaaaaa1', name: 'a' },
      },
      {
        headline: 'Cups',
        description: 'Porcelain',
        link: 'https://shop.example.com/b',
        image: { hash: 'aaaaaaaa2', name: 'b' },
      },
    ];
    const ad = multiLanguageAd({
      format: 'carousel',
      cards,
      translations: [
        {
          language: 'es',
          headline: 'Tazas',
          primaryText: 'Las tazas para tus mañanas.',
          description: '',
          cards: [
            { headline: 'Tazas', description: 'Gres' },
            { headline: 'Vasos', description: 'Porcelana' },
          ],
        },
      ],
    });
    const spanish = adInLanguage(ad, 'es');
    expect(spanish.primaryText).toBe('Las tazas para tus mañanas.');
    expect(spanish.cards).toEqual([
      { ...cards[0], headline: 'Tazas', description: 'Gres' },
      { ...cards[1], headline: 'Vasos', description: 'Porcelana' },
    ]);
    expect(adInLanguage(ad, 'en').cards).toEqual(cards);
  });
});
