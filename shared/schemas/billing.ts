import * as z from 'zod';
import { billingIntervals } from '../billing';
import { plans, type PlanKey } from '../plans';

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
