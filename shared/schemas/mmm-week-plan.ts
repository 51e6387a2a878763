import * as z from 'zod';

/**
 * A week-by-week budget plan from a fitted model (issue 24, requirement 6): the next N weeks' spend per paid
 * channel under a total and per-channel weekly bounds, with the KPI expected each week and its interval.
 * The plan is computed on request from the saved model (deterministic), never stored.
 */

export const MIN_PLAN_WEEKS = 4;
export const MAX_PLAN_WEEKS = 52;

const money = (what: string) =>
  z
    .number({ error: `${what} is a number.` })
    .finite(`${what} is a number.`)
    .nonnegative(`${what} is 0 or more.`)
    .max(1e12, `${what} is at most 1,000,000,000,000.`);

export const WeekPlanBoundSchema = z
  .object({
    channel: z.string().trim().min(1, 'Name the channel.').max(80),
    min: money('A weekly minimum').optional(),
    max: money('A weekly maximum').optional(),
  })
  .strict()
  .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, {
    message: 'The weekly minimum is above the maximum.',
    path: ['min'],
  });

export const WeekPlanBodySchema = z
  .object({
    weeks: z
      .number({ error: `Plan between ${MIN_PLAN_WEEKS} and ${MAX_PLAN_WEEKS} weeks.` })
      .int(`Plan a whole number of weeks.`)
      .min(MIN_PLAN_WEEKS, `Plan at least ${MIN_PLAN_WEEKS} weeks.`)
      .max(MAX_PLAN_WEEKS, `Plan at most ${MAX_PLAN_WEEKS} weeks.`),
    /** Spend over the plan's weeks, all paid channels; absent: today's weekly spend times the weeks. */
    totalBudget: money('The total budget').positive('The total budget is above 0.').optional(),
    bounds: z
      .array(WeekPlanBoundSchema)
      .max(50)
      .refine((list) => new Set(list.map((b) => b.channel)).size === list.length, 'Each channel once.')
      .default([]),
    /** 0: ads earn the same every week (the fit's own assumption); 1: in proportion to the season's demand. */
    seasonSensitivity: z
      .number({ error: 'Season sensitivity is a number from 0 to 1.' })
      .min(0, 'Season sensitivity is 0 or more.')
      .max(1, 'Season sensitivity is at most 1.')
      .default(1),
  })
  .strict();
export type WeekPlanBody = z.input<typeof WeekPlanBodySchema>;

const finite = z.number().finite();
const IntervalSchema = z.object({ estimate: finite, low: finite, high: finite });

export const WeekPlanSchema = z.object({
  kpiKind: z.enum(['revenue', 'conversions']),
  /** The intervals' nominal level (0.9: 90 %). */
  level: finite,
  seasonSensitivity: finite,
  total: finite,
  channels: z.array(z.object({ name: z.string(), recentWeekly: finite, min: finite, max: finite, total: finite })),
  weeks: z.array(
    z.object({
      date: z.string(),
      /** Spend per paid channel, in the order of `channels`. */
      spend: z.array(finite),
      kpi: IntervalSchema,
      media: finite,
      /** The part of `media` owed to spend made before the plan. */
      carryover: finite,
      baseline: finite,
    }),
  ),
  expectedKpi: IntervalSchema,
  evenSplitKpi: finite,
  evenSplitTailKpi: finite,
  tailKpi: finite,
});
export type WeekPlan = z.output<typeof WeekPlanSchema>;
