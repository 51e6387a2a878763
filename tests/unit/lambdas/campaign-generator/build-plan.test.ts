import { describe, expect, it } from 'vitest';
import { buildPlan, withinStatedAges } from '@lambdas/campaign-generator/build-plan';
import { campaignPlanPrompt } from '@lambdas/lib/ai/prompts/campaign-plan';
import { briefTargeting } from '@shared/brief-audience';
import { checkBriefTargeting } from '@shared/campaign-plan-validator';
import { CampaignBriefSchema, type CampaignBriefInput } from '@shared/schemas/campaign-plan';

/** Issue 25, requirement 3: what the brief states is carried into the plan, whatever the model proposed. */

const brief = (change: Partial<CampaignBriefInput> = {}) =>
  CampaignBriefSchema.parse({
    adAccountId: 'act_1',
    product: 'Yoga mats',
    goal: 'traffic',
    landingUrl: 'https://shop.example.com',
    budgetType: 'total',
    budgetAmount: 300,
    startDate: '2026-12-01',
    endDate: '2026-12-20',
    countries: ['US', 'CA'],
    audience: 'Women 25-45',
    ...change,
  });
const ad = (headline: string) => ({
  headline,
  primaryText: `${headline}, for every practice.`,
  description: 'Free returns',
  callToAction: 'SHOP_NOW' as const,
  angle: 'benefit' as const,
});
// What a model did: all genders, bands outside the brief's ages.
const draft = {
  campaignName: 'Yoga mats',
  adSets: [
    { name: 'Women 25-45', audienceSummary: 'x', interestKeywords: ['Yoga'], ageMin: 18, ageMax: 29, ads: [ad('A')] },
    { name: 'Women 45+', audienceSummary: 'x', interestKeywords: ['Pilates'], ageMin: 45, ageMax: 65, ads: [ad('B')] },
  ],
};
const facts = { adAccountId: 'act_1', currency: 'USD', minDailyBudgetMinor: 100 };
const build = (change: Partial<CampaignBriefInput> = {}) =>
  buildPlan(brief(change), draft, facts, [[], []], {
    regions: [{ key: '3847', name: 'California', countryCode: 'US' }],
    cities: [],
  });

describe('the brief is honoured', () => {
  it('ages: every ad set stays inside the stated 25–45 (text or field)', () => {
    for (const plan of [build(), build({ audience: 'Yoga fans', ageMin: 25, ageMax: 45 })]) {
      for (const set of plan.adSets) {
        expect(set.targeting.ageMin).toBeGreaterThanOrEqual(25);
        expect(set.targeting.ageMax).toBeLessThanOrEqual(45);
      }
    }
    expect(withinStatedAges({ ageMin: 18, ageMax: 29 }, { ageMin: 25, ageMax: 45 })).toEqual({
      ageMin: 25,
      ageMax: 45,
    });
    expect(withinStatedAges({ ageMin: 30, ageMax: 44 }, { ageMin: 25, ageMax: 45 })).toEqual({
      ageMin: 30,
      ageMax: 44,
    });
    expect(withinStatedAges({ ageMin: 30, ageMax: 44 }, {})).toEqual({ ageMin: 30, ageMax: 44 });
  });

  it('genders: "Women 25-45" targets women only; a field of all genders or a special category targets all', () => {
    expect(build().adSets.map((set) => set.targeting.genders)).toEqual([['female'], ['female']]);
    expect(build({ genders: [] }).adSets.every((set) => set.targeting.genders.length === 0)).toBe(true);
    expect(build({ audience: 'Anglers', genders: ['male'] }).adSets[0]!.targeting.genders).toEqual(['male']);
    const housing = build({ specialAdCategories: ['HOUSING'] });
    expect(housing.adSets.every((s) => s.targeting.genders.length === 0 && s.targeting.ageMin === 18)).toBe(true);
  });

  it('places: the brief’s countries and resolved regions reach every ad set', () => {
    for (const set of build().adSets) {
      expect(set.targeting.countries).toEqual(['US', 'CA']);
      expect(set.targeting.regions.map((r) => r.name)).toEqual(['California']);
    }
  });

  it('languages: the copy is asked for in the stated language', () => {
    const data = (change: Partial<CampaignBriefInput>) => {
      const user = String(campaignPlanPrompt.build(brief(change)).at(-1)!.content);
      return JSON.parse(user.slice(user.indexOf('{'), user.lastIndexOf('}') + 1)) as Record<string, unknown>;
    };
    expect(data({ audience: 'Spanish-speaking women 25-45' }).copyLanguage).toBe('Spanish');
    expect(data({ languages: ['French'] }).copyLanguage).toBe('French');
    expect(data({}).copyLanguage).toBeUndefined();
    expect(data({})).toMatchObject({ statedAges: { min: 25, max: 45 }, statedGenders: 'women only' });
  });

  it('budget: the stated amount and kind, in minor units', () => {
    expect(build().campaign.budget).toEqual({ type: 'lifetime', amountMinor: 30_000 });
    expect(build({ budgetType: 'daily', budgetAmount: 42.5 }).campaign.budget).toEqual({
      type: 'daily',
      amountMinor: 4250,
    });
  });

  it('dates: every ad set starts and ends on the stated days', () => {
    for (const set of build().adSets) {
      expect(set.startTime).toBe('2026-12-01T00:00:00Z');
      expect(set.endTime).toBe('2026-12-20T23:59:00Z');
    }
  });

  it('the validator warns when an edited ad set reaches others than the brief states', () => {
    const plan = build();
    const edited = {
      ...plan,
      adSets: plan.adSets.map((set) => ({ ...set, targeting: { ...set.targeting, genders: [], ageMax: 60 } })),
    };
    const stated = briefTargeting(brief());
    expect(checkBriefTargeting(plan, stated)).toEqual([]);
    const issues = checkBriefTargeting(edited, stated);
    expect(issues.map((i) => i.message)).toContain('The brief is for women; this ad set reaches all genders.');
    expect(issues.some((i) => /ages 25 to 45; this ad set reaches \d+ to 60/.test(i.message))).toBe(true);
    expect(issues.every((i) => i.severity === 'warning')).toBe(true);
  });
});

describe('a video brief (issue 29: video into ads)', () => {
  const video = {
    kind: 'video' as const,
    assetKey: 'users/u1/videos/v1/video.mp4',
    thumbnailAssetKey: 'users/u1/videos/v1/thumbnail.png',
    ratio: '9:16' as const,
    seconds: 10,
    width: 1080,
    height: 1920,
  };
  const image = { hash: 'abcdef0123456789', name: 'mat.png' };

  it('every ad plays the brief’s video with its own copy, and no image', () => {
    const plan = build({ adFormat: 'video', video, images: [image] });
    const ads = plan.adSets.flatMap((set) => set.ads);
    expect(ads.map((ad) => ad.format)).toEqual(['video', 'video']);
    expect(ads.map((ad) => ad.video)).toEqual([video, video]);
    expect(ads.every((ad) => ad.image === undefined)).toBe(true);
    expect(ads.map((ad) => ad.headline)).toEqual(['A', 'B']);
  });

  it('a video on a brief of another format is not used; a video brief without one is refused naming the field', () => {
    const plan = build({ video, images: [image] });
    expect(plan.adSets[0]!.ads[0]!.format).toBeUndefined();
    expect(plan.adSets[0]!.ads[0]!.image).toEqual(image);
    const refused = CampaignBriefSchema.safeParse({ ...brief(), adFormat: 'video' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['video']);
  });
});
