import * as z from 'zod';

/**
 * A change to one Meta object (campaign, ad set or ad), as the optimizer proposes it, automation
 * rules apply it and the approval drawer edits it. Budgets are whole minor units of the ad
 * account's currency, exactly as Meta keeps them.
 */

export const OBJECT_LEVELS = ['campaign', 'adset', 'ad'] as const;
export const ObjectLevelSchema = z.enum(OBJECT_LEVELS);
export type ObjectLevel = z.infer<typeof ObjectLevelSchema>;

const minorUnits = z.number().int('Budgets are whole minor units').positive().max(1e12);

export const ObjectChangeSchema = z
  .object({
    status: z.enum(['ACTIVE', 'PAUSED']).optional(),
    dailyBudget: minorUnits.optional(),
    lifetimeBudget: minorUnits.optional(),
    name: z.string().trim().min(1).max(400).optional(),
    /** Ads only: the creative the ad shows from now on. */
    creativeId: z
      .string()
      .regex(/^\d{1,30}$/, 'A creative id is numeric')
      .optional(),
    /**
     * Ad sets only: the custom audiences the ad set excludes after the change, the whole list (Meta replaces an ad
     * set's targeting whole, so the change names every exclusion it keeps; an empty list removes them all).
     */
    excludedAudienceIds: z
      .array(z.string().regex(/^\d{1,30}$/, 'A custom audience id is numeric'))
      .max(100)
      .optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: 'Nothing to change' })
  .refine((c) => !(c.dailyBudget && c.lifetimeBudget), {
    message: 'An object has a daily or a lifetime budget, not both',
    path: ['lifetimeBudget'],
  });
export type ObjectChange = z.infer<typeof ObjectChangeSchema>;

export const ObjectChangeRequestSchema = z.object({
  level: ObjectLevelSchema,
  objectId: z.string().regex(/^\d{1,30}$/, 'A Meta object id is numeric'),
  change: ObjectChangeSchema,
});
export type ObjectChangeRequest = z.infer<typeof ObjectChangeRequestSchema>;

/** The values a change can touch, as read from Meta before and after it (the audit's before/after). */
export interface ObjectState {
  status: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  name?: string;
  /** Ads only. */
  creativeId?: string;
  /** Ad sets only, when they exclude any: the custom audiences left out (ids, sorted). */
  excludedAudienceIds?: string[];
}
