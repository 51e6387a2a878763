import type { AdCopyLanguage } from '@shared/ad-copy-rules';
import { baseLanguage, META_LOCALE_KEYS } from '@shared/copy-languages';
import { adSetLanguages, languageShare, needsLanguageAdSets } from '@shared/language-ad-sets';
import type { CampaignPlan, PlanAd, PlanAdSet } from '@shared/schemas/campaign-plan';

export { needsLanguageAdSets } from '@shared/language-ad-sets';

/**
 * Carousel and video ads in several languages (issue 29 requirement 3). Meta's multi-language ad (one creative, an
 * asset_feed_spec version per language) is what Adsmith sends for single-image ads; carousel and video ads are not
 * sent that way (docs/features/campaign-generator.md says why), so such an ad set is published once per language:
 * the same ad set with its ads in that language's copy, its audience narrowed to the people who use Meta in that
 * language (`targeting.locales`, Meta's locale keys: the Targeting spec's `locales` field; the keys from
 * shared/copy-languages.ts META_LOCALE_KEYS). Its own budget, if it has one, is shared among the languages
 * (shared/language-ad-sets.ts: the validator checks each share against the account's minimum).
 */

/** The ad's copy in `language` (its own when that is its language), without versions: one ad, one language. */
export function adInLanguage(ad: PlanAd, language: string): PlanAd {
  const { translations, ...own } = ad;
  const version = translations?.find((t) => t.language === language);
  if (!version) return { ...own, language: ad.language ?? language };
  return {
    ...own,
    name: `${ad.name} | ${language}`,
    language,
    headline: version.headline,
    primaryText: version.primaryText,
    description: version.description,
    ...(ad.cards && {
      // Each card keeps its image and link; its words are the version's, card by card, when it has them.
      cards: ad.cards.map((card, i) => ({ ...card, ...(version.cards?.[i] ?? {}) })),
    }),
  };
}

/** The plan as published: each ad set that needs it split into one ad set per language, targeted by locale. */
export function perLanguagePlan(plan: CampaignPlan): CampaignPlan {
  if (!plan.adSets.some(needsLanguageAdSets)) return plan;
  return {
    ...plan,
    adSets: plan.adSets.flatMap((set) => {
      if (!needsLanguageAdSets(set)) return [set];
      const languages = adSetLanguages(set);
      return languages.map((language, index): PlanAdSet => ({
        ...set,
        name: `${set.name} | ${language}`,
        budget: languageShare(set.budget, languages.length, index),
        targeting: {
          ...set.targeting,
          locales: META_LOCALE_KEYS[baseLanguage(language) as AdCopyLanguage] ?? [],
        },
        ads: set.ads.map((ad) => adInLanguage(ad, language)),
      }));
    }),
  };
}
