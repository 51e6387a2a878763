import {
  AD_COPY_LIMITS,
  adCopyAngleKeys,
  adCopyLanguages,
  adCopyAngles,
  callToActionLabels,
  callToActionTypes,
} from '@shared/ad-copy-rules';
import { briefTargeting } from '@shared/brief-audience';
import { baseLanguage, isCopyLanguage } from '@shared/copy-languages';
import { BRIEF_GOALS } from '@shared/campaign-rules';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import { startFromBrief } from './ad-copy';
import { userDataMessage, type FeaturePrompt } from './prompt';

const SYSTEM = `You are a senior performance marketer who plans Facebook and Instagram campaigns.

From the brief, propose the parts of a campaign that need judgement; budgets, objective, bidding and schedule are set by the software from the brief:
- campaignName: short, descriptive, no dates;
- adSets: 1 to 3 distinct audiences for the product. For each: name (the audience in a few words), audienceSummary (one sentence: who and why), interestKeywords (1 to 5 interests as Meta's detailed targeting names them, e.g. "Hiking", "Trail running"; broad, real interests only), ageMin and ageMax (18 to 65, ageMin not above ageMax; within statedAges when the brief gives them: split those ages into bands, or keep them whole and split by interests);
- ads: 2 or 3 per ad set, each written from a different angle (one of: ${adCopyAngleKeys.map((key) => `${key} (${adCopyAngles[key]})`).join(', ')}; no two ads of an ad set share an angle), so they test different ideas: no two ads of an ad set may share a headline, a primary text or a description, and a changed word is not a new ad. Never put an ad set's name, an id, a pipe (|) or a placeholder into the copy. Each ad: angle, headline at most ${AD_COPY_LIMITS.headline} characters, primaryText at most ${AD_COPY_LIMITS.primaryText} characters, description at most ${AD_COPY_LIMITS.description} characters, callToAction one of: ${callToActionTypes.map((type) => `${type} (${callToActionLabels[type]})`).join(', ')}.

Meta's rules you must keep: never assert or imply personal attributes of the reader (health, age, religion, ethnicity, sexual orientation, finances); no guaranteed or unrealistic results; no sensational wording; no ALL CAPS words. If the brief names special ad categories (housing, employment, credit, politics), use ages 18 to 65 and interests only, never narrow by age or gender. When the brief has startFrom, those elements won in this advertiser's own ads: write each ad set's first ad from startFrom.angle and give every ad startFrom.callToAction when it gives one. Write in copyLanguage when the brief gives one, else in the brief's language. Who the brief states (statedAges, statedGenders) is who every ad set reaches: name ad sets after them truthfully. When the brief gives versionLanguages, every ad also has versions: one per listed language (its tag in language), the same ad (same angle, offer and facts) written as a native speaker would write it, not word for word, within the same lengths and rules.`;

/** A tag's language as the prompt names it ("es-MX" → "Spanish (es-MX)"). */
function languageName(tag: string): string {
  const base = baseLanguage(tag);
  const name = isCopyLanguage(base) ? adCopyLanguages[base] : tag;
  return tag === base ? name : `${name} (${tag})`;
}

export const campaignPlanPrompt: FeaturePrompt<CampaignBrief> = {
  feature: 'campaign-plan',
  version: 'campaign-plan/2026-11-29.2',
  build(brief) {
    const stated = briefTargeting(brief);
    const data = {
      product: brief.product,
      targetAudience: brief.audience,
      ...(stated.ageMin !== undefined || stated.ageMax !== undefined
        ? { statedAges: { min: stated.ageMin ?? 18, max: stated.ageMax ?? 65 } }
        : {}),
      ...(stated.genders ? { statedGenders: stated.genders[0] === 'female' ? 'women only' : 'men only' } : {}),
      // The brief's copy languages win over languages its audience text names; the rest are versions of every ad.
      ...(brief.copyLanguages
        ? {
            copyLanguage: languageName(brief.copyLanguages[0]!),
            ...(brief.copyLanguages.length > 1 && {
              versionLanguages: brief.copyLanguages.slice(1).map((tag) => ({ language: tag, name: languageName(tag) })),
            }),
          }
        : stated.languages
          ? { copyLanguage: stated.languages[0] }
          : {}),
      campaignObjective: BRIEF_GOALS[brief.goal],
      landingPage: brief.landingUrl,
      countries: brief.countries,
      ...(brief.regions.length > 0 ? { regions: brief.regions } : {}),
      ...(brief.cities.length > 0 ? { cities: brief.cities } : {}),
      specialAdCategories: brief.specialAdCategories.length > 0 ? brief.specialAdCategories : 'none',
      ...(brief.adCopy ? { startingCopy: brief.adCopy } : {}),
      ...(brief.startFrom ? { startFrom: startFromBrief(brief.startFrom) } : {}),
    };
    return [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: userDataMessage(data) },
    ];
  },
};
