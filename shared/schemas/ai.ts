import * as z from 'zod';
import { CreativeStartSchema } from '../creative-winners';
import {
  AD_COPY_MAX_VARIANTS,
  adCopyAngleKeys,
  adCopyLanguageKeys,
  adCopyToneKeys,
  callToActionTypes,
  campaignObjectives,
} from '../ad-copy-rules';

/** Contracts of the AI engine (the spec's `ai-campaign-optimizer` function). */

/** POST /api/ai/test-connection: success plus data, or error. */
export const AiConnectionTestSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    data: z.object({
      model: z.string(),
      /** `openai`, `openai-compatible` (a base URL was configured) or `offline-demo-model`. */
      provider: z.enum(['openai', 'openai-compatible', 'offline-demo-model']),
      /** The key never leaves the server; this says where it lives. */
      key: z.literal('configured-on-server'),
    }),
  }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
export type AiConnectionTest = z.infer<typeof AiConnectionTestSchema>;

const briefText = (what: string, max: number) =>
  z
    .string({ error: `Describe the ${what}.` })
    .trim()
    .min(1, `Describe the ${what}.`)
    .max(max, `Keep the ${what} under ${max} characters.`);

export const AdCopyRequestSchema = z
  .object({
    product: briefText('product or service', 300),
    audience: briefText('target audience', 300),
    tone: z.enum(adCopyToneKeys).optional(),
    objective: z.enum(campaignObjectives).optional(),
    language: z.enum(adCopyLanguageKeys).default('en'),
    landingPageUrl: z
      .url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' })
      .max(2000)
      .optional(),
    variants: z
      .number()
      .int()
      .min(1, 'Ask for at least one variant.')
      .max(AD_COPY_MAX_VARIANTS, `At most ${AD_COPY_MAX_VARIANTS} variants at a time.`)
      .default(3),
    /** Regenerating one variant: the angle to write it from (then `variants` is 1). */
    angle: z.enum(adCopyAngleKeys).optional(),
    /** Asks for a different take on the same brief (0 = first). */
    variation: z.number().int().min(0).max(1000).default(0),
    /** The account's winning elements to start from (shared/creative-winners.ts); absent when turned off. */
    startFrom: CreativeStartSchema.optional(),
    /** Rewriting a running ad (the ad optimizer): its current copy and why it needs new copy. */
    rewrite: z
      .object({
        headline: z.string().trim().max(255),
        primaryText: z.string().trim().max(2200),
        description: z.string().trim().max(255),
        reason: z.string().trim().min(1).max(1000),
      })
      .optional(),
  })
  .refine((r) => r.angle === undefined || r.variants === 1, {
    message: 'Regenerating one angle asks for exactly one variant.',
    path: ['variants'],
  });
export type AdCopyRequest = z.output<typeof AdCopyRequestSchema>;
export type AdCopyRequestInput = z.input<typeof AdCopyRequestSchema>;

export const AdCopyVariantSchema = z.object({
  angle: z.enum(adCopyAngleKeys),
  headline: z.string().trim().min(1).max(200),
  primaryText: z.string().trim().min(1).max(1000),
  description: z.string().trim().max(200),
  callToAction: z.enum(callToActionTypes),
});
export type AdCopyVariant = z.infer<typeof AdCopyVariantSchema>;

export const AdCopyResultSchema = z.object({
  variants: z.array(AdCopyVariantSchema).min(1).max(AD_COPY_MAX_VARIANTS),
  model: z.string(),
  /** True when the offline demo model wrote it (the UI says so). */
  offline: z.boolean(),
  quota: z.object({ used: z.number().int(), limit: z.number().int(), resetsAt: z.string() }),
});
export type AdCopyResult = z.infer<typeof AdCopyResultSchema>;

/** What the model must return; the server adds nothing the model did not write. */
export const AdCopyModelOutputSchema = z.object({
  variants: z.array(
    z.object({
      angle: z.enum(adCopyAngleKeys),
      headline: z.string(),
      primaryText: z.string(),
      description: z.string(),
      callToAction: z.enum(callToActionTypes),
    }),
  ),
});

/** The brief as stored with a saved set (the request without the regeneration knobs). */
export const AdCopyBriefSchema = z.object({
  product: z.string().trim().min(1).max(300),
  audience: z.string().trim().min(1).max(300),
  tone: z.enum(adCopyToneKeys).optional(),
  objective: z.enum(campaignObjectives).optional(),
  language: z.enum(adCopyLanguageKeys).default('en'),
  landingPageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
export type AdCopyBrief = z.output<typeof AdCopyBriefSchema>;

export const SaveAdCopyBodySchema = z.object({
  brief: AdCopyBriefSchema,
  variants: z.array(AdCopyVariantSchema).min(1, 'Nothing to save yet.').max(AD_COPY_MAX_VARIANTS),
});
export type SaveAdCopyBody = z.input<typeof SaveAdCopyBodySchema>;

export const SavedAdCopySchema = z.object({
  id: z.string(),
  savedAt: z.string(),
  brief: AdCopyBriefSchema,
  variants: z.array(AdCopyVariantSchema),
});
export type SavedAdCopy = z.infer<typeof SavedAdCopySchema>;

export const AD_COPY_HISTORY_PAGE_SIZE = 10;

export const AdCopyHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(AD_COPY_HISTORY_PAGE_SIZE),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this API gave out.')
    .optional(),
});

export const AdCopyHistoryPageSchema = z.object({
  items: z.array(SavedAdCopySchema),
  nextCursor: z.string().nullable(),
});
export type AdCopyHistoryPage = z.infer<typeof AdCopyHistoryPageSchema>;
