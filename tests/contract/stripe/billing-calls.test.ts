import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeLookupKey } from '@shared/billing';
import { contractTwin } from '../contract-twin';
import { receivedWebhooks, stripeClient } from './stripe-client';
import { eventually, subscribedCustomer } from './stripe-fixtures';

/**
 * The calls lambdas/billing makes, through the official `stripe` client against the twin's stand-in:
 * customers, prices by lookup key, Checkout, the customer portal, subscription reads and plan
 * changes, and the signed webhooks that follow, verified with `stripe.webhooks.constructEvent` as
 * lambdas/billing/stripe-webhook.ts verifies them.
 */

describe('customers', () => {
  it('creates a customer once per idempotency key, replaying the first reply', async () => {
    const stripe = stripeClient();
    const key = `adsmith-customer-${randomUUID()}`;

    const first = await stripe.customers.create(
      { email: 'a@example.test', metadata: { userId: 'u1' } },
      { idempotencyKey: key },
    );
    const again = await stripe.customers.create(
      { email: 'a@example.test', metadata: { userId: 'u1' } },
      { idempotencyKey: key },
    );

    expect(first.id).toMatch(/^cus_/);
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.retrieve(first.id)) as Stripe.Customer).toMatchObject({
      email: 'a@example.test',
      metadata: { userId: 'u1' },
    });
  });
});

describe('prices', () => {
  it.each([
    ['pro', 'monthly'],
    ['agency', 'yearly'],
  ] as const)('finds the %s %s price by its lookup key', async (plan, interval) => {
    const prices = await stripeClient().prices.list({
      lookup_keys: [stripeLookupKey(plan, interval)],
      active: true,
      limit: 1,
    });

    expect(prices.data).toHaveLength(1);
    expect(prices.data[0]).toMatchObject({
      object: 'price',
      lookup_key: stripeLookupKey(plan, interval),
      active: true,
      recurring: { interval: interval === 'monthly' ? 'month' : 'year' },
    });
  });
});

describe('Checkout, portal and plan changes', () => {
  it('opens Checkout, and the paid session leaves an active subscription with the product’s metadata', async () => {
    const stripe = stripeClient();

    const { customer, session, subscription, userId } = await subscribedCustomer(stripe);

    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', customer: customer.id });
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, metadata: { userId, plan: 'pro' } });
  });

  it('opens the customer portal for a paying customer', async () => {
    const stripe = stripeClient();
    const { customer } = await subscribedCustomer(stripe);

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/dashboard#billing',
    });

    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
    expect((await fetch(portal.url)).status).toBe(200);
  });

  it('changes the plan by swapping the subscription item’s price, prorated', async () => {
    const stripe = stripeClient();
    const { subscription } = await subscribedCustomer(stripe);
    const item = subscription.items.data[0]!;
    const agency = (
      await stripe.prices.list({ lookup_keys: [stripeLookupKey('agency', 'monthly')], active: true, limit: 1 })
    ).data[0]!;

    const updated = await stripe.subscriptions.update(
      subscription.id,
      {
        items: [{ id: item.id, price: agency.id }],
        proration_behavior: 'always_invoice',
        cancel_at_period_end: false,
        metadata: { plan: 'agency', interval: 'monthly' },
      },
      { idempotencyKey: `adsmith-plan-contract-${randomUUID()}` },
    );

    expect(updated.items.data[0]?.price.id).toBe(agency.id);
    expect(updated.metadata).toMatchObject({ plan: 'agency' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(agency.id);
  });
});

describe('webhooks', () => {
  it('signs every event so constructEvent verifies it with the endpoint secret, and no other', async () => {
    const stripe = stripeClient();
    const { subscription } = await subscribedCustomer(stripe);
    const { webhookSecret } = contractTwin().stripe;

    // Stripe sends asynchronously, in any order, sometimes twice (the stand-in too): wait for the one asserted.
    const typeOf = (hook: { body: string }) => (JSON.parse(hook.body) as { type: string }).type;
    const ours = await eventually(async () => {
      const events = (await receivedWebhooks()).filter((hook) => hook.body.includes(subscription.id));
      return events.some((hook) => typeOf(hook) === 'customer.subscription.created') ? events : undefined;
    }, 'customer.subscription.created about the new subscription');

    for (const hook of ours) {
      const event = stripe.webhooks.constructEvent(hook.body, hook.signature!, webhookSecret);
      expect(event).toMatchObject({ object: 'event', livemode: false });
      expect(event.id).toMatch(/^evt_/);
      expect(() => stripe.webhooks.constructEvent(hook.body, hook.signature!, 'whsec_not_ours')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => stripe.webhooks.constructEvent(`${hook.body} `, hook.signature!, webhookSecret)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    expect(ours.map(typeOf)).toContain('customer.subscription.created');
  });
});

describe('refusals', () => {
  it('refuses a key it did not issue: 401, StripeAuthenticationError, the key masked', async () => {
    const error = await stripeClient('sk_test_not_the_twins_key_0000')
      .customers.create({ email: 'x@example.test' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/);
  });

  it('refuses an idempotency key reused with other parameters', async () => {
    const stripe = stripeClient();
    const key = `adsmith-customer-${randomUUID()}`;
    await stripe.customers.create({ email: 'first@example.test' }, { idempotencyKey: key });

    const error = await stripe.customers
      .create({ email: 'second@example.test' }, { idempotencyKey: key })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Error).message).toContain(
      'Keys for idempotent requests can only be used with the same parameters',
    );
  });

  it('answers an unknown subscription with resource_missing', async () => {
    const error = await stripeClient()
      .subscriptions.retrieve('sub_doesnotexist')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((error as Error).message).toBe("No such subscription: 'sub_doesnotexist'");
  });
});
