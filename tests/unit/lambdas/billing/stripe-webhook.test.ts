import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tables } from '@shared/tables';
import { createTableInput } from '@infra/twin/dynamodb/provision-tables';
import { recordCustomer } from '@lambdas/billing/plan-updates';
import { handleStripeWebhook, type WebhookDeps } from '@lambdas/billing/stripe-webhook';
import { startHarness, type Harness } from '@tests/support/stripe-stand-in-harness';

/**
 * The product's Stripe webhook against the Stripe stand-in: events signed as Stripe signs them, for customers and
 * subscriptions that exist there. The user is always the one the product recorded for the customer.
 */
const SECRET = 'whsec_unit_tests';
const TABLES = { userPlans: 'unit-user-plans', stripeEvents: 'unit-stripe-events' };

let dynalite: Server;
let doc: DynamoDBDocumentClient;
let h: Harness;
/** A Pro subscriber the product knows: `owner` is recorded for `customer`. */
let customer: string;
let subscription: Stripe.Subscription;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const createDynalite = require('dynalite') as (options: object) => Server;
  dynalite = createDynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => dynalite.listen(0, '127.0.0.1', resolve));
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(dynalite.address() as AddressInfo).port}`,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  await client.send(new CreateTableCommand(createTableInput(TABLES.userPlans, tables.userPlans)));
  await client.send(new CreateTableCommand(createTableInput(TABLES.stripeEvents, tables.stripeEvents)));
  doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  h = await startHarness();
  ({ customer, subscription } = await h.subscribe());
  await recordCustomer(deps(), 'owner', customer, 'owner@example.com');
});

afterAll(async () => {
  await h.stop();
  await new Promise<void>((resolve) => dynalite.close(() => resolve()));
});

function deps(overrides: Partial<WebhookDeps> = {}) {
  return {
    stripe: h.stripe,
    doc,
    tables: TABLES,
    siteUrl: 'http://site.test',
    webhookSecret: SECRET,
    publishPayment: vi.fn(async () => undefined),
    emailOf: async () => undefined,
    log: vi.fn(),
    ...overrides,
  } satisfies WebhookDeps;
}

let counter = 0;
function event(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
  counter += 1;
  return JSON.stringify({
    id: `evt_unit_${counter}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

function invoice(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    id: `in_unit_${counter}`,
    object: 'invoice',
    status: 'paid',
    customer,
    customer_email: 'payer@example.com',
    amount_paid: 4900,
    currency: 'usd',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: {} },
    },
    ...overrides,
  };
}

const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  h.stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
const row = async (userId: string) =>
  (await doc.send(new GetCommand({ TableName: TABLES.userPlans, Key: { user_id: userId } }))).Item;

