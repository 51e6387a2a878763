import * as z from 'zod';
import { ObjectChangeSchema, ObjectLevelSchema } from './object-change';

/**
 * A recommendation and its proposed changes, as the optimizer stores them for their user (and the agent, the
 * marketing-mix hand-off and client approvals read and write them). Apart from the optimizer's API schemas
 * (shared/schemas/optimizer.ts, which re-exports these), so that a function that only stores or reads
 * recommendations does not build the optimizer's replies and requests at import.
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
