import type { BillingStatus, CheckoutRequest } from '@shared/schemas/billing';
import { stripeLookupKey } from '@shared/billing';
import { plans } from '@shared/plans';
import { conflict } from '../lib/errors';
import { effectivePlan, readPlanRecord } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import type { BillingDeps } from './billing-deps';
import { billingStatus } from './billing-status';
import { recordSubscription } from './plan-updates';

/** Subscription states in which Stripe lets the price change (not ended, not waiting for a first payment). */
const CHANGEABLE = new Set(['active', 'trialing', 'past_due']);

/**
 * Moves a paying user to another paid plan or billing period, as Stripe does it:
 * the subscription item's price is replaced and the difference invoiced now,
 * prorated (unused time of the old price credited). The plan row is written from
 * the updated subscription at once; the webhook that follows writes the same.
 * From Free, an upgrade goes through Checkout (a card is needed) instead.
 */
export async function changePlan(
  user: RequestUser,
  request: CheckoutRequest,
  deps: BillingDeps,
): Promise<BillingStatus> {
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  const current = effectivePlan(record, deps.now?.() ?? new Date()).plan;
  if (current === 'free' || !record?.stripe_subscription_id) {
    throw conflict('You are on Free: choose a plan on the pricing page to upgrade through Checkout.');
  }
  if (current === request.plan && record.interval === request.interval) {
    throw conflict(`You are already on ${plans[current].name}, billed ${request.interval}.`);
  }
  const subscription = await deps.stripe.subscriptions.retrieve(record.stripe_subscription_id);
  const item = subscription.items.data[0];
  if (!item || !CHANGEABLE.has(subscription.status)) {
    throw conflict('Your subscription cannot be changed now. Use "Manage billing" to renew it first.');
  }
  const lookupKey = stripeLookupKey(request.plan, request.interval);
  const prices = await deps.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = prices.data[0];
  if (!price) throw new Error(`No active Stripe price has the lookup key ${lookupKey} (docs/deploying.md)`);

  const updated = await deps.stripe.subscriptions.update(
    subscription.id,
    {
      items: [{ id: item.id, price: price.id }],
      proration_behavior: 'always_invoice',
      // A plan change also takes back a pending cancellation, as the portal does.
      cancel_at_period_end: false,
      metadata: { plan: request.plan, interval: request.interval },
    },
    // The same change asked twice (a double click) is one change at Stripe.
    { idempotencyKey: `adsmith-plan-${subscription.id}-${item.price.id}-${price.id}` },
  );
  await recordSubscription(deps, user.sub, updated);
  return billingStatus(user, deps);
}
