import { invalidParam, missingParam, noSuch, StripeApiError } from './stripe-error';
import type { FormValue } from './stripe-form';
import { cardOutcome, collect, finalizedInvoice, savePaymentMethod, type CardOutcome } from './stripe-payments';
import {
  periodEnd,
  stripeId,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type PortalSession,
  type Price,
  type StripeStore,
  type Subscription,
} from './stripe-store';
import { stripeEvent, type WebhookSender } from './webhook-delivery';

/**
 * What the stand-in does with its objects: the API calls the product makes,
 * and what the hosted pages (checkout, portal) and the admin switches
 * (renewals) do, each emitting the events Stripe would send.
 */
export interface BillingDeps {
  store: StripeStore;
  webhooks: WebhookSender;
  /** Where hosted pages live (the stand-in's own origin). */
  baseUrl: () => string;
  /** The stand-in's clock, in Unix seconds (tests move it forward as Stripe's test clocks do). */
  now: () => number;
}

/** Queues an event made now; delivery is asynchronous (webhook-delivery.ts). */
export function emit(deps: BillingDeps, type: string, object: unknown, previous?: Record<string, unknown>): void {
  deps.webhooks.send(stripeEvent(type, object, deps.now(), previous));
}

export type Params = Record<string, FormValue>;

export const text = (params: Params, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};
export const record = (params: Params, name: string): Record<string, string> => {
  const value = params[name];
  if (value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(name, `Invalid hash: ${name}`);
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

export function createCustomer(deps: BillingDeps, params: Params): Customer {
  const customer: Customer = {
    id: stripeId('cus'),
    object: 'customer',
    email: text(params, 'email') ?? null,
    name: text(params, 'name') ?? null,
    metadata: record(params, 'metadata'),
    created: deps.now(),
    livemode: false,
    delinquent: false,
    balance: 0,
    invoice_prefix: stripeId('').slice(1, 9).toUpperCase(),
    invoice_settings: { default_payment_method: null },
  };
  deps.store.customers[customer.id] = customer;
  return customer;
}

export function findCustomer(deps: BillingDeps, id: string, param?: string): Customer {
  const customer = deps.store.customers[id];
  if (!customer) throw noSuch('customer', id, param);
  return customer;
}

export function listPrices(
  deps: BillingDeps,
  params: Params,
): { object: 'list'; data: Price[]; has_more: false; url: string } {
  const keys = params.lookup_keys;
  const wanted = Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : null;
  const data = deps.store.prices.filter((price) => !wanted || wanted.includes(price.lookup_key));
  return { object: 'list', data, has_more: false, url: '/v1/prices' };
}

export function createCheckoutSession(deps: BillingDeps, params: Params): CheckoutSession {
  const mode = text(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidParam('mode', 'The Adsmith Stripe stand-in supports subscription mode only.');
  }
  const successUrl = text(params, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) throw missingParam('line_items');
  if (items.length > 1) throw invalidParam('line_items', 'The Adsmith Stripe stand-in supports one line item.');
  const item = items[0];
  const priceId = item && typeof item === 'object' && !Array.isArray(item) ? item.price : undefined;
  if (typeof priceId !== 'string') throw missingParam('line_items[0][price]');
  const price = deps.store.prices.find((p) => p.id === priceId);
  if (!price) throw noSuch('price', priceId, 'line_items[0][price]');
  const customerId = text(params, 'customer') ?? null;
  const customer = customerId ? findCustomer(deps, customerId, 'customer') : null;
  const created = deps.now();
  const id = stripeId('cs_test');
  const subscriptionData = params.subscription_data;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: `${deps.baseUrl()}/c/pay/${id}`,
    customer: customer?.id ?? null,
    customer_email: customer?.email ?? text(params, 'customer_email') ?? null,
    client_reference_id: text(params, 'client_reference_id') ?? null,
    metadata: record(params, 'metadata'),
    subscription: null,
    invoice: null,
    success_url: successUrl,
    cancel_url: text(params, 'cancel_url') ?? null,
    created,
    expires_at: created + 24 * 3600,
    livemode: false,
    amount_total: price.unit_amount,
    currency: price.currency,
    ui_mode: 'hosted_page',
    line_items_price: price.id,
    subscription_metadata:
      subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
        ? record(subscriptionData as Params, 'metadata')
        : {},
  };
  deps.store.sessions[id] = session;
  return session;
}

/** The session as the API renders it (without the stand-in's private fields). */
export function renderSession(
  session: CheckoutSession,
): Omit<CheckoutSession, 'line_items_price' | 'subscription_metadata'> {
  const { line_items_price: _price, subscription_metadata: _meta, ...rest } = session;
  return { ...rest, url: session.status === 'open' ? session.url : null };
}

export function findSession(deps: BillingDeps, id: string): CheckoutSession {
  const session = deps.store.sessions[id];
  if (!session) throw noSuch('checkout.session', id);
  if (session.status === 'open' && session.expires_at < deps.now()) session.status = 'expired';
  return session;
}

/**
 * Pays an open session with a card. A decline changes nothing (the page shows
 * why, as Stripe's does); success creates the customer if needed, an active
 * subscription and a paid invoice, then sends the events in Stripe's order.
 */
export async function payCheckoutSession(
  deps: BillingDeps,
  session: CheckoutSession,
  card: { number: string; email: string },
): Promise<CardOutcome> {
  const outcome = cardOutcome(card.number);
  if (outcome !== 'succeeded') return outcome;
  const price = deps.store.prices.find((p) => p.id === session.line_items_price)!;
  const customer = session.customer
    ? findCustomer(deps, session.customer)
    : createCustomer(deps, { email: session.customer_email ?? card.email });
  // The card paid with becomes the customer's card on file, which renewals and prorations are charged to.
  const method = savePaymentMethod(deps.store, card.number, customer.id, deps.now());
  customer.invoice_settings.default_payment_method = method.id;
  const start = deps.now();
  const subscription: Subscription = {
    id: stripeId('sub'),
    object: 'subscription',
    status: 'active',
    customer: customer.id,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    start_date: start,
    created: start,
    currency: price.currency,
    latest_invoice: null,
    metadata: session.subscription_metadata,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          price,
          quantity: 1,
          current_period_start: start,
          current_period_end: periodEnd(start, price.recurring.interval),
        },
      ],
      has_more: false,
      url: '/v1/subscription_items',
    },
    pending_update: null,
    default_payment_method: null,
  };
  const invoice = finalizedInvoice(subscription, customer, 'subscription_create', price.unit_amount, start);
  collect(deps.store, invoice, customer, subscription);
  subscription.latest_invoice = invoice.id;
  deps.store.subscriptions[subscription.id] = subscription;
  deps.store.invoices[invoice.id] = invoice;
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    customer_email: customer.email,
    subscription: subscription.id,
    invoice: invoice.id,
  });
  await deps.store.save();
  emit(deps, 'customer.subscription.created', subscription);
  emit(deps, 'checkout.session.completed', renderSession(session));
  emit(deps, 'invoice.paid', invoice);
  return outcome;
}

