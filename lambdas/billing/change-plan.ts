import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { BillingStatus, CheckoutRequest } from '@shared/schemas/billing';
import { stripeLookupKey, type BillingInterval } from '@shared/billing';
import { plans, type PlanKey } from '@shared/plans';
import { tableKey } from '@shared/table-keys';
import { AppError, conflict } from '../lib/errors';
import { assertNotAttached, effectivePlan, readPlanRecord } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import type { BillingDeps } from './billing-deps';
import { billingStatus } from './billing-status';
import { recordSubscription } from './plan-updates';

/** Subscription states in which Stripe lets the price change (not ended, not waiting for a first payment). */
const CHANGEABLE = new Set(['active', 'trialing', 'past_due']);

/**
 * Moves a paying user to another paid plan or billing period, as Stripe does it: the subscription item's price is
 * replaced and the prorated difference invoiced at once (`always_invoice`). With `pending_if_incomplete` Stripe
 * applies the change only if that invoice is paid; otherwise it waits in `pending_update` (and lapses after 23 h)
 * and the user is told their payment failed, on the plan they had (docs.stripe.com/billing/subscriptions/pending-updates).
 *
 * Each change is its own request at Stripe. Its idempotency key names the change by its number on the user's row
 * (`plan_changes`, counted once Stripe has answered), so a retry of the same change (a double click, a timeout) is
 * replayed by Stripe, while a later change to a plan the user had before is new: a key made of the old and new
 * prices would replay Pro → Agency when the user goes Agency → Pro → Agency the same day, and Stripe would change
 * nothing while Adsmith recorded Agency. From Free, an upgrade goes through Checkout (a card is needed) instead.
 */
export async function changePlan(
  user: RequestUser,
  request: CheckoutRequest,
  deps: BillingDeps,
): Promise<BillingStatus> {
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  assertNotAttached(record);
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

  const changeNumber = (record.plan_changes ?? 0) + 1;
  const key = `adsmith-plan-${subscription.id}-change-${changeNumber}-${price.id}`;
  const readAt = Date.now();
  let updated: Stripe.Subscription = await deps.stripe.subscriptions.update(
    subscription.id,
    {
      items: [{ id: item.id, price: price.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      // Applied with the change (kept in pending_update until paid, Stripe API 2026-05-27.dahlia and later).
      metadata: { plan: request.plan, interval: request.interval },
    },
    { idempotencyKey: key },
  );
  await countChange(deps, user.sub, changeNumber);
  if (updated.pending_update) {
    const label = labelFor(current === request.plan);
    throw new AppError(
      'PAYMENT_FAILED',
      `The payment for ${label(request.plan, request.interval)} did not go through, ` +
        `so you are still on ${label(current, record.interval ?? 'monthly')}. ` +
        'Update your card in "Manage billing", then try again.',
    );
  }
  // A plan change also takes back a pending cancellation, as the portal does (a separate call: a pending update
  // cannot carry it).
  if (updated.cancel_at_period_end) updated = await renew(deps.stripe, updated, `${key}-renew`);
  await recordSubscription(deps, user.sub, updated, readAt);
  return billingStatus(user, deps);
}

/** A plan's name, with its billing period when the change is between periods of one plan. */
function labelFor(samePlan: boolean) {
  return (plan: PlanKey, interval: BillingInterval) =>
    samePlan ? `${plans[plan].name} (${interval})` : plans[plan].name;
}

function renew(stripe: Stripe, subscription: Stripe.Subscription, key: string): Promise<Stripe.Subscription> {
  return stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }, { idempotencyKey: key });
}

/** Counts a change Stripe answered; a concurrent retry of the same change counted it already. */
async function countChange(deps: BillingDeps, userId: string, changeNumber: number): Promise<void> {
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.tables.userPlans,
        Key: tableKey('userPlans', userId),
        UpdateExpression: 'SET plan_changes = :number',
        ConditionExpression: 'attribute_not_exists(plan_changes) OR plan_changes < :number',
        ExpressionAttributeValues: { ':number': changeNumber },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
