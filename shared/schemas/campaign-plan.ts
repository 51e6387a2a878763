import * as z from 'zod';
import { adCopyAngleKeys, callToActionTypes } from '../ad-copy-rules';
import { baseLanguage, CopyLanguageTagSchema, isCopyLanguage, writtenIn } from '../copy-languages';
import { TARGETING_AGE } from '../campaign-rules';
import { CampaignPlanSchema, PlanAdSchema, PlanTargetingSchema } from './campaign-draft';

export * from './campaign-draft';

/**
 * The campaign generator's other contracts: what its AI engine is asked for, and its routes' requests and replies
 * beside the brief, plan and draft (shared/schemas/campaign-draft.ts).
 */

/**
 * What the AI engine is asked for: the parts of a plan that need judgement
 * (names, audiences, interests, copy). Budgets, objective, goals and schedule
 * come from the brief by Meta's rules, so a model can never produce an invalid pairing.
 */
const aiAdFields = {
  angle: z.enum(adCopyAngleKeys),
  headline: z.string().min(1).max(200),
  primaryText: z.string().min(1).max(1000),
  description: z.string().max(200),
  callToAction: z.enum(callToActionTypes),
};

/** One ad's copy in another of the brief's languages, written in the same reply as the ad (issue 29 req 3). */
export const AiAdVersionSchema = z.object({
  language: z.string(),
  headline: z.string().min(1).max(200),
  primaryText: z.string().min(1).max(1000),
  description: z.string().max(200),
});
export type AiAdVersion = z.infer<typeof AiAdVersionSchema>;

function aiDraftOf<A extends z.ZodType>(ad: A) {
  return z.object({
    campaignName: z.string().min(1).max(120),
    adSets: z
      .array(
        z.object({
          name: z.string().min(1).max(120),
          audienceSummary: z.string().min(1).max(300),
          interestKeywords: z.array(z.string().min(1).max(60)).min(1).max(5),
          ageMin: z.number().int().min(TARGETING_AGE.min).max(TARGETING_AGE.max),
          ageMax: z.number().int().min(TARGETING_AGE.min).max(TARGETING_AGE.max),
          ads: z.array(ad).min(2).max(3),
        }),
      )
      .min(1)
      .max(3),
  });
}

export const AiCampaignDraftSchema = aiDraftOf(z.object(aiAdFields));
/** The draft's type: an ad carries `versions` when the brief has further languages. */
const _aiCampaignDraftType = aiDraftOf(z.object({ ...aiAdFields, versions: z.array(AiAdVersionSchema).optional() }));

/**
 * What the engine is asked for when the brief has further languages: every ad with one version in each of them
 * (`versions`, each language once), so one structured reply carries the whole multi-language plan.
 */
export function aiCampaignDraftSchemaFor(otherLanguages: readonly string[]): z.ZodType<AiCampaignDraft> {
  if (otherLanguages.length === 0) return AiCampaignDraftSchema;
  const version = AiAdVersionSchema.extend({ language: z.enum(otherLanguages as [string, ...string[]]) });
  return aiDraftOf(
    z
      .object({ ...aiAdFields, versions: z.array(version).length(otherLanguages.length) })
      .refine((ad) => new Set(ad.versions.map((v) => v.language)).size === otherLanguages.length, {
        message: 'one version in each language',
        path: ['versions'],
      })
      // Each version must read as its language (marker words), like the ad copy generator's replies.
      .refine(
        (ad) =>
          ad.versions.every((v) => {
            const base = baseLanguage(v.language);
            return !isCopyLanguage(base) || writtenIn(`${v.headline}\n${v.primaryText}\n${v.description}`, base);
          }),
        { message: 'each version in its language', path: ['versions'] },
      ),
  );
}

export type AiCampaignDraft = z.infer<typeof _aiCampaignDraftType>;

/** A publish of a draft: the key makes a retried request the same publish. */
export const PublishRequestSchema = z.object({
  publishKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A publish key is 8–64 letters, digits, - or _.'),
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;
export const DraftParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'Unknown draft.') });

export const DraftListSchema = z.object({
  drafts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      adAccountId: z.string(),
      updatedAt: z.string(),
      status: z.enum(['draft', 'publishing', 'published', 'failed']),
      campaignId: z.string().optional(),
    }),
  ),
});
export type DraftList = z.infer<typeof DraftListSchema>;

export const SaveDraftBodySchema = z.object({ plan: CampaignPlanSchema });

export const InterestSearchQuerySchema = z.object({
  adAccountId: z.string().regex(/^act_\d+$/),
  q: z.string().trim().min(1).max(100),
});
export const InterestSearchResultSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      audienceLower: z.number().optional(),
      audienceUpper: z.number().optional(),
      path: z.array(z.string()).optional(),
    }),
  ),
});
export type InterestSearchResult = z.infer<typeof InterestSearchResultSchema>;

export const DeliveryEstimateBodySchema = z.object({
  adAccountId: z.string().regex(/^act_\d+$/),
  optimizationGoal: z.string().min(1).max(60),
  targeting: PlanTargetingSchema,
});
export const DeliveryEstimateSchema = z.object({ lower: z.number(), upper: z.number() });
export type DeliveryEstimate = z.infer<typeof DeliveryEstimateSchema>;

/** Meta's `ad_format` values of generatepreviews the plan screen asks for (Reels: where a 9:16 video ad plays). */
export const PREVIEW_FORMATS = [
  'MOBILE_FEED_STANDARD',
  'DESKTOP_FEED_STANDARD',
  'INSTAGRAM_STANDARD',
  'INSTAGRAM_STORY',
  'INSTAGRAM_REELS',
] as const;
export const PreviewBodySchema = z.object({
  adAccountId: z.string().regex(/^act_\d+$/),
  ad: PlanAdSchema,
  formats: z.array(z.enum(PREVIEW_FORMATS)).min(1).max(4),
});
export const PreviewListSchema = z.object({
  previews: z.array(
    z.object({
      format: z.enum(PREVIEW_FORMATS),
      html: z.string(),
      /** The version's language, when the ad has versions in several languages (one preview each). */
      language: CopyLanguageTagSchema.optional(),
    }),
  ),
});
export type PreviewList = z.infer<typeof PreviewListSchema>;
