import {
  emit,
  findCustomer,
  record,
  setCancelAtPeriodEnd,
  text,
  type BillingDeps,
  type Params,
} from './stripe-billing';
import { invalidParam, missingParam, noSuch, StripeApiError } from './stripe-error';
import type { FormValue } from './stripe-form';
import { cardDeclined, collect, finalizedInvoice } from './stripe-payments';
import { periodEnd, type Invoice, type PendingUpdate, type Subscription, type SubscriptionItem } from './stripe-store';

/**
 * `POST /v1/subscriptions/:id` as Stripe does it (docs.stripe.com/api/subscriptions/update,
 * docs.stripe.com/billing/subscriptions/prorations, docs.stripe.com/billing/subscriptions/pending-updates).
 *
 * A price change on the item (`items[0][id]` + `items[0][price]`): same interval, the period stays; the unused time
 * of the old price is credited and the rest of the period on the new price charged — on an invoice now
 * (`always_invoice`), on the next renewal (`create_prorations`, the default) or not at all (`none`). Another
 * interval restarts the billing cycle now, invoiced at once less the unused time of the old price.
 *
 * An invoice made now is charged to the card on file. When the charge fails, `payment_behavior` decides:
 * - `allow_incomplete` (the default): the change stays, the invoice stays open, the subscription is `past_due`;
 * - `error_if_incomplete`: nothing changes and the call answers 402 with the card error;
 * - `pending_if_incomplete`: nothing changes yet; the change waits in `pending_update` (expiring after 23 hours)
 *   and is applied if its invoice is paid in time — `latest_invoice` is that open invoice. Only the parameters
 *   Stripe's pending-updates reference lists may be sent with it.
 */
const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];
const PAYMENT_BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'];
/** Pending-updates reference, plus `metadata` since API 2026-05-27.dahlia (Stripe changelog). */
const PENDING_UPDATE_PARAMS = new Set([
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'metadata',
]);
/** "Pending updates expire after 23 hours" (Stripe's pending-updates guide, from memory: see notes). */
export const PENDING_UPDATE_TTL_SECONDS = 23 * 3600;

export async function updateSubscription(deps: BillingDeps, subscription: Subscription, params: Params): Promise<void> {
  const paymentBehavior = text(params, 'payment_behavior') ?? 'allow_incomplete';
  if (!PAYMENT_BEHAVIORS.includes(paymentBehavior)) {
    throw invalidParam('payment_behavior', `Invalid payment_behavior: must be one of ${PAYMENT_BEHAVIORS.join(', ')}`);
  }
  if (paymentBehavior === 'pending_if_incomplete') {
    const refused = Object.keys(params).filter((name) => !PENDING_UPDATE_PARAMS.has(name));
    if (refused.length > 0) {
      // The rule is Stripe's (pending-updates reference); the wording of Stripe's message is not confirmed.
      throw invalidParam(
        refused[0]!,
        `The following parameters cannot be used with \`payment_behavior=pending_if_incomplete\`: ${refused.join(', ')}.`,
      );
    }
  }
  const change = priceChange(deps, subscription, params);
  const metadata = params.metadata === undefined ? {} : record(params, 'metadata');
  if (change) await applyPriceChange(deps, subscription, change, metadata, paymentBehavior);
  else if (Object.keys(metadata).length > 0) {
    const previous = { metadata: { ...subscription.metadata } };
    mergeMetadata(subscription, metadata);
    await deps.store.save();
    emit(deps, 'customer.subscription.updated', subscription, previous);
  }
  if (typeof params.cancel_at_period_end === 'string') {
    await setCancelAtPeriodEnd(deps, subscription, params.cancel_at_period_end === 'true');
  }
}

interface PriceChange {
  item: SubscriptionItem;
  /** The item as it will be once the change is applied. */
  next: SubscriptionItem;
  /** Cents to invoice now, or null when nothing is invoiced now. */
  invoiceNow: number | null;
  /** Cents left for the next renewal (`create_prorations`). */
  atRenewal: number;
}

function priceChange(deps: BillingDeps, subscription: Subscription, params: Params): PriceChange | null {
  const items = params.items;
  if (items === undefined) return null;
  if (!Array.isArray(items) || items.length !== 1 || typeof items[0] !== 'object' || Array.isArray(items[0])) {
    throw invalidParam('items', 'Invalid array: items');
  }
  if (subscription.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  }
  const wanted = items[0] as Record<string, FormValue>;
  const itemId = typeof wanted.id === 'string' ? wanted.id : undefined;
  if (!itemId) throw missingParam('items[0][id]');
  const item = subscription.items.data.find((i) => i.id === itemId);
  if (!item) throw invalidParam('items[0][id]', `Invalid subscription_item id: ${itemId}`);
  const priceId = typeof wanted.price === 'string' ? wanted.price : undefined;
  if (!priceId) return null;
  const price = deps.store.prices.find((p) => p.id === priceId);
  if (!price) throw noSuch('price', priceId, 'items[0][price]');
  const behavior = (text(params, 'proration_behavior') ?? 'create_prorations') as ProrationBehavior;
  if (!PRORATION_BEHAVIORS.includes(behavior)) {
    throw invalidParam(
      'proration_behavior',
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
    );
  }
  if (price.id === item.price.id) return null;

  const now = deps.now();
  const length = item.current_period_end - item.current_period_start;
  const unused = length > 0 ? Math.max(0, Math.min(1, (item.current_period_end - now) / length)) : 0;
  const credit = behavior === 'none' ? 0 : -Math.round(item.price.unit_amount * unused);
  const next: SubscriptionItem = structuredClone({ ...item, price });
  if (price.recurring.interval !== item.price.recurring.interval) {
    next.current_period_start = now;
    next.current_period_end = periodEnd(now, price.recurring.interval);
    return { item, next, invoiceNow: price.unit_amount + credit, atRenewal: 0 };
  }
  const net = behavior === 'none' ? 0 : Math.round(price.unit_amount * unused) + credit;
  if (behavior === 'always_invoice') return { item, next, invoiceNow: net, atRenewal: 0 };
  return { item, next, invoiceNow: null, atRenewal: net };
}