export function createPortalSession(deps: BillingDeps, params: Params): PortalSession {
  const customerId = text(params, 'customer');
  if (!customerId) throw missingParam('customer');
  findCustomer(deps, customerId, 'customer');
  const id = stripeId('bps');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    url: `${deps.baseUrl()}/p/session/${id}`,
    customer: customerId,
    return_url: text(params, 'return_url') ?? null,
    created: deps.now(),
    livemode: false,
    configuration: 'bpc_adsmith_local',
    locale: null,
    flow: null,
    on_behalf_of: null,
  };
  deps.store.portalSessions[id] = session;
  return session;
}

export function findSubscription(deps: BillingDeps, id: string): Subscription {
  const subscription = deps.store.subscriptions[id];
  if (!subscription) throw noSuch('subscription', id);
  return subscription;
}

export function customerSubscriptions(deps: BillingDeps, customerId: string): Subscription[] {
  return Object.values(deps.store.subscriptions).filter((s) => s.customer === customerId);
}

/** The portal's cancel (at period end, Stripe's default) and its undo. */
export async function setCancelAtPeriodEnd(
  deps: BillingDeps,
  subscription: Subscription,
  cancel: boolean,
): Promise<void> {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  }
  const previous = { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at };
  subscription.cancel_at_period_end = cancel;
  subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
  await deps.store.save();
  emit(deps, 'customer.subscription.updated', subscription, previous);
}

export async function cancelNow(deps: BillingDeps, subscription: Subscription): Promise<void> {
  if (subscription.status === 'canceled') return;
  const now = deps.now();
  Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, pending_update: null });
  await deps.store.save();
  emit(deps, 'customer.subscription.deleted', subscription);
}

/**
 * Runs the end of the current period, as a test clock would: a subscription set to cancel ends; otherwise the renewal
 * (plus any prorations left for it) is invoiced and charged to the card on file — `renewal` forces the outcome for
 * people trying the portal. Paid: new period, `invoice.paid`. Declined: `past_due`, `invoice.payment_failed`, and
 * Stripe's smart retries would try again in a few days.
 */
export async function endPeriod(
  deps: BillingDeps,
  subscription: Subscription,
  renewal: 'card' | 'succeeds' | 'fails' = 'card',
): Promise<void> {
  if (subscription.cancel_at_period_end) return cancelNow(deps, subscription);
  const customer = findCustomer(deps, subscription.customer);
  const item = subscription.items.data[0]!;
  const previous = { status: subscription.status, latest_invoice: subscription.latest_invoice };
  // Stripe starts the new period at renewal whether or not its invoice is paid.
  item.current_period_start = item.current_period_end;
  item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
  const pending = deps.store.pendingProrations[subscription.id] ?? 0;
  delete deps.store.pendingProrations[subscription.id];
  const invoice = finalizedInvoice(
    subscription,
    customer,
    'subscription_cycle',
    item.price.unit_amount + pending,
    deps.now(),
  );
  deps.store.invoices[invoice.id] = invoice;
  subscription.latest_invoice = invoice.id;
  const outcome: CardOutcome =
    renewal === 'card' ? collect(deps.store, invoice, customer, subscription) : forced(invoice, renewal);
  if (outcome === 'succeeded') {
    subscription.status = 'active';
    await deps.store.save();
    emit(deps, 'customer.subscription.updated', subscription, previous);
    emit(deps, 'invoice.paid', invoice);
    return;
  }
  invoice.next_payment_attempt = deps.now() + 3 * 24 * 3600;
  subscription.status = 'past_due';
  await deps.store.save();
  emit(deps, 'invoice.payment_failed', invoice);
  emit(deps, 'customer.subscription.updated', subscription, previous);
}

function forced(invoice: Invoice, renewal: 'succeeds' | 'fails'): CardOutcome {
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (renewal === 'fails' && invoice.amount_due > 0) return 'generic_decline';
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
  return 'succeeded';
}
