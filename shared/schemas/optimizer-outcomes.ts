import * as z from 'zod';
import { ExpectedEffectSchema, RecommendationKindSchema } from './optimizer';
import { ObjectLevelSchema } from './object-change';

/**
 * Closing the optimizer's loop: what an applied recommendation predicted against what Meta then
 * reported for the 7 days after it, and per detector how often its predicted range held.
 * Money in the account currency's major units, as Meta's insights state it.
 */

/** Days compared on each side of the day a recommendation was applied. */
export const OUTCOME_WINDOW_DAYS = 7;

/** One window's totals as Meta reports them (`results`, `cost_per_result`, `spend`). */
export const WindowFiguresSchema = z.object({
  since: z.string(),
  until: z.string(),
  spend: z.number(),
  results: z.number(),
  /** spend / results, Meta's cost_per_result over the window; null without results. */
  costPerResult: z.number().nullable(),
  impressions: z.number(),
  linkClicks: z.number(),
  /** Days of the window Meta reported delivery for (a day without delivery has no row). */
  daysWithDelivery: z.number(),
});
export type WindowFigures = z.infer<typeof WindowFiguresSchema>;

/** Why an outcome is not a number: said plainly on the screen instead. */
/** `not_in_meta`: the prediction is of something Meta does not report (a marketing-mix model's revenue). */
export const OUTCOME_REASONS = ['deleted', 'archived', 'no_delivery', 'changed_again', 'not_in_meta'] as const;
export const OutcomeReasonSchema = z.enum(OUTCOME_REASONS);

export const OutcomeSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('measuring'),
    /** Day N of 7 after the change (the day it was applied counts as day 1). */
    day: z.number().int().min(1).max(OUTCOME_WINDOW_DAYS),
    /** The account-local day the measurement is due. */
    measuredOn: z.string(),
  }),
  z.object({
    state: z.literal('measured'),
    before: WindowFiguresSchema,
    after: WindowFiguresSchema,
    /** The effect in the prediction's own unit (results a week, spend saved a week…). */
    actual: z.number(),
    /**
     * How far the measured effect can stray by chance (95 %, the two weeks' own noise): the predicted
     * range widened by it is what `withinRange` judges. Absent on outcomes measured before it existed.
     */
    noise: z.number().min(0).optional(),
    withinRange: z.boolean(),
    /** Late conversions are still being attributed to the window: measured again until then. */
    settled: z.boolean(),
    measuredAt: z.string(),
  }),
  z.object({
    state: z.literal('not_measurable'),
    reason: OutcomeReasonSchema,
    /** Plain words for the marketer, naming the object. */
    message: z.string(),
    /** `changed_again`: when the first other change to the object was made (ISO). */
    changedAt: z.string().optional(),
    measuredAt: z.string(),
  }),
  z.object({ state: z.literal('undone'), undoneAt: z.string() }),
]);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const AppliedRecommendationSchema = z.object({
  id: z.string(),
  kind: RecommendationKindSchema,
  title: z.string(),
  status: z.enum(['applied', 'undone']),
  appliedAt: z.string(),
  /** Undo is offered until then (24 hours after applying). */
  undoUntil: z.string().optional(),
  predicted: ExpectedEffectSchema,
  objects: z.array(z.object({ level: ObjectLevelSchema, objectId: z.string(), objectName: z.string() })),
  outcome: OutcomeSchema,
});
export type AppliedRecommendation = z.infer<typeof AppliedRecommendationSchema>;

/** How one detector's predictions held up: `hitRate` and `medianBias` only once there is enough history. */
export const DetectorScoreSchema = z.object({
  kind: RecommendationKindSchema,
  /** Measured recommendations of this detector. */
  n: z.number().int(),
  hits: z.number().int(),
  /** Share whose actual fell within the predicted range; null with too little history. */
  hitRate: z.number().nullable(),
  /** Median of (actual − expected), in the prediction's unit; null with too little history. */
  medianBias: z.number().nullable(),
  metric: ExpectedEffectSchema.shape.metric.nullable(),
  enoughHistory: z.boolean(),
});
export type DetectorScore = z.infer<typeof DetectorScoreSchema>;

export const AppliedListSchema = z.object({
  data: z.array(AppliedRecommendationSchema),
  detectors: z.array(DetectorScoreSchema),
  currency: z.string(),
  /** The account's today, the day the measurements are judged on. */
  today: z.string(),
  /** Measured recommendations a detector needs before its hit rate is shown as a percentage. */
  minHistory: z.number().int(),
  graphCalls: z.number(),
});
export type AppliedList = z.infer<typeof AppliedListSchema>;
