import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { stripeLookupKey } from '@shared/billing';
import { contractTwin } from '../contract-twin';
import { stripeClient } from './stripe-client';
import { subscribedCustomer } from './stripe-fixtures';

/**
 * What Stripe refuses on the calls lambdas/billing makes, through the official client: a parameter the endpoint does
 * not know (400 `parameter_unknown`, "Received unknown parameter: …", as quoted in beam-community/stripity-stripe#749
 * and vizhub-studio/vizhub#333; second-hand, Stripe's error-codes page names the code without a body), and a second
 * request with an idempotency key whose first is still running (409 `idempotency_key_in_use`, Stripe's error-codes
 * list; the wording as quoted in agentifact.com's write-up).
 */

async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const caught = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(Stripe.errors.StripeError);
  return caught as Stripe.errors.StripeError;
}

function expectUnknownParameter(error: Stripe.errors.StripeError, param: string) {
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code: 'parameter_unknown', param });
  expect(error.message).toBe(`Received unknown parameter: ${param}`);
}

/** A product call with one name Stripe does not take added (the client sends whatever it is given). */
function withExtra<T>(params: T, extra: Record<string, unknown>): T {
  return { ...params, ...extra } as T;
}

describe('unknown parameters are refused on every endpoint the product calls', () => {
  it('customers.create', async () => {
    const stripe = stripeClient();
    const error = await refusal(
      stripe.customers.create(withExtra({ email: 'x@example.test', metadata: { userId: 'u' } }, { plan: 'pro' })),
    );
    expectUnknownParameter(error, 'plan');
  });

  it('prices.list', async () => {
    const error = await refusal(
      stripeClient().prices.list(
        withExtra({ lookup_keys: [stripeLookupKey('pro', 'monthly')], active: true, limit: 1 }, { lookup_key: 'x' }),
      ),
    );
    expectUnknownParameter(error, 'lookup_key');
  });

  it('checkout.sessions.create, naming a nested parameter in bracket notation', async () => {
    const stripe = stripeClient();
    const customer = await stripe.customers.create({ email: 'checkout@example.test' });
    const price = (await stripe.prices.list({ lookup_keys: [stripeLookupKey('pro', 'monthly')], limit: 1 })).data[0]!;
    const error = await refusal(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [withExtra({ price: price.id, quantity: 1 }, { data: 'x' })],
        success_url: 'http://localhost:5173/dashboard?checkout=success#billing',
        cancel_url: 'http://localhost:5173/pricing?checkout=cancelled',
      }),
    );
    expectUnknownParameter(error, 'line_items[0][data]');
  });

  it('billingPortal.sessions.create', async () => {
    const stripe = stripeClient();
    const customer = await stripe.customers.create({ email: 'portal@example.test' });
    const error = await refusal(
      stripe.billingPortal.sessions.create(
        withExtra(
          { customer: customer.id, return_url: 'http://localhost:5173/dashboard#billing' },
          { cancel_url: 'x' },
        ),
      ),
    );
    expectUnknownParameter(error, 'cancel_url');
  });

  it('subscriptions.retrieve and subscriptions.update, and nothing changes', async () => {
    const stripe = stripeClient();
    const { subscription } = await subscribedCustomer(stripe);
    const item = subscription.items.data[0]!;
    const agency = (await stripe.prices.list({ lookup_keys: [stripeLookupKey('agency', 'monthly')], limit: 1 }))
      .data[0]!;

    expectUnknownParameter(
      await refusal(stripe.subscriptions.retrieve(subscription.id, withExtra({}, { include: 'items' }))),
      'include',
    );
    const error = await refusal(
      stripe.subscriptions.update(
        subscription.id,
        {
          items: [withExtra({ id: item.id, price: agency.id }, { plan_id: agency.id })],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
        },
        { idempotencyKey: `adsmith-plan-contract-${randomUUID()}` },
      ),
    );
    expectUnknownParameter(error, 'items[0][plan_id]');
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(item.price.id);
  });
});

describe('an idempotency key whose first request is still running', () => {
  const setLatency = (ms: number) =>
    fetch(`${contractTwin().stripe.url}/__admin/latency`, { method: 'PUT', body: JSON.stringify({ ms }) });
  afterEach(async () => {
    await setLatency(0);
  });

  it('answers the second 409 idempotency_key_in_use (StripeAPIError), and the first completes once', async () => {
    const stripe = stripeClient();
    const key = `adsmith-customer-${randomUUID()}`;
    const params = { email: 'twice@example.test', metadata: { userId: key } };
    await setLatency(1_500);

    const first = stripe.customers.create(params, { idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await refusal(stripe.customers.create(params, { idempotencyKey: key }));

    expect(second).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(second).toMatchObject({ statusCode: 409, type: 'StripeAPIError', code: 'idempotency_key_in_use' });
    expect(second.message).toContain('There is currently another in-progress request using this Idempotent Key');
    const created = await first;
    await setLatency(0);
    // Once the first has finished, the same key replays its reply.
    expect((await stripe.customers.create(params, { idempotencyKey: key })).id).toBe(created.id);
  });
});
