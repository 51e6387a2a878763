import * as z from 'zod';
import { WeekPlanBodySchema } from './mmm-week-plan';

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
    /**
     * Week-by-week mode (issue 24, requirement 6): the plan asked of POST /api/mmm/models/{id}/week-plans; its first
     * week's spend on Meta is handed off as that week's daily budget. Hand off again each week for the next one.
     */
    weekPlan: WeekPlanBodySchema.optional(),
  })
  .strict()
  .refine((b) => b.targetRoi === undefined || b.weekPlan === undefined, {
    message: 'Hand off either a target ROI or a week plan, not both.',
    path: ['weekPlan'],
  });
export type MmmHandoffBody = z.infer<typeof MmmHandoffBodySchema>;
/** The body as a client sends it: the week plan's defaults are the API's to fill in. */
export type MmmHandoffRequest = z.input<typeof MmmHandoffBodySchema>;
