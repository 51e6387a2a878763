import * as z from 'zod';
import { adCopyAngleKeys, adCopyAngles, adCopyLanguageKeys } from '@shared/ad-copy-rules';
import { OFFER_KINDS } from '@shared/creative-offer';
import { userDataMessage, type FeaturePrompt } from './prompt';

/**
 * Tagging ads made outside Adsmith once (issue 29 req 4): from each ad's own words, the headline angle it was written
 * from, the offer it makes and its language, each from a closed list so the creative report can rank them beside
 * the ads Adsmith recorded. The ads' words go in as data only.
 */
export const CREATIVE_TAGS_SCHEMA_NAME = 'creative_tags';

export interface CreativeTagsPromptInput {
  ads: Array<{ adId: string; headline: string; primaryText: string; description: string }>;
}

export const CreativeTagsOutputSchema = z.object({
  tags: z.array(
    z.object({
      adId: z.string(),
      angle: z.enum(adCopyAngleKeys),
      offer: z.enum(OFFER_KINDS),
      language: z.enum(adCopyLanguageKeys),
    }),
  ),
});
export type CreativeTagsOutput = z.infer<typeof CreativeTagsOutputSchema>;

const ANGLES = Object.entries(adCopyAngles)
  .map(([key, label]) => `${key} (${label})`)
  .join(', ');

const SYSTEM = `You tag Facebook and Instagram ads by the creative choices their copy makes, for a report that compares them.

For EVERY ad in the data, answer its adId and:
- angle: the one idea the copy leads with, one of ${ANGLES}. Urgency = a deadline, scarcity or "now"; social_proof = ratings, reviews, customer counts, testimonials; question = the headline asks the reader something; problem_solution = names a pain then the fix; benefit = what the reader gains (the default when none of the others leads).
- offer: the deal the words make, one of ${OFFER_KINDS.join(', ')}. Only what the words say: no deal mentioned is "No offer".
- language: the language the copy is written in, as its code (${adCopyLanguageKeys.join(', ')}).
Tag only from the words given; never invent an ad or skip one.`;

export const creativeTagsPrompt: FeaturePrompt<CreativeTagsPromptInput> = {
  feature: 'creative-tags',
  version: 'creative-tags/2026-11-29.1',
  build(input) {
    return [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: userDataMessage({ adsToTag: input.ads }) },
    ];
  },
};
