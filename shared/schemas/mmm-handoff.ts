import * as z from 'zod';

/**
 * The marketing-mix → optimizer hand-off: a fitted model's allocation for its Meta channel,
 * proposed as daily budgets of an ad account's active campaigns and ad sets. The result is an
 * optimizer recommendation (kind `mmm_allocation`) that changes nothing until it is approved.
 */
export const MmmHandoffBodySchema = z
  .object({
    modelId: z.string().regex(/^[0-9a-f-]{36}$/, 'Not a valid model id.'),
    /** The model's channel that is Meta: the "use my Meta spend" channel or a column the marketer marks. */
    channel: z.string().trim().min(1, 'Choose the channel that is Meta.').max(80),
    /**
     * Target-ROI mode: the largest budget whose allocation still returns this much KPI per unit of
     * spend; Meta's part of it is handed off as the budgets' caps. Absent: the same total budget.
     */
    targetRoi: z.number().positive('A target ROI is above 0.').max(1000).optional(),
  })
  .strict();
export type MmmHandoffBody = z.infer<typeof MmmHandoffBodySchema>;
