import { invalidParam, missingParam, noSuch, StripeApiError } from './stripe-error';
import type { FormValue } from './stripe-form';
import {
  nowSeconds,
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
}

type Params = Record<string, FormValue>;

const text = (params: Params, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};
const record = (params: Params, name: string): Record<string, string> => {
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
    created: nowSeconds(),
    livemode: false,
    delinquent: false,
    balance: 0,
    invoice_prefix: stripeId('').slice(1, 9).toUpperCase(),
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
  const created = nowSeconds();
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
  if (session.status === 'open' && session.expires_at < nowSeconds()) session.status = 'expired';
  return session;
}

/** Test cards from Stripe's testing docs; any other number is refused as Stripe's test mode refuses real cards. */
export type CardOutcome = 'succeeded' | 'generic_decline' | 'insufficient_funds' | 'live_card' | 'invalid_number';

export function cardOutcome(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'invalid_number';
  if (digits === '4242424242424242') return 'succeeded';
  if (digits === '4000000000000002') return 'generic_decline';
  if (digits === '4000000000009995') return 'insufficient_funds';
  return 'live_card';
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const declineMessages: Record<Exclude<CardOutcome, 'succeeded'>, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  live_card: 'Your card was declined. Your request was in test mode, but used a non test card.',
  invalid_number: 'Your card number is invalid.',
};

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
  const start = nowSeconds();
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
  };
  const invoice = paidInvoice(subscription, customer, 'subscription_create');
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
  await deps.webhooks.send(stripeEvent('customer.subscription.created', subscription));
  await deps.webhooks.send(stripeEvent('checkout.session.completed', renderSession(session)));
  await deps.webhooks.send(stripeEvent('invoice.paid', invoice));
  return outcome;
}

function paidInvoice(
  subscription: Subscription,
  customer: Customer,
  reason: Invoice['billing_reason'],
  total = subscription.items.data[0]!.price.unit_amount,
): Invoice {
  const item = subscription.items.data[0]!;
  // A negative total (a credit larger than the charge) is owed nothing: Stripe moves it to the customer's balance.
  const amount = Math.max(0, total);
  return {
    id: stripeId('in'),
    object: 'invoice',
    status: 'paid',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    amount_due: amount,
    amount_paid: amount,
    amount_remaining: 0,
    total,
    subtotal: total,
    currency: item.price.currency,
    billing_reason: reason,
    attempt_count: 1,
    attempted: true,
    next_payment_attempt: null,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    created: nowSeconds(),
    livemode: false,
  };
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
    created: nowSeconds(),
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
  await deps.webhooks.send(stripeEvent('customer.subscription.updated', subscription, previous));
}

export async function cancelNow(deps: BillingDeps, subscription: Subscription): Promise<void> {
  if (subscription.status === 'canceled') return;
  const now = nowSeconds();
  Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
  await deps.store.save();
  await deps.webhooks.send(stripeEvent('customer.subscription.deleted', subscription));
}

/**
 * Runs the end of the current period, as a test clock would: a subscription set
 * to cancel ends; otherwise the renewal is charged and either succeeds (new
 * period, `invoice.paid`) or fails (`past_due`, `invoice.payment_failed`).
 */
