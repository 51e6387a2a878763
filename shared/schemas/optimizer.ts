import * as z from 'zod';
import { ObjectChangeSchema, ObjectLevelSchema } from './object-change';

/**
 * The optimizer's recommendations as the API serves them and the approval drawer edits them.
 * Budgets are minor units of the account currency; money in evidence and effects is major units.
 */

export const RECOMMENDATION_KINDS = [
  'budget_shift',
  'budget_limited_winner',
  'overspending_loser',
  'learning_limited',
  'creative_fatigue',
  'underdelivery',
  'cpm_spike',
  'ab_loser',
  'low_ranking',
  /** A marketing-mix model's allocation for Meta, handed off as daily budgets (POST …/mmm-handoffs). */
  'mmm_allocation',
  /** A change the in-app agent proposed in a conversation (issue 26): stored like a hand-off, applied only on approval. */
  'agent_proposal',
  /** Leave the account's customer list out of an acquisition campaign's ad sets (issue 30). */
  'audience_exclusion',
] as const;

/** Kinds a person asked for (not a detector's): they stay in the drawer until acted on, whatever a new run finds. */
export const REQUESTED_KINDS: readonly RecommendationKind[] = ['mmm_allocation', 'agent_proposal'];
export const RecommendationKindSchema = z.enum(RECOMMENDATION_KINDS);
export type RecommendationKind = z.infer<typeof RecommendationKindSchema>;

/** One object's proposed change with the values it has now, so the drawer shows before → after. */
export const ProposedChangeSchema = z.object({
  level: ObjectLevelSchema,
  objectId: z.string(),
  objectName: z.string(),
  change: ObjectChangeSchema,
  before: z.object({
    status: z.string().optional(),
    dailyBudget: z.number().nullable().optional(),
    lifetimeBudget: z.number().nullable().optional(),
    /** Ads: the creative shown now (a creative swap is refused if Meta shows another by then). */
    creativeId: z.string().optional(),
    /** Ad sets: the custom audiences excluded now (an exclusion is refused if Meta has others by then). */
    excludedAudienceIds: z.array(z.string()).optional(),
  }),
  /** Names of the custom audiences the change names, by id, so the drawer shows names, not numbers. */
  audienceNames: z.record(z.string(), z.string()).optional(),
});
export type ProposedChange = z.infer<typeof ProposedChangeSchema>;

export const ExpectedEffectSchema = z.object({
  /**
   * What moves: extra results a week, spend saved a week (major units; negative: spend added), CTR points,
   * extra revenue a week (major units: a marketing-mix model's revenue KPI).
   */
  metric: z.enum(['results_per_week', 'spend_per_week', 'link_clicks_per_week', 'ctr_percent', 'revenue_per_week']),
  low: z.number(),
  expected: z.number(),
  high: z.number(),
  /**
   * Set when no figure can be given (e.g. resuming an ad: what it spends depends on delivery): the screen says this
   * instead of a figure, never "0.00 a week".
   */
  noFigure: z.string().max(300).optional(),
});
export type ExpectedEffect = z.infer<typeof ExpectedEffectSchema>;

export const RecommendationSchema = z.object({
  id: z.string(),
  kind: RecommendationKindSchema,
  level: ObjectLevelSchema,
  objectId: z.string(),
  objectName: z.string(),
  campaignId: z.string(),
  /** What to do, in a line. */
  title: z.string(),
  /** Why, from the numbers (template text: every number in it is in `evidence`). */
  why: z.string(),
  /** The numbers behind it, by name. */
  evidence: z.record(z.string(), z.number()),
  expectedEffect: ExpectedEffectSchema,
  /** The effect valued in the account currency a week (major units), for ranking unlike effects together. */
  valuePerWeek: z.number(),
  /** 0..1: how sure the detector is (statistical where it can be). */
  confidence: z.number().min(0).max(1),
  /** The exact changes approving it makes; empty when it needs a person (e.g. new creative, wider audience). */
  changes: z.array(ProposedChangeSchema),
  /**
   * Objects this recommendation would also change but a higher-ranked one of the same list already
   * does: their changes were taken out (one budget or status change per object per list), so its
   * changes and expected effect are only what it still makes. Shown as "Its budget is already changed by: <title>".
   */
  alreadyChanged: z
    .array(
      z.object({
        level: ObjectLevelSchema,
        objectId: z.string(),
        objectName: z.string(),
        /** What the other recommendation changes on it. */
        field: z.enum(['budget', 'status', 'creative', 'name']),
        byId: z.string(),
        byTitle: z.string(),
      }),
    )
    .optional(),
  /** Two plain sentences for a marketer (AI engine, checked against the evidence; template otherwise). */
  explanation: z.string().optional(),
  explanationSource: z.enum(['ai', 'template']).optional(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** What approving applied to one object: the values before (for undo) and after, from Meta. */
export const AppliedObjectChangeSchema = z.object({
  level: ObjectLevelSchema,
  objectId: z.string(),
  objectName: z.string(),
  change: ObjectChangeSchema,
  changeId: z.string(),
  before: z.object({
    status: z.string(),
    dailyBudget: z.number().nullable(),
    lifetimeBudget: z.number().nullable(),
    name: z.string().optional(),
    creativeId: z.string().optional(),
    excludedAudienceIds: z.array(z.string()).optional(),
  }),
  after: z.object({
    status: z.string(),
    dailyBudget: z.number().nullable(),
    lifetimeBudget: z.number().nullable(),
    name: z.string().optional(),
    creativeId: z.string().optional(),
    excludedAudienceIds: z.array(z.string()).optional(),
  }),
});
export type AppliedObjectChange = z.infer<typeof AppliedObjectChangeSchema>;

export const RECOMMENDATION_STATUSES = ['proposed', 'applying', 'applied', 'undoing', 'undone'] as const;

/** A recommendation as stored for its user, with what happened to it. */
export const StoredRecommendationSchema = RecommendationSchema.extend({
  /** `<ad account number>.<detector id>`: unique per user. */
  id: z.string(),
  adAccountId: z.string(),
  currency: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  generatedAt: z.string(),
  appliedAt: z.string().optional(),
  /** Undo is offered until then (24 hours after applying). */
  undoUntil: z.string().optional(),
  applied: z.array(AppliedObjectChangeSchema).optional(),
  undoneAt: z.string().optional(),
  /** Changes Meta refused while applying (the others stay applied). */
  failures: z.array(z.object({ objectId: z.string(), message: z.string() })).optional(),
  /** The agent's conversation that proposed it (kind `agent_proposal`): the audit rows of its changes name it as source. */
  proposedBy: z.object({ conversationId: z.string(), actor: z.string().optional() }).optional(),
  /** The client's approval it was applied under, when the workspace requires one (issue 28, req 3). */
  approvalId: z.string().optional(),
});
export type StoredRecommendation = z.infer<typeof StoredRecommendationSchema>;

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
