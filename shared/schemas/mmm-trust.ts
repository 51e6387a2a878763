import * as z from 'zod';
import { LiftTestSchema } from '../mmm/lift-test';

/** The trust signal of a fitted model (shared/mmm/trust.ts), as the report carries it. */

const finite = z.number().finite();

export const TrustReportSchema = z.object({
  level: z.enum(['high', 'medium', 'low']),
  headline: z.string(),
  weeks: z.number().int(),
  holdout: z.object({ weeks: z.number().int(), r2: finite, nrmse: finite, mape: finite }).nullable(),
  channels: z.array(
    z.object({
      name: z.string(),
      spendVariation: finite,
      /** Share of weeks with spend below a tenth of its mean; absent in reports built before it was recorded. */
      pausedShare: finite.optional(),
      /** Null when the channel is an exact combination of the others (infinite VIF). */
      vif: finite.nullable(),
      seasonR2: finite,
      closestChannel: z.object({ name: z.string(), correlation: finite }).nullable(),
      relativeWidth: finite.nullable(),
      liftTests: z.number().int().nonnegative(),
      identified: z.enum(['well', 'weakly', 'poorly']),
      reasons: z.array(z.string()),
    }),
  ),
  advice: z.array(z.string()),
});
export type TrustReportView = z.output<typeof TrustReportSchema>;

const IntervalSchema = z.object({ estimate: finite, low: finite, high: finite });
const BeforeAfterSchema = z.object({ withoutTests: IntervalSchema, withTests: IntervalSchema });

/** How calibration moved the model (shared/mmm/calibration-report.ts): without and with the lift tests. */
export const CalibrationEffectSchema = z.object({
  tests: z.array(z.intersection(LiftTestSchema, z.object({ withoutTests: finite, withTests: finite }))),
  channels: z.array(
    z.object({
      name: z.string(),
      roiWithoutTests: finite,
      roiWithTests: finite,
      /** With intervals; absent in reports fitted before they were recorded. */
      contribution: BeforeAfterSchema.optional(),
      roi: BeforeAfterSchema.optional(),
    }),
  ),
  mapeLift: z.object({ withoutTests: finite, withTests: finite }),
});
export type CalibrationEffectView = z.output<typeof CalibrationEffectSchema>;
