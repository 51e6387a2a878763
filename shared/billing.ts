import type { PlanKey } from './plans';

/** How often a paid plan is billed. */
export type BillingInterval = 'monthly' | 'yearly';
export const billingIntervals = ['monthly', 'yearly'] as const satisfies readonly BillingInterval[];

/**
 * The Stripe price for a plan and interval is found by this lookup key, so a
 * deployment needs no price ids in configuration: create the prices in Stripe
 * with these keys (docs/deploying.md).
 */
export function stripeLookupKey(plan: PlanKey, interval: BillingInterval): string {
  return `adsmith_${plan}_${interval}`;
}