export async function endPeriod(
  deps: BillingDeps,
  subscription: Subscription,
  renewal: 'succeeds' | 'fails',
): Promise<void> {
  if (subscription.cancel_at_period_end) return cancelNow(deps, subscription);
  const customer = findCustomer(deps, subscription.customer);
  const item = subscription.items.data[0]!;
  const previous = { status: subscription.status };
  // Stripe starts the new period at renewal whether or not its invoice is paid.
  item.current_period_start = item.current_period_end;
  item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
  const pending = deps.store.pendingProrations[subscription.id] ?? 0;
  delete deps.store.pendingProrations[subscription.id];
  if (renewal === 'succeeds') {
    subscription.status = 'active';
    const invoice = paidInvoice(subscription, customer, 'subscription_cycle', item.price.unit_amount + pending);
    deps.store.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
    await deps.store.save();
    await deps.webhooks.send(stripeEvent('customer.subscription.updated', subscription, previous));
    await deps.webhooks.send(stripeEvent('invoice.paid', invoice));
    return;
  }
  const failed: Invoice = {
    ...paidInvoice(subscription, customer, 'subscription_cycle'),
    status: 'open',
    amount_paid: 0,
    amount_remaining: item.price.unit_amount,
    next_payment_attempt: nowSeconds() + 3 * 24 * 3600,
  };
  deps.store.invoices[failed.id] = failed;
  subscription.status = 'past_due';
  subscription.latest_invoice = failed.id;
  await deps.store.save();
  await deps.webhooks.send(stripeEvent('invoice.payment_failed', failed));
  await deps.webhooks.send(stripeEvent('customer.subscription.updated', subscription, previous));
}

const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

/**
 * A price change on a subscription item (`items[0][id]` + `items[0][price]`), as
 * Stripe does it. Same interval: the period stays; the unused time of the old
 * price is credited and the rest of the period on the new price charged, either
 * on an invoice now (`always_invoice`) or on the next renewal
 * (`create_prorations`, Stripe's default), or not at all (`none`). Another
 * interval: the billing cycle restarts now and is invoiced at once, less the
 * unused time of the old price. A credit larger than the charge goes to the
 * customer's balance. Sends `customer.subscription.updated` (and
 * `invoice.paid` when invoiced); test cards on file always pay.
 */
export async function updateSubscriptionItems(
  deps: BillingDeps,
  subscription: Subscription,
  params: Params,
): Promise<void> {
  const items = params.items;
  if (items === undefined) return;
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
  if (!priceId) return;
  const price = deps.store.prices.find((p) => p.id === priceId);
  if (!price) throw noSuch('price', priceId, 'items[0][price]');
  const behavior = (text(params, 'proration_behavior') ?? 'create_prorations') as ProrationBehavior;
  if (!PRORATION_BEHAVIORS.includes(behavior)) {
    throw invalidParam(
      'proration_behavior',
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
    );
  }
  if (price.id === item.price.id) return;

  const now = nowSeconds();
  const length = item.current_period_end - item.current_period_start;
  const unused = length > 0 ? Math.max(0, Math.min(1, (item.current_period_end - now) / length)) : 0;
  const credit = behavior === 'none' ? 0 : -Math.round(item.price.unit_amount * unused);
  const previous = { items: structuredClone(subscription.items), metadata: { ...subscription.metadata } };
  const customer = findCustomer(deps, subscription.customer);
  let invoice: Invoice | null = null;

  if (price.recurring.interval !== item.price.recurring.interval) {
    item.price = price;
    item.current_period_start = now;
    item.current_period_end = periodEnd(now, price.recurring.interval);
    invoice = paidInvoice(subscription, customer, 'subscription_update', price.unit_amount + credit);
  } else {
    const net = behavior === 'none' ? 0 : Math.round(price.unit_amount * unused) + credit;
    item.price = price;
    if (behavior === 'always_invoice') invoice = paidInvoice(subscription, customer, 'subscription_update', net);
    if (behavior === 'create_prorations' && net !== 0) {
      deps.store.pendingProrations[subscription.id] = (deps.store.pendingProrations[subscription.id] ?? 0) + net;
    }
  }
  const metadata = params.metadata === undefined ? {} : record(params, 'metadata');
  for (const [key, value] of Object.entries(metadata)) {
    if (value === '') delete subscription.metadata[key];
    else subscription.metadata[key] = value;
  }
  if (invoice) {
    if (invoice.total < 0) customer.balance += invoice.total;
    invoice.parent.subscription_details.metadata = { ...subscription.metadata };
    deps.store.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
  }
  await deps.store.save();
  await deps.webhooks.send(stripeEvent('customer.subscription.updated', subscription, previous));
  if (invoice) await deps.webhooks.send(stripeEvent('invoice.paid', invoice));
}