async function applyPriceChange(
  deps: BillingDeps,
  subscription: Subscription,
  change: PriceChange,
  metadata: Record<string, string>,
  paymentBehavior: string,
): Promise<void> {
  const previous = {
    items: structuredClone(subscription.items),
    metadata: { ...subscription.metadata },
    latest_invoice: subscription.latest_invoice,
    status: subscription.status,
    pending_update: subscription.pending_update,
  };
  const customer = findCustomer(deps, subscription.customer);
  const balanceBefore = customer.balance;
  let invoice: Invoice | null = null;
  let paid = true;
  if (change.invoiceNow !== null) {
    // The invoice is for the subscription as it will be: its lines and period are the new price's.
    const preview: Subscription = { ...subscription, items: { ...subscription.items, data: [change.next] } };
    invoice = finalizedInvoice(preview, customer, 'subscription_update', change.invoiceNow, deps.now());
    invoice.parent.subscription_details.metadata = { ...subscription.metadata, ...metadata };
    paid = collect(deps.store, invoice, customer, subscription) === 'succeeded';
    if (!paid && paymentBehavior === 'error_if_incomplete') {
      customer.balance = balanceBefore;
      throw cardDeclined('generic_decline');
    }
    deps.store.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
  }

  if (!paid && paymentBehavior === 'pending_if_incomplete') {
    const pending: PendingUpdate = {
      billing_cycle_anchor: change.next.current_period_start !== change.item.current_period_start ? deps.now() : null,
      expires_at: deps.now() + PENDING_UPDATE_TTL_SECONDS,
      subscription_items: [change.next],
      trial_end: null,
      trial_from_plan: null,
      metadata: Object.keys(metadata).length > 0 ? metadata : null,
    };
    subscription.pending_update = pending;
    await deps.store.save();
    emit(deps, 'invoice.payment_failed', invoice);
    emit(deps, 'customer.subscription.updated', subscription, {
      pending_update: previous.pending_update,
      latest_invoice: previous.latest_invoice,
    });
    return;
  }

  Object.assign(change.item, change.next);
  mergeMetadata(subscription, metadata);
  subscription.pending_update = null;
  if (change.atRenewal !== 0) {
    deps.store.pendingProrations[subscription.id] =
      (deps.store.pendingProrations[subscription.id] ?? 0) + change.atRenewal;
  }
  if (!paid) subscription.status = 'past_due';
  await deps.store.save();
  emit(deps, 'customer.subscription.updated', subscription, previous);
  if (invoice) emit(deps, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
}

/** Stripe's metadata update: keys are merged; a key set to '' is removed. */
function mergeMetadata(subscription: Subscription, metadata: Record<string, string>): void {
  for (const [key, value] of Object.entries(metadata)) {
    if (value === '') delete subscription.metadata[key];
    else subscription.metadata[key] = value;
  }
}

/**
 * `POST /v1/invoices/:id/pay`: charges an open invoice to the card on file. Paid: a pending update waiting on it is
 * applied (`customer.subscription.pending_update_applied`) and a `past_due` subscription whose latest invoice it is
 * becomes active. Declined: 402 card error, `invoice.payment_failed`, the pending update stays with its expiry.
 */
export async function payInvoice(deps: BillingDeps, invoice: Invoice): Promise<Invoice> {
  if (invoice.status !== 'open') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'invoice_not_open',
      message: `Invoice ${invoice.id} is already ${invoice.status}.`,
    });
  }
  const subscription = deps.store.subscriptions[invoice.parent.subscription_details.subscription];
  const customer = findCustomer(deps, invoice.customer);
  const outcome = collect(deps.store, invoice, customer, subscription);
  if (outcome !== 'succeeded') {
    await deps.store.save();
    emit(deps, 'invoice.payment_failed', invoice);
    throw cardDeclined(outcome);
  }
  emit(deps, 'invoice.paid', invoice);
  if (subscription && subscription.latest_invoice === invoice.id) {
    const previous = {
      items: structuredClone(subscription.items),
      status: subscription.status,
      pending_update: subscription.pending_update,
    };
    const pending = subscription.pending_update;
    if (pending && pending.expires_at > deps.now()) {
      subscription.items.data = pending.subscription_items.map((item) => structuredClone(item));
      if (pending.metadata) mergeMetadata(subscription, pending.metadata);
      subscription.pending_update = null;
      emit(deps, 'customer.subscription.pending_update_applied', subscription);
    }
    if (subscription.status === 'past_due') subscription.status = 'active';
    emit(deps, 'customer.subscription.updated', subscription, previous);
  }
  await deps.store.save();
  return invoice;
}

/**
 * Pending updates whose time ran out are discarded (`customer.subscription.pending_update_expired`); the
 * subscription stays as it was. What Stripe does with the open invoice then is not documented in our sources; it is
 * left open here.
 */
export async function expirePendingUpdates(deps: BillingDeps): Promise<void> {
  const now = deps.now();
  let changed = false;
  for (const subscription of Object.values(deps.store.subscriptions)) {
    if (!subscription.pending_update || subscription.pending_update.expires_at > now) continue;
    const previous = { pending_update: subscription.pending_update };
    subscription.pending_update = null;
    changed = true;
    emit(deps, 'customer.subscription.pending_update_expired', subscription);
    emit(deps, 'customer.subscription.updated', subscription, previous);
  }
  if (changed) await deps.store.save();
}
