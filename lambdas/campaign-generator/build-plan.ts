import {
  GOAL_STRUCTURE,
  LINK_AD_TEXT_LIMITS,
  RESTRICTED_TARGETING_CATEGORIES,
  TARGETING_AGE,
} from '@shared/campaign-rules';
import { CAROUSEL_CARD_TEXT_LIMITS, CAROUSEL_CARDS } from '@shared/carousel-rules';
import { briefTargeting, type BriefTargeting } from '@shared/brief-audience';
import { majorToBudget } from '@shared/currency-units';
import type {
  AiAdVersion,
  AiCampaignDraft,
  CampaignBrief,
  CampaignPlan,
  PlanAd,
  PlanAdSet,
  PlanAdTranslation,
  PlanAudience,
  PlanCity,
  PlanInterest,
  PlanRegion,
} from '@shared/schemas/campaign-plan';

/** What the plan needs to know about the ad account, read from Meta. */
export interface AccountFacts {
  adAccountId: string;
  currency: string;
  minDailyBudgetMinor: number;
  pageId?: string;
  pixelId?: string;
}

const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/**
 * The narrowest age band a generated plan keeps. A model's band of a year or two (one offline
 * plan targeted 19–20) starves delivery and is never what a brief meant; a marketer who wants a
 * narrow band can still set it in the editor.
 */
export const MIN_GENERATED_AGE_SPAN = 10;

/** Orders the model's ages, keeps them within Meta's 18–65 and widens a too-narrow band around its middle. */
export function sensibleAgeRange(a: number, b: number): { ageMin: number; ageMax: number } {
  const clamp = (v: number) => Math.min(TARGETING_AGE.max, Math.max(TARGETING_AGE.min, Math.round(v)));
  let low = clamp(Math.min(a, b));
  let high = clamp(Math.max(a, b));
  if (high - low < MIN_GENERATED_AGE_SPAN) {
    const middle = (low + high) / 2;
    low = clamp(Math.floor(middle - MIN_GENERATED_AGE_SPAN / 2));
    high = clamp(low + MIN_GENERATED_AGE_SPAN);
    low = clamp(high - MIN_GENERATED_AGE_SPAN);
  }
  return { ageMin: low, ageMax: high };
}

/**
 * The model's band kept inside the ages the brief states: their overlap when it is wide enough, else the
 * brief's own band (a brief for 25–45 never gets an ad set of 18–29 or 45–55).
 */
export function withinStatedAges(
  band: { ageMin: number; ageMax: number },
  stated: Pick<BriefTargeting, 'ageMin' | 'ageMax'>,
): { ageMin: number; ageMax: number } {
  const floor = stated.ageMin ?? TARGETING_AGE.min;
  const ceiling = stated.ageMax ?? TARGETING_AGE.max;
  if (stated.ageMin === undefined && stated.ageMax === undefined) return band;
  const low = Math.max(band.ageMin, floor);
  const high = Math.min(band.ageMax, ceiling);
  if (high - low >= Math.min(MIN_GENERATED_AGE_SPAN, ceiling - floor) && low <= high)
    return { ageMin: low, ageMax: high };
  return { ageMin: floor, ageMax: ceiling };
}

/**
 * A carousel ad from the brief's images, one card per image (at most 10): each card takes the headline and
 * description of the ad set's variants in turn, starting from this ad's own, so the cards say different things and
 * each variant leads with its own idea. The model (the offline one included) writes the variants; the cards are
 * arranged here, by rule, so they always fit Meta's card limits.
 */
function carouselOf(
  brief: CampaignBrief,
  variants: AiCampaignDraft['adSets'][number]['ads'],
  adIndex: number,
  link: string,
): Pick<PlanAd, 'format' | 'cards'> {
  const cards = brief.images.slice(0, CAROUSEL_CARDS.max).map((image, cardIndex) => {
    const variant = variants[(adIndex + cardIndex) % variants.length]!;
    return {
      headline: cut(variant.headline, CAROUSEL_CARD_TEXT_LIMITS.headline),
      description: cut(variant.description, CAROUSEL_CARD_TEXT_LIMITS.description),
      link,
      image,
    };
  });
  return { format: 'carousel', cards };
}

/** An ad set's variant's version in `language` (the variant itself when it has none: the validator names that). */
function versionIn(variant: AiCampaignDraft['adSets'][number]['ads'][number], language: string) {
  return variant.versions?.find((v) => v.language === language) ?? variant;
}

/**
 * The ad's versions in the brief's further languages (issue 29 req 3), as the engine wrote them, cut to Meta's
 * lengths like the ad's own copy; a carousel's cards take the same variants' versions in turn, as its own cards do.
 */
function translationsOf(
  brief: CampaignBrief,
  variants: AiCampaignDraft['adSets'][number]['ads'],
  adIndex: number,
): PlanAdTranslation[] {
  const ad = variants[adIndex]!;
  const versions: AiAdVersion[] = ad.versions ?? [];
  return versions.map((version) => ({
    language: version.language,
    headline: cut(version.headline, LINK_AD_TEXT_LIMITS.headline),
    primaryText: cut(version.primaryText, LINK_AD_TEXT_LIMITS.primaryText),
    description: cut(version.description, LINK_AD_TEXT_LIMITS.description),
    ...(brief.adFormat === 'carousel' && {
      cards: brief.images.slice(0, CAROUSEL_CARDS.max).map((_, cardIndex) => {
        const card = versionIn(variants[(adIndex + cardIndex) % variants.length]!, version.language);
        return {
          headline: cut(card.headline, CAROUSEL_CARD_TEXT_LIMITS.headline),
          description: cut(card.description, CAROUSEL_CARD_TEXT_LIMITS.description),
        };
      }),
    }),
  }));
}

