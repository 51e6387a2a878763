import * as z from 'zod';
import { StoredRecommendationSchema } from './recommendation';
import { ObjectChangeSchema, ObjectLevelSchema } from './object-change';

export * from './recommendation';

/**
 * The optimizer's recommendations as the API serves them and the approval drawer edits them.
 * Budgets are minor units of the account currency; money in evidence and effects is major units.
 */

export const AccountHealthSchema = z.object({
  activeCampaigns: z.number(),
  activeAdSets: z.number(),
  activeAds: z.number(),
  spendLast7Days: z.number(),
  /**
   * Results of the last 7 days when the ad sets all aim at one kind of result; null when they aim at
   * different ones (installs and purchases do not add up): see resultsByType.
   */
  resultsLast7Days: z.number().nullable(),
  /** The last 7 days' results per kind (Meta's result indicator, e.g. `omni_app_install`, `lead`), most first. */
  resultsByType: z.array(z.object({ resultType: z.string(), results: z.number() })),
  learningLimitedAdSets: z.number(),
  /** What the open recommendations are worth a week, in the account currency. */
  opportunityPerWeek: z.number(),
});
export type AccountHealth = z.infer<typeof AccountHealthSchema>;

/** Why a background read of Meta failed, and when. */
export const ReadFailedSchema = z.object({ at: z.string(), message: z.string() });

export const RecommendationListSchema = z.object({
  data: z.array(StoredRecommendationSchema),
  health: AccountHealthSchema,
  currency: z.string(),
  /** When this answer was made. */
  generatedAt: z.string(),
  /**
   * When the figures behind it were read from Meta. Requests answer from the last read; one older than
   * RECOMMENDATIONS_FRESH_FOR_SECONDS (or a refresh) starts a new read in the background.
   */
  metaReadAt: z.string(),
  /** Meta had more rows than could be read in time: some objects were judged on partial data. */
  partial: z.boolean().optional(),
  /** Graph calls made to build this answer: none from the stored read, one for the account list when a read starts. */
  graphCalls: z.number(),
  /** Graph calls the read behind these figures cost (bounded however large the account is). */
  metaReadGraphCalls: z.number().optional(),
  /** A newer read of Meta is under way in the background: ask again shortly (the web polls). */
  updating: z.boolean().optional(),
  /** The last background read failed: these figures are from the read before it. */
  readFailed: ReadFailedSchema.optional(),
  /**
   * The AI explanations of this answer: 'generated' (the AI engine explained the new recommendations;
   * reading takes none of the daily AI generations), 'unchanged' (nothing new to explain), 'unavailable' (template text,
   * with the reason), absent when the AI engine is not wired.
   */
  explanations: z
    .object({ status: z.enum(['generated', 'unchanged', 'unavailable']), message: z.string().optional() })
    .optional(),
});
export type RecommendationList = z.infer<typeof RecommendationListSchema>;

/**
 * The answer before an account's first read of Meta has landed: 202 while it runs (ask again shortly), 200 with
 * `readFailed` when it failed (a refresh tries again).
 */
export const RecommendationsPendingSchema = z.object({
  pending: z.literal(true),
  updating: z.boolean(),
  readFailed: ReadFailedSchema.optional(),
  graphCalls: z.number(),
});
export type RecommendationsPending = z.infer<typeof RecommendationsPendingSchema>;

export const RecommendationsReplySchema = z.union([RecommendationListSchema, RecommendationsPendingSchema]);
export type RecommendationsReply = z.infer<typeof RecommendationsReplySchema>;

export function isRecommendationsPending(reply: RecommendationsReply | undefined): reply is RecommendationsPending {
  return Boolean(reply && 'pending' in reply && reply.pending);
}

/** 202 Accepted: no figures yet, the first read is under way. */
export const isFirstReadUnderWay = (reply: RecommendationsReply): boolean =>
  isRecommendationsPending(reply) && reply.updating;

/** A background read of one ad account (the optimizer-reads queue): whose, which, and the lease it holds. */
export const OptimizerReadJobSchema = z.object({
  userId: z.string().min(1),
  adAccountId: z.string().regex(/^act_\d{1,30}$/),
  leaseId: z.string().min(1),
});
export type OptimizerReadJob = z.infer<typeof OptimizerReadJobSchema>;

/**
 * How long one read of an account's figures from Meta answers the recommendations route: a large account's read
 * takes seconds (hundreds of campaigns, each ad's weekly insights), and Meta's own figures move little in minutes
 * (the detectors judge days and weeks). An approval always checks Meta's live values first (stale-before), so a
 * recommendation served from an earlier read can never apply over a change made since.
 */
export const RECOMMENDATIONS_FRESH_FOR_SECONDS = 15 * 60;

/** `?refresh=true` starts a read of Meta now, however recent the last read. */
export const RecommendationListQuerySchema = z.object({ refresh: z.enum(['true', 'false']).optional() }).strict();

export const RecommendationParamsSchema = z.object({
  id: z
    .string()
    .max(300)
    .regex(/^[a-z0-9_.-]+$/, 'Not a recommendation id'),
});

/** The items the marketer approves: a subset of the proposed objects, values possibly edited. */
export const ApproveRecommendationBodySchema = z
  .object({
    changes: z
      .array(
        z.object({
          level: ObjectLevelSchema,
          objectId: z.string().regex(/^\d{1,30}$/),
          change: ObjectChangeSchema,
        }),
      )
      .min(1, 'Select at least one change to approve')
      .max(20),
  })
  .strict();
export type ApproveRecommendationBody = z.infer<typeof ApproveRecommendationBodySchema>;

/**
 * What the AI engine answers when asked to explain recommendations: per recommendation id, two
 * plain sentences. Each is checked against that recommendation's evidence before it is kept.
 */
export const RecommendationExplanationsSchema = z.object({
  explanations: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type RecommendationExplanations = z.infer<typeof RecommendationExplanationsSchema>;
