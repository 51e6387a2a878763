import type Stripe from 'stripe';
import { AppError, validationError } from '../lib/errors';
import { claimEvent, markDone, releaseClaim } from './event-claims';
import type { BillingDeps } from './billing-deps';
import { recordPaymentOutcome, recordSubscription, userOfCustomer } from './plan-updates';

/**
 * Stripe's webhook: the signature is checked on the raw body with the
 * endpoint secret (stripe-node's own check, 5-minute tolerance), each event is
 * handled once, and the plan row follows the subscription as Stripe has it
 * now. `invoice.paid` puts a `payment` event on the bus.
 */
export interface WebhookDeps extends BillingDeps {
  webhookSecret: string;
  /** The `payment` event of shared/events.ts: amount in the currency's minor units (cents), as Stripe counts. */
  publishPayment(detail: { amount: number; currency: string; customerEmail: string; paymentId: string }): Promise<void>;
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
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? session.metadata?.userId;
      if (!userId || typeof session.subscription !== 'string') return;
      await recordSubscription(deps, userId, await deps.stripe.subscriptions.retrieve(session.subscription));
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const userId = await userOfSubscription(event.data.object, deps);
      if (!userId) return;
      // Fetched fresh: events arrive in any order, the subscription's current state is the truth.
      await recordSubscription(deps, userId, await deps.stripe.subscriptions.retrieve(event.data.object.id));
      return;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const userId = await userOfInvoice(invoice, deps);
      if (!userId) return;
      const failed = event.type === 'invoice.payment_failed';
      await recordPaymentOutcome(deps, userId, failed);
      if (!failed && invoice.amount_paid > 0) {
        await deps.publishPayment({
          amount: invoice.amount_paid,
          currency: invoice.currency.toUpperCase(),
          customerEmail: invoice.customer_email ?? '',
          paymentId: invoice.id,
        });
      }
      return;
    }
    default:
      return;
  }
}

async function userOfSubscription(subscription: Stripe.Subscription, deps: BillingDeps): Promise<string | undefined> {
  if (subscription.metadata.userId) return subscription.metadata.userId;
  const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return userOfCustomer(deps, customer);
}

async function userOfInvoice(invoice: Stripe.Invoice, deps: BillingDeps): Promise<string | undefined> {
  const fromMetadata = invoice.parent?.subscription_details?.metadata?.userId;
  if (fromMetadata) return fromMetadata;
  const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  return customer ? userOfCustomer(deps, customer) : undefined;
}
