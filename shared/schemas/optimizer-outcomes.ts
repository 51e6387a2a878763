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

/**
 * A/B copies and one-element tests in the Applied tab (issue 29 req 5): the copy (variant) against its original
 * (control) over the same days, both running side by side in one ad set: not before → after.
 */
export const AB_TEST_KINDS = ['element_test', 'ab_copy'] as const;

/** One side of a test over the days both sides delivered (money in the account currency's major units). */
export const AbArmSchema = z.object({
  adId: z.string(),
  adName: z.string(),
  spend: z.number(),
  impressions: z.number(),
  linkClicks: z.number(),
  results: z.number(),
  /** Link CTR in percent; null without impressions. */
  ctrPercent: z.number().nullable(),
  /** spend / results (per 1,000 for reach, as Meta states it); null without results. */
  costPerResult: z.number().nullable(),
});
export type AbArm = z.infer<typeof AbArmSchema>;

/** The variant against the original on one metric, by the optimizer's beta-binomial comparison. */
export const AbComparisonSchema = z.object({
  metric: z.enum(['cost_per_result', 'ctr']),
  /** The chance the variant is better (a lower cost per result, a higher CTR); never stated as a certainty. */
  chanceVariantBetter: z.number().min(0).max(1),
  /**
   * Variant − original with its 90 % range (the range that matches calling a side ahead at 95 %): CTR in
   * percentage points, cost per result relative (−0.18: 18 % cheaper). Null when an arm has no result.
   */
  difference: z.object({ expected: z.number(), low: z.number(), high: z.number() }).nullable(),
});
export type AbComparison = z.infer<typeof AbComparisonSchema>;

export const AB_VERDICTS = ['variant_ahead', 'original_ahead', 'no_clear_difference'] as const;
export type AbVerdict = (typeof AB_VERDICTS)[number];

const abMeasurementBase = {
  /** Days both ads delivered within the test's days, and the first and last of them. */
  days: z.number().int().min(0),
  since: z.string().optional(),
  until: z.string().optional(),
  control: AbArmSchema,
  variant: AbArmSchema,
  /** Impressions each side needs on those days before the two are compared. */
  minImpressions: z.number().int(),
};

export const AbMeasurementSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('collecting'), ...abMeasurementBase }),
  z.object({
    state: z.literal('compared'),
    ...abMeasurementBase,
    verdict: z.enum(AB_VERDICTS),
    /** What the verdict is judged on: cost per result when the arms have results, else CTR. */
    decidedOn: z.enum(['cost_per_result', 'ctr']),
    /** The chance a side must reach to be called ahead (the creative report's winner threshold). */
    threshold: z.number(),
    costPerResult: AbComparisonSchema.nullable(),
    ctr: AbComparisonSchema,
  }),
]);
export type AbMeasurement = z.infer<typeof AbMeasurementSchema>;

export const AB_STOP_REASONS = [
  'undone',
  'copy_paused',
  'copy_deleted',
  'copy_archived',
  'original_paused',
  'original_deleted',
  'original_archived',
  'paused_above',
] as const;

/** Whether the two ads are running side by side now. */
export const AbRunSchema = z.object({
  /** `waiting`: the copy was made paused and has not delivered yet. */
  state: z.enum(['waiting', 'running', 'stopped']),
  reason: z.enum(AB_STOP_REASONS).optional(),
  /** When it stopped (ISO), when known. */
  at: z.string().optional(),
  /** Plain words, naming the ad. */
  message: z.string(),
});
export type AbRun = z.infer<typeof AbRunSchema>;

export const AppliedAbTestSchema = z.object({
  /** The ad optimizer's rewrite id. */
  id: z.string(),
  kind: z.enum(AB_TEST_KINDS),
  /** "A/B test: call to action “Shop now” → “Learn more”", "A/B copy of “Spring sale”". */
  title: z.string(),
  /** When the copy was made (ISO). */
  madeAt: z.string(),
  adsetName: z.string().optional(),
  /** What the test predicted when it was proposed: a winner's figures from the creative report, or nothing. */
  predicted: z.object({
    basis: z.enum(['winner', 'exploratory', 'rewrite']),
    text: z.string(),
    probability: z.number().min(0).max(1).optional(),
  }),
  run: AbRunSchema,
  measurement: AbMeasurementSchema,
});
export type AppliedAbTest = z.infer<typeof AppliedAbTestSchema>;

export const AppliedListSchema = z.object({
  data: z.array(AppliedRecommendationSchema),
  /**
   * The A/B copies and one-element tests of the account, newest first: their own kind, never in `data`, the
   * detectors' scores or any total (a test's spend is test spend, not a saving).
   */
  abTests: z.array(AppliedAbTestSchema),
  detectors: z.array(DetectorScoreSchema),
  currency: z.string(),
  /** The account's today, the day the measurements are judged on. */
  today: z.string(),
  /** Measured recommendations a detector needs before its hit rate is shown as a percentage. */
  minHistory: z.number().int(),
  graphCalls: z.number(),
});
export type AppliedList = z.infer<typeof AppliedListSchema>;