describe('Stripe webhook', () => {
  it('accepts a correctly signed invoice.paid, records the subscription and puts one payment event on the bus', async () => {
    const body = event('invoice.paid', invoice());
    const d = deps();

    expect(await handleStripeWebhook(body, sign(body), d)).toEqual({ received: true });

    expect(d.publishPayment).toHaveBeenCalledExactlyOnceWith({
      amount: 4900,
      currency: 'USD',
      customerEmail: 'payer@example.com',
      paymentId: expect.stringMatching(/^in_unit_/),
    });
    expect(await row('owner')).toMatchObject({
      plan: 'pro',
      subscription_status: 'active',
      stripe_subscription_id: subscription.id,
      payment_failed: false,
    });
  });

  it('resolves the user from the customer it recorded, never from the metadata user id in the event', async () => {
    const body = event(
      'invoice.paid',
      invoice({ parent: { subscription_details: { metadata: { userId: 'victim' } } } }),
    );
    await handleStripeWebhook(body, sign(body), deps());
    const checkout = event('checkout.session.completed', {
      id: 'cs_test_unit',
      object: 'checkout.session',
      customer,
      subscription: subscription.id,
      client_reference_id: 'victim',
      metadata: { userId: 'victim' },
    });
    await handleStripeWebhook(checkout, sign(checkout), deps());
    const updated = event('customer.subscription.updated', { ...subscription, metadata: { userId: 'victim' } });
    await handleStripeWebhook(updated, sign(updated), deps());

    expect(await row('victim')).toBeUndefined();
    expect(await row('owner')).toMatchObject({ plan: 'pro', stripe_subscription_id: subscription.id });
  });

  it('acknowledges and logs an event for a customer or subscription it does not know (no 500 Stripe would retry)', async () => {
    const d = deps();
    const strangers = [
      event('invoice.paid', invoice({ customer: 'cus_stranger', parent: null })),
      event('customer.subscription.updated', { ...subscription, id: 'sub_stranger', customer: 'cus_stranger' }),
      event('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', customer: 'cus_stranger' }),
      // Our customer, but a subscription Stripe does not have.
      event('customer.subscription.deleted', { ...subscription, id: 'sub_gone', metadata: {} }),
    ];
    for (const body of strangers) expect(await handleStripeWebhook(body, sign(body), d)).toEqual({ received: true });

    expect(d.log).toHaveBeenCalledTimes(4);
    expect(d.publishPayment).not.toHaveBeenCalled();
    expect(await row('owner')).toMatchObject({ plan: 'pro', subscription_status: 'active' });
  });

  it('never downgrades on a stale event: the subscription as Stripe has it now wins', async () => {
    const agency = await h.price('agency', 'monthly');
    const current = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: agency.id }],
      proration_behavior: 'always_invoice',
    });
    const fresh = event('customer.subscription.updated', current);
    await handleStripeWebhook(fresh, sign(fresh), deps());
    expect(await row('owner')).toMatchObject({ plan: 'agency' });

    // The earlier update (still Pro) and an older failed payment arrive late.
    const stale = event('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000) - 60);
    await handleStripeWebhook(stale, sign(stale), deps());
    const failed = event('invoice.payment_failed', invoice({ status: 'open', amount_paid: 0 }));
    await handleStripeWebhook(failed, sign(failed), deps());

    expect(await row('owner')).toMatchObject({ plan: 'agency', subscription_status: 'active', payment_failed: false });
  });

  it('records a failed renewal from invoice.payment_failed: the subscription is past_due', async () => {
    const card = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await h.stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });
    await h.admin('POST', `/__admin/subscriptions/${subscription.id}/end-period`, {});
    const failed = event('invoice.payment_failed', invoice({ status: 'open', amount_paid: 0 }));
    const d = deps();
    await handleStripeWebhook(failed, sign(failed), d);

    expect(await row('owner')).toMatchObject({ subscription_status: 'past_due', payment_failed: true });
    expect(d.publishPayment).not.toHaveBeenCalled();
  });

  it('handles a redelivered event once: the duplicate is acknowledged and emits nothing', async () => {
    const body = event('invoice.paid', invoice());
    const d = deps();

    await handleStripeWebhook(body, sign(body), d);
    const again = await handleStripeWebhook(body, sign(body), d);

    expect(again).toEqual({ received: true, duplicate: true });
    expect(d.publishPayment).toHaveBeenCalledTimes(1);
  });

  it('lets Stripe retry when handling failed: the claim is released', async () => {
    const body = event('invoice.paid', invoice());
    const failing = deps({ publishPayment: vi.fn(async () => Promise.reject(new Error('bus down'))) });
    await expect(handleStripeWebhook(body, sign(body), failing)).rejects.toThrow('bus down');

    const working = deps();
    expect(await handleStripeWebhook(body, sign(body), working)).toEqual({ received: true });
    expect(working.publishPayment).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['signed with another secret', (body: string) => sign(body, 'whsec_someone_else')],
    [
      'replayed with a timestamp older than five minutes',
      (body: string) => sign(body, SECRET, Math.floor(Date.now() / 1000) - 600),
    ],
    ['not signed in Stripe format', () => 'sha256=abc'],
  ])('refuses an event %s with 400 and changes nothing', async (_name, signer) => {
    const body = event('invoice.paid', invoice({ customer: 'cus_forged' }));
    const d = deps();

    const error = await handleStripeWebhook(body, signer(body), d).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    expect(d.publishPayment).not.toHaveBeenCalled();
  });

  it('refuses a body that was changed after signing', async () => {
    const body = event('invoice.paid', invoice());
    const signature = sign(body);
    const error = await handleStripeWebhook(body.replace('4900', '1'), signature, deps()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
