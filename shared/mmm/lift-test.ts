/**
 * A lift-test result a marketer enters to calibrate the model (issue 24, requirement 4): the incremental KPI a
 * channel caused over a period, measured by an experiment (Meta Conversion Lift, a geo test, an Adsmith A/B
 * test), with its uncertainty as a standard error or an interval. Validated here wherever it comes from.
 */
import * as z from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD');

export const LIFT_TEST_SOURCES = ['meta-conversion-lift', 'geo-test', 'adsmith-ab-test', 'other'] as const;

/** z of a two-sided interval at a level (0.8, 0.9, 0.95, 0.99 cover what tools report). */
const Z_OF_LEVEL: Record<string, number> = { '0.8': 1.2816, '0.9': 1.6449, '0.95': 1.96, '0.99': 2.5758 };

export const LiftTestSchema = z
  .object({
    channel: z.string().trim().min(1, 'Name the channel the test measured.').max(80),
    source: z.enum(LIFT_TEST_SOURCES).default('other'),
    start: isoDate,
    end: isoDate,
    /** Incremental KPI over the period (revenue or conversions, as the model's KPI). */
    lift: z.number().finite().positive('The measured lift must be above zero.'),
    standardError: z.number().finite().positive('The standard error must be above zero.').optional(),
    interval: z
      .object({
        low: z.number().finite(),
        high: z.number().finite(),
        level: z.union([z.literal(0.8), z.literal(0.9), z.literal(0.95), z.literal(0.99)]).default(0.9),
      })
      .refine((i) => i.low < i.high, { message: 'The interval runs from low to high.', path: ['high'] })
      .optional(),
  })
  .superRefine((t, ctx) => {
    if (t.end < t.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The test ends before it starts.' });
    if (t.standardError === undefined && !t.interval)
      ctx.addIssue({
        code: 'custom',
        path: ['standardError'],
        message: 'Give the standard error or the interval the test reported.',
      });
  })
  .transform((t) => ({
    ...t,
    // A normal interval's half-width is z·SE: both forms become one standard error.
    standardError:
      t.standardError ?? (t.interval!.high - t.interval!.low) / (2 * Z_OF_LEVEL[String(t.interval!.level)]!),
  }));
export type LiftTest = z.output<typeof LiftTestSchema>;
export type LiftTestInput = z.input<typeof LiftTestSchema>;
