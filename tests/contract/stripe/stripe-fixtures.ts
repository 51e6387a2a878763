import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { stripeLookupKey } from '@shared/billing';
import { payCheckout } from './stripe-client';

export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A customer and a paid Pro subscription, made the way a user's upgrade makes them. */
export async function subscribedCustomer(stripe: Stripe) {
  const userId = randomUUID();
  const email = `contract-${userId.slice(0, 8)}@example.test`;
  const customer = await stripe.customers.create(
    { email, metadata: { userId } },
    { idempotencyKey: `adsmith-customer-${userId}` },
  );
  const prices = await stripe.prices.list({ lookup_keys: [stripeLookupKey('pro', 'monthly')], active: true, limit: 1 });
  const price = prices.data[0]!;
  const metadata = { userId, plan: 'pro', interval: 'monthly' };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    client_reference_id: userId,
    metadata,
    subscription_data: { metadata },
    success_url: 'http://localhost:5173/dashboard?checkout=success#billing',
    cancel_url: 'http://localhost:5173/pricing?checkout=cancelled',
  });
  const paid = await payCheckout(session.url!, email);
  expect(paid.status).toBe(303);
  const subscriptions = await stripe.subscriptions.list({ customer: customer.id });
  return { userId, email, customer, session, subscription: subscriptions.data[0]! };
}