/**
 * Turns the brief and the model's draft into Meta's structure. Everything Meta
 * pairs by rule (objective, goal, billing event, promoted object, budgets in
 * minor units, schedule) comes from the brief through GOAL_STRUCTURE, so the
 * model's part can only be names, audiences, interests and copy.
 */
export function buildPlan(
  brief: CampaignBrief,
  draft: AiCampaignDraft,
  facts: AccountFacts,
  interestsBySet: PlanInterest[][],
  locations: { regions: PlanRegion[]; cities: PlanCity[] } = { regions: [], cities: [] },
  /** Audiences every ad set leaves out (plan-audiences.ts suggests the account's customer lists). */
  excludedAudiences: PlanAudience[] = [],
): CampaignPlan {
  const structure = GOAL_STRUCTURE[brief.goal];
  const amountMinor = majorToBudget(brief.budgetAmount, facts.currency);
  const restricted = brief.specialAdCategories.some((category) => RESTRICTED_TARGETING_CATEGORIES.includes(category));
  const startTime = `${brief.startDate}T00:00:00Z`;
  const endTime = brief.endDate ? `${brief.endDate}T23:59:00Z` : undefined;
  const promotedObject =
    structure.customEventType !== undefined
      ? { pixelId: facts.pixelId, customEventType: structure.customEventType }
      : brief.goal === 'app_promotion'
        ? { applicationId: brief.appId, objectStoreUrl: brief.appStoreUrl }
        : undefined;
  // An app ad leads to the app's store page, as Meta's app install ads do.
  const link = brief.goal === 'app_promotion' && brief.appStoreUrl ? brief.appStoreUrl : brief.landingUrl;

  // What the brief states (its fields, else its audience text) is the software's to carry, not the model's.
  const stated = briefTargeting(brief);
  const video = brief.adFormat === 'video' ? brief.video : undefined;
  const adSets: PlanAdSet[] = draft.adSets.slice(0, 3).map((set, index) => {
    const { ageMin: low, ageMax: high } = withinStatedAges(sensibleAgeRange(set.ageMin, set.ageMax), stated);
    return {
      name: cut(set.name, 400) || `Audience ${index + 1}`,
      optimizationGoal: structure.optimizationGoal,
      billingEvent: structure.billingEvent,
      ...(structure.destinationType !== undefined && { destinationType: structure.destinationType }),
      ...(promotedObject && { promotedObject }),
      budget: null,
      startTime,
      ...(endTime !== undefined && { endTime }),
      targeting: {
        countries: brief.countries,
        regions: locations.regions,
        cities: locations.cities,
        ageMin: restricted ? 18 : low,
        ageMax: restricted ? 65 : high,
        // Special ad categories target all genders (Meta refuses narrower), whatever the brief says.
        genders: restricted ? [] : (stated.genders ?? []),
        interests: interestsBySet[index] ?? [],
        ...(excludedAudiences.length > 0 && { excludedAudiences }),
        placements: 'advantage',
      },
      ads: set.ads.slice(0, 3).map((ad, adIndex) => ({
        ...(brief.adFormat === 'carousel' && carouselOf(brief, set.ads, adIndex, link)),
        // A video brief: every ad plays the one video, each with its own copy (the ads test the words).
        ...(video && { format: 'video' as const, video }),
        name: `${cut(set.name, 60)} | ${cut(ad.headline, 40)} | v${adIndex + 1}`,
        headline: cut(ad.headline, LINK_AD_TEXT_LIMITS.headline),
        primaryText: cut(ad.primaryText, LINK_AD_TEXT_LIMITS.primaryText),
        description: cut(ad.description, LINK_AD_TEXT_LIMITS.description),
        callToAction: ad.callToAction,
        angle: ad.angle,
        link,
        // The brief's copy languages: the ad's own is the first, the engine's versions the others.
        ...(brief.copyLanguages && { language: brief.copyLanguages[0] }),
        ...((ad.versions?.length ?? 0) > 0 && { translations: translationsOf(brief, set.ads, adIndex) }),
        ...(!video &&
          brief.images.length > 0 && {
            image: brief.images[(index * 3 + adIndex) % brief.images.length],
          }),
      })),
    };
  });

  return {
    adAccountId: facts.adAccountId,
    currency: facts.currency,
    campaign: {
      name: cut(draft.campaignName, 400) || cut(brief.product, 400),
      objective: structure.objective,
      buyingType: 'AUCTION',
      // Advantage campaign budget: Meta spreads it over the ad sets that perform.
      budget: { type: brief.budgetType === 'daily' ? 'daily' : 'lifetime', amountMinor },
      bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
      specialAdCategories: brief.specialAdCategories,
    },
    adSets,
  };
}

/** Moves the campaign budget onto the ad sets, split evenly (the remainder to the first). */
export function splitBudget(plan: CampaignPlan): CampaignPlan {
  const budget = plan.campaign.budget;
  if (!budget) return plan;
  const share = Math.floor(budget.amountMinor / plan.adSets.length);
  const rest = budget.amountMinor - share * plan.adSets.length;
  return {
    ...plan,
    campaign: { ...plan.campaign, budget: null, isAdsetBudgetSharingEnabled: false },
    adSets: plan.adSets.map((set, index) => ({
      ...set,
      budget: { type: budget.type, amountMinor: share + (index === 0 ? rest : 0) },
    })),
  };
}
