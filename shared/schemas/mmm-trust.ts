import * as z from 'zod';

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
