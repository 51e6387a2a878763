import * as z from 'zod';
import { billingIntervals } from '../billing';
import { plans, type PlanKey } from '../plans';
import { quotaKeys } from '../quotas';

const planKeys = Object.keys(plans) as [PlanKey, ...PlanKey[]];
const paidPlanKeys = planKeys.filter((key) => plans[key].priceCents.monthly > 0) as [PlanKey, ...PlanKey[]];

export const PlanKeySchema = z.enum(planKeys);

/** Upgrade: which paid plan, billed how often. */
export const CheckoutRequestSchema = z
  .object({
    plan: z.enum(paidPlanKeys, { message: 'Choose a paid plan.' }),
    interval: z.enum(billingIntervals, { message: 'Choose monthly or yearly billing.' }),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** Where to send the browser next (Stripe Checkout or the customer portal). */
export const BillingRedirectSchema = z.object({ url: z.url() });

/**
 * A user's plan as the server enforces it, and why: a cancelled plan runs to
 * its period end; a failed renewal keeps the plan until `downgradesAt`.
 */
export const BillingStatusSchema = z.object({
  plan: PlanKeySchema,
  interval: z.enum(billingIntervals).nullable(),
  /** Stripe's subscription status, or null on the free plan. */
  subscriptionStatus: z.string().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentFailed: z.boolean(),
  /** When the server will move the user to Free, if it will. */
  downgradesAt: z.iso.datetime().nullable(),
  /** True once Stripe knows the user: "Manage billing" works. */
  canManage: z.boolean(),
});
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** What the webhook answers Stripe. */
export const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

/** One limit of the user's plan and how much of it is used now. */
export const QuotaUsageSchema = z.object({
  key: z.enum(quotaKeys),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  /** When the window starts again; null for held limits (ad accounts, rules, seats). */
  resetsAt: z.iso.datetime().nullable(),
  /** False while the action this limit counts is not built yet: `used` stays 0. */
  enforced: z.boolean(),
  /** For held limits: the ids holding a place (ad account ids), so a user above the limit can choose which to keep. */
  held: z.array(z.string()).optional(),
});
export type QuotaUsage = z.infer<typeof QuotaUsageSchema>;

/** The signed-in user's plan and usage against each of its limits. */
export const UsageSchema = z.object({ plan: PlanKeySchema, limits: z.array(QuotaUsageSchema) });
export type Usage = z.infer<typeof UsageSchema>;

/**
 * After a downgrade (or when a subscription ended) a user can hold more ad accounts than the plan allows: they
 * choose which to keep; the others give their places back.
 */
export const KeepAdAccountsSchema = z.object({
  keep: z
    .array(z.string().regex(/^act_\d+$/, 'An ad account id looks like act_123.'))
    .min(1)
    .max(100),
});
export type KeepAdAccounts = z.infer<typeof KeepAdAccountsSchema>;
