import {
  AD_COPY_LIMITS,
  adCopyAngles,
  adCopyLanguages,
  adCopyTones,
  callToActionLabels,
  callToActionTypes,
  campaignObjectiveLabels,
  anglesFor,
} from '@shared/ad-copy-rules';
import type { CreativeStart } from '@shared/creative-winners';
import type { AdCopyRequest } from '@shared/schemas/ai';
import { userDataMessage, type FeaturePrompt } from './prompt';

const SYSTEM = `You are an expert digital marketing copywriter who writes Facebook and Instagram ads that follow Meta's Advertising Standards.

Write one ad variant for each angle listed in the brief, in that order, each from a genuinely different idea:
- benefit: lead with the concrete outcome the audience gets;
- social_proof: lead with what other customers like them say or do (no invented numbers, names or awards);
- urgency: give a real reason to act now (no fake countdowns);
- question: open with a question the audience would answer "yes" to, about their goal, never about who they are;
- problem_solution: name the problem the product solves, then how.

For each variant:
- headline: at most ${AD_COPY_LIMITS.headline} characters;
- primaryText: at most ${AD_COPY_LIMITS.primaryText} characters, the text above the image;
- description: at most ${AD_COPY_LIMITS.description} characters, the line under the headline;
- callToAction: the button that fits the objective best, one of: ${callToActionTypes.map((t) => `${t} (${callToActionLabels[t]})`).join(', ')}.

When the brief has startFrom, those elements won in this advertiser's own ads: write the variant of startFrom.angle first, and use startFrom.callToAction as every variant's callToAction when the brief gives one.

When the brief has a currentAd, you are rewriting an ad that is running: keep its offer and facts, but write new words from each angle (do not reuse its headline or opening), aimed at what the rewriteBecause line says went wrong.

Meta's rules you must keep: never assert or imply personal attributes of the reader (health, weight, age, religion, ethnicity, sexual orientation, finances: not "Are you overweight?"); no guaranteed or unrealistic results; no before-and-after claims; no sensational or clickbait wording; no ALL CAPS words. Write in the language named in the brief. Use the tone named in the brief, or a friendly, confident one.`;

export const adCopyPrompt: FeaturePrompt<AdCopyRequest> = {
  feature: 'ad-copy',
  version: 'ad-copy/2026-11-29.1',
  build(request) {
    const brief = {
      product: request.product,
      targetAudience: request.audience,
      tone: request.tone ? adCopyTones[request.tone] : 'not specified',
      campaignObjective: request.objective ? campaignObjectiveLabels[request.objective] : 'not specified',
      language: adCopyLanguages[request.language],
      landingPage: request.landingPageUrl ?? 'not specified',
      angles: anglesFor(request).map((angle) => `${angle} (${adCopyAngles[angle]})`),
      ...(request.startFrom ? { startFrom: startFromBrief(request.startFrom) } : {}),
      ...(request.variation > 0 ? { variation: `take #${request.variation + 1}: differ from earlier takes` } : {}),
      ...(request.rewrite
        ? {
            currentAd: {
              headline: request.rewrite.headline,
              primaryText: request.rewrite.primaryText,
              description: request.rewrite.description,
            },
            rewriteBecause: request.rewrite.reason,
          }
        : {}),
    };
    return [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: userDataMessage(brief) },
    ];
  },
};

/** The winning elements as the model reads them: the enum values it must write, with their names. */
export function startFromBrief(start: CreativeStart): { angle?: string; callToAction?: string } {
  return {
    ...(start.angle ? { angle: `${start.angle} (${adCopyAngles[start.angle]})` } : {}),
    ...(start.callToAction ? { callToAction: start.callToAction } : {}),
  };
}
