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
] as const;
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
  }),
});
export type ProposedChange = z.infer<typeof ProposedChangeSchema>;

export const ExpectedEffectSchema = z.object({
  /** What moves: extra results a week, spend saved a week (major units), CTR points. */
  metric: z.enum(['results_per_week', 'spend_per_week', 'link_clicks_per_week', 'ctr_percent']),
  low: z.number(),
  expected: z.number(),
  high: z.number(),
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
  /** Two plain sentences for a marketer (AI engine, checked against the evidence; template otherwise). */
  explanation: z.string().optional(),
  explanationSource: z.enum(['ai', 'template']).optional(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;
