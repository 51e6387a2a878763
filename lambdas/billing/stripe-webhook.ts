import type Stripe from 'stripe';
import * as z from 'zod';
import { logger } from '../lib/observability';
import { AppError, validationError } from '../lib/errors';
import { claimEvent, markDone, releaseClaim } from './event-claims';
import type { BillingDeps } from './billing-deps';
import { readPlanRecord } from '../lib/billing/plan-record';
import { planOfSubscription, recordSubscription, userOfCustomer } from './plan-updates';

/**
 * Stripe's webhook: the signature is checked on the raw body with the endpoint secret (stripe-node's own check,
 * 5-minute tolerance), each event is handled once (Stripe may deliver one twice), and the plan row follows the
 * subscription as Stripe has it now — events arrive in any order, so an event's own copy of the object is never
 * trusted over a fresh read. The user is the one the product recorded for the Stripe customer; ids in an event's
 * metadata are not believed. An event for a customer or subscription the product does not know is acknowledged and
 * logged: a 5xx would only make Stripe retry it for three days. `invoice.paid` puts a `payment` event on the bus.
 */
export interface WebhookDeps extends BillingDeps {
  webhookSecret: string;
  /** The `payment` event (shared/events/payment.ts): amount in the currency's minor units (cents), as Stripe counts. */
  publishPayment(detail: { amount: number; currency: string; customerEmail: string; paymentId: string }): Promise<void>;
  /** Where ignored events are reported (the function's logger unless a test listens). */
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export type WebhookResult = { received: true; duplicate?: boolean };

export async function handleStripeWebhook(
  rawBody: string | undefined,
  signature: string | undefined,
  deps: WebhookDeps,
): Promise<WebhookResult> {
  if (!rawBody) throw validationError('The webhook body is empty.');
  if (!signature) throw validationError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch {
    throw validationError('The Stripe signature does not match this endpoint.');
  }

  const claim = await claimEvent(deps, event.id, event.type);
  if (claim === 'done-before') return { received: true, duplicate: true };
  // Another delivery of the same event is being handled: a non-2xx makes Stripe try again later.
  if (claim === 'in-progress') throw new AppError('CONFLICT', 'This event is already being handled.');
  try {
    await applyEvent(event, deps);
  } catch (error) {
    await releaseClaim(deps, event.id).catch(() => undefined);
    throw error;
  }
  await markDone(deps, event.id);
  return { received: true };
}

async function applyEvent(event: Stripe.Event, deps: WebhookDeps): Promise<void> {
  const ignore = (reason: string, fields: Record<string, unknown> = {}) =>
    (deps.log ?? ((message, more) => logger.warn(message, more)))(`Stripe event ignored: ${reason}`, {
      eventId: event.id,
      type: event.type,
      ...fields,
    });
  const target = eventTarget(event);
  if (!target) return;
  const userId = await userOfCustomer(deps, target.customer);
  if (!userId) return ignore('no Adsmith user has this Stripe customer', { customer: target.customer });
  if (!target.subscription) return ignore('it names no subscription', { customer: target.customer });

  let subscription: Stripe.Subscription;
  const readAt = Date.now();
  try {
    // Fetched fresh: the subscription's current state is the truth, whatever order events arrive in.
    subscription = await deps.stripe.subscriptions.retrieve(target.subscription);
  } catch (error) {
    // Told by its type, not instanceof: the SDK's classes are loaded with the client, not with this module.
    if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing')
      return ignore('Stripe has no such subscription', { subscription: target.subscription });
    throw error;
  }
  if (customerOf(subscription.customer) !== target.customer)
    return ignore('the subscription belongs to another customer', { subscription: subscription.id });
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, userId);
  // A late event of a subscription the user has since replaced must not overwrite the one they pay for now.
  const replaced =
    record?.stripe_subscription_id &&
    record.stripe_subscription_id !== subscription.id &&
    !LIVE.has(subscription.status);
  if (replaced) return ignore('the user has moved to another subscription', { subscription: subscription.id });

  if (!planOfSubscription(subscription))
    return ignore('the subscription pays for no Adsmith plan', { subscription: subscription.id });

  await recordSubscription(deps, userId, subscription, readAt);
  if (event.type === 'invoice.paid') {
    const invoice = event.data.object;
    if (invoice.amount_paid > 0) {
      await deps.publishPayment({
        amount: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        customerEmail: invoice.customer_email ?? '',
        paymentId: invoice.id,
      });
    }
  }
}

/** Subscription states in which it is the user's current subscription. */
const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * The customer (and subscription) an event is about; null for events billing does not act on or that name no
 * customer. The event is signed, but its object is read defensively: an id is a string or an expanded `{id}`.
 */
function eventTarget(event: Stripe.Event): { customer: string; subscription: string | null } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const customer = idOf(object.customer);
  if (!customer) return null;
  switch (event.type) {
    case 'checkout.session.completed':
      return { customer, subscription: idOf(object.subscription) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
      return { customer, subscription: idOf(object.id) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
      return { customer, subscription: idOf(parent?.subscription_details?.subscription) };
    }
    default:
      return null;
  }
}

const StripeIdSchema = z.union([
  z.string().min(1),
  z.object({ id: z.string().min(1) }).transform((expanded) => expanded.id),
]);
const idOf = (value: unknown): string | null => StripeIdSchema.safeParse(value).data ?? null;
const customerOf = (customer: string | { id: string }): string =>
  typeof customer === 'string' ? customer : customer.id;

/** A stripe-node error of that type (each of its error classes sets `type` to its own name). */
function isStripeError(error: unknown, type: string): error is { type: string; code?: string } {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;
}
