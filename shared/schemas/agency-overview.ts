import * as z from 'zod';
import { WorkspaceIdSchema, WorkspaceRoleSchema } from '../workspace-roles';

/**
 * The cross-client overview (issue 28, req 2): targets an agency sets per client workspace, and each workspace's
 * month so far against them. Money is in major units of the ad account's currency.
 */

/** A Meta ad account id as Graph names it. */
const AdAccountIdSchema = z
  .string()
  .trim()
  .regex(/^act_\d{1,20}$/, 'The ad account id must look like act_1234567890.');

const Money = z.number().positive().max(1e9);

/**
 * What the agency sets for one client: the account the targets are read on, its monthly budget, and one goal:
 * a target cost per result or a target ROAS, never both (they pull a budget in different directions).
 */
export const ClientTargetsSchema = z
  .object({
    adAccountId: AdAccountIdSchema,
    monthlyBudget: Money,
    targetCostPerResult: Money.optional(),
    targetRoas: z.number().positive().max(1e4).optional(),
  })
  .refine((t) => !(t.targetCostPerResult !== undefined && t.targetRoas !== undefined), {
    message: 'Set a target cost per result or a target ROAS, not both.',
    path: ['targetRoas'],
  });
export type ClientTargets = z.infer<typeof ClientTargetsSchema>;

export const ClientTargetsParamsSchema = z.object({ workspaceId: WorkspaceIdSchema });

/** What needs attention, most first (the overview's order). */
export const AttentionSchema = z.enum([
  'off_target_and_pace',
  'off_target',
  'off_pace',
  'error',
  'on_track',
  'no_targets',
]);
export type Attention = z.infer<typeof AttentionSchema>;

export const BudgetPaceSchema = z.object({
  /** Day of the month the figures run to (the account's today), and the month's length. */
  day: z.number().int().min(1).max(31),
  daysInMonth: z.number().int().min(28).max(31),
  /** The month's budget prorated to the end of `day`. */
  expectedSpend: z.number(),
  /** spend / expectedSpend: 1 is on pace, above spends too fast, below too slowly. */
  ratio: z.number().nullable(),
  /** The month's spend at this rate. */
  projectedSpend: z.number(),
  state: z.enum(['on_pace', 'over', 'under']),
});
export type BudgetPace = z.infer<typeof BudgetPaceSchema>;

export const ClientOverviewRowSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  role: WorkspaceRoleSchema,
  targets: ClientTargetsSchema.nullable(),
  /** The month so far (the account's days), when read. */
  period: z.object({ since: z.string(), until: z.string() }).nullable(),
  currency: z.string().nullable(),
  spend: z.number().nullable(),
  results: z.number().nullable(),
  resultType: z.string().nullable(),
  costPerResult: z.number().nullable(),
  roas: z.number().nullable(),
  pace: BudgetPaceSchema.nullable(),
  /** The goal is missed (cost per result above target, or ROAS below it, beyond the tolerance). */
  offTarget: z.boolean(),
  attention: AttentionSchema,
  /** Why the figures could not be read (Meta not connected, the account refused…), in words a person reads. */
  error: z.string().nullable(),
});
export type ClientOverviewRow = z.infer<typeof ClientOverviewRowSchema>;

export const AgencyOverviewSchema = z.object({
  rows: z.array(ClientOverviewRowSchema),
  generatedAt: z.string(),
});
export type AgencyOverview = z.infer<typeof AgencyOverviewSchema>;
