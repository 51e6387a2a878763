import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeLookupKey } from '@shared/billing';
import { startStripeStandIn, type StripeStandIn } from '@infra/twin/stripe/server';
import { parseStripeForm } from '@infra/twin/stripe/stripe-form';

const SECRET_KEY = 'sk_test_stand_in_tests';
const WEBHOOK_SECRET = 'whsec_stand_in_tests';

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standIn = await startStripeStandIn({
    port: 0,
    host: '127.0.0.1',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    retryDelaysMs: [],
  });
  const { port } = new URL(standIn.url);
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standIn.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

async function proPriceId(): Promise<string> {
  const prices = await stripe.prices.list({ lookup_keys: [stripeLookupKey('pro', 'monthly')] });
  expect(prices.data).toHaveLength(1);
  return prices.data[0]!.id;
}

async function openSession(email: string) {
  const customer = await stripe.customers.create({ email, metadata: { userId: 'user-1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: await proPriceId(), quantity: 1 }],
    success_url: 'http://site.test/settings?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://site.test/pricing',
    client_reference_id: 'user-1',
    subscription_data: { metadata: { userId: 'user-1', plan: 'pro' } },
  });
  return { customer, session };
}

function pay(url: string, card: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'x@example.com',
      card_number: card,
      expiry: '12 / 40',
      cvc: '123',
      cardholder: 'A B',
    }),
    redirect: 'manual',
  });
}

describe('Stripe stand-in', () => {
  it('parses bracket form encoding as Stripe does', () => {
    expect(
      parseStripeForm('line_items[0][price]=p1&line_items[0][quantity]=1&metadata[plan]=pro&expand[]=a&expand[]=b'),
    ).toEqual({
      line_items: [{ price: 'p1', quantity: '1' }],
      metadata: { plan: 'pro' },
      expand: ['a', 'b'],
    });
  });

  it('refuses a wrong API key the way the SDK expects', async () => {
    const wrong = new Stripe('sk_test_wrong_key_1234', {
      host: '127.0.0.1',
      port: Number(new URL(standIn.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.create({ email: 'a@b.c' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers an unknown price with resource_missing on the line item', async () => {
    const error = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://x.test',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeInvalidRequestError).code).toBe('resource_missing');
    expect((error as Stripe.errors.StripeInvalidRequestError).param).toBe('line_items[0][price]');
  });

  it('replays an idempotent POST and refuses the same key with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('a paid checkout creates an active subscription and sends signed events the SDK verifies', async () => {
    const { session } = await openSession('payer@example.com');
    expect(session.url).toMatch(/\/c\/pay\/cs_test_/);

    const page = await fetch(session.url!);
    expect(await page.text()).toContain('<label for="card_number">Card number</label>');
    const reply = await pay(session.url!, '4242 4242 4242 4242');

    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`http://site.test/settings?checkout=success&session_id=${session.id}`);
    await standIn.webhooks.settle();
    const events = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET));
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ]);
    const completed = events[1]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ status: 'complete', client_reference_id: 'user-1', url: null });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription.status).toBe('active');
    expect(subscription.metadata).toEqual({ userId: 'user-1', plan: 'pro' });
    expect(subscription.items.data[0]!.current_period_end).toBeGreaterThan(
      subscription.items.data[0]!.current_period_start,
    );
    const invoice = events[2]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 4900, currency: 'usd' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('a declined card changes nothing and says why', async () => {
    const { customer, session } = await openSession('declined@example.com');
    const reply = await pay(session.url!, '4000 0000 0000 0002');

    expect(reply.status).toBe(402);
    expect(await reply.text()).toContain('Your card was declined.');
    await standIn.webhooks.settle();
    expect(received).toHaveLength(0);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
  });

  it('the portal cancels at period end, and a failed renewal sends invoice.payment_failed', async () => {
    const { customer, session } = await openSession('portal@example.com');
    await pay(session.url!, '4242424242424242');
    await standIn.webhooks.settle();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    received.length = 0;

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://site.test/settings',
    });
    const renewal = await fetch(portal.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: subscriptionId, action: 'renewal-fails' }),
    });
    expect(await renewal.text()).toContain('The renewal payment failed.');
    await standIn.webhooks.settle();
    const types = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET).type);
    expect(types).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    await fetch(portal.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: subscriptionId, action: 'cancel' }),
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
  });

  it('changes a subscription’s price as Stripe does: prorated now, at renewal, or with a new cycle for another interval', async () => {
    const { session } = await openSession('switch@example.com');
    await pay(session.url!, '4242424242424242');
    await standIn.webhooks.settle();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const priceOf = async (plan: 'pro' | 'agency', interval: 'monthly' | 'yearly') =>
      (await stripe.prices.list({ lookup_keys: [stripeLookupKey(plan, interval)] })).data[0]!;
    const agency = await priceOf('agency', 'monthly');
    const pro = await priceOf('pro', 'monthly');
    const events = () => received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET));
    received.length = 0;

    // Up to Agency, invoiced now: almost the whole month remains, so about (199 - 49) dollars.
    let subscription = await stripe.subscriptions.retrieve(subscriptionId);
    subscription = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: agency.id }],
      proration_behavior: 'always_invoice',
      metadata: { plan: 'agency' },
    });
    expect(subscription.items.data[0]!.price.id).toBe(agency.id);
    expect(subscription.metadata).toMatchObject({ userId: 'user-1', plan: 'agency' });
    await standIn.webhooks.settle();
    const [updated, paid] = events();
    expect(updated!.type).toBe('customer.subscription.updated');
    expect(
      (updated!.data.previous_attributes as { items: Stripe.ApiList<Stripe.SubscriptionItem> }).items.data[0]!.price.id,
    ).toBe(pro.id);
    expect(paid!.type).toBe('invoice.paid');
    const invoice = paid!.data.object as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.amount_paid).toBeGreaterThan(14_000);
    expect(invoice.amount_paid).toBeLessThanOrEqual(15_000);

    // Back down to Pro with Stripe's default: no invoice now; the credit waits for the renewal.
    received.length = 0;
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: pro.id }],
    });
    await standIn.webhooks.settle();
    expect(events().map((e) => e.type)).toEqual(['customer.subscription.updated']);
    received.length = 0;
    await fetch(`${standIn.url}/__admin/subscriptions/${subscriptionId}/end-period`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ renewal: 'succeeds' }),
    });
    await standIn.webhooks.settle();
    const renewal = events().find((e) => e.type === 'invoice.paid')!.data.object as Stripe.Invoice;
    // $49 for the new month, less the unused Agency time credited (about $150): nothing to pay.
    expect(renewal.total).toBeLessThan(0);
    expect(renewal.amount_paid).toBe(0);

    // Another interval: the cycle restarts today, invoiced at once.
    received.length = 0;
    const yearly = await priceOf('pro', 'yearly');
    const before = Date.now() / 1000;
    subscription = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: yearly.id }],
      proration_behavior: 'always_invoice',
    });
    expect(subscription.items.data[0]!.current_period_start).toBeGreaterThanOrEqual(Math.floor(before));
    expect(
      subscription.items.data[0]!.current_period_end - subscription.items.data[0]!.current_period_start,
    ).toBeGreaterThan(360 * 86_400);
    await standIn.webhooks.settle();
    expect(events().map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);

    // Stripe's errors for a wrong item or price.
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ id: 'si_nope', price: pro.id }] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'items[0][id]' });
    await expect(
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: subscription.items.data[0]!.id, price: 'price_nope' }],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });
});
