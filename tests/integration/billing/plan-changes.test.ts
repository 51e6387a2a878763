import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatus } from '@shared/schemas/billing';
import { localTableName } from '@infra/twin/function-environment';
import { LOCAL_STRIPE } from '@infra/twin/secrets/local-secret-values';
import { STRIPE_LIKE_WEBHOOKS } from '@infra/twin/stripe/webhook-delivery';
import { twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser, eventually, twin, uniqueEmail } from '../twin-client';
import { paymentEventsOf, signedInUser } from './billing-user';

/**
 * The "done when" on the twin: a user going Free → Pro → Agency → Pro → Agency in one day ends with the
 * Stripe stand-in and Adsmith agreeing on the plan and on what was charged — while every webhook arrives twice, in
 * any order, late. Then a card on file that fails: a plan change is refused with a clear message and nothing
 * changes; a failed renewal shows as a failed payment. Events for customers Adsmith does not know are acknowledged.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
const email = uniqueEmail('plan-changes');
let token: string;
let sub: string;
let stripe: Stripe;

const admin = (method: string, path: string, body: unknown) =>
  fetch(`${twin().stripe!}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  ({ token, sub } = await signedInUser(cognito, email));
  const url = new URL(twin().stripe!);
  stripe = new Stripe(LOCAL_STRIPE.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  // Every event twice, shuffled, up to a third of a second late.
  const set = await admin('PUT', '/__admin/webhooks/behaviour', {
    order: 'shuffled',
    duplicates: 1,
    delayMs: [0, 300],
  });
  expect(set.status).toBe(200);
});

afterAll(async () => {
  await admin('PUT', '/__admin/webhooks/behaviour', STRIPE_LIKE_WEBHOOKS);
  doc.destroy();
  await deleteUser(cognito, email);
});

const status = async (): Promise<BillingStatus> =>
  (await (await api('/api/billing', { token })).json()) as BillingStatus;
const changePlan = (plan: string, interval: string) =>
  api('/api/billing/plan', {
    method: 'PUT',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan, interval }),
  });
const planRow = async () =>
  (await doc.send(new GetCommand({ TableName: localTableName('userPlans'), Key: { user_id: sub } }))).Item as {
    stripe_customer_id: string;
    stripe_subscription_id: string;
  };

/** The distinct payments Adsmith announced for this user (the bus's `payment` events), by invoice id. */
async function announcedPayments(): Promise<Map<string, number>> {
  return new Map((await paymentEventsOf(email)).map((a) => [a.event.detail.paymentId, a.event.detail.amount]));
}

describe('plan changes as Stripe charges them', () => {
  it('Free → Pro → Agency → Pro → Agency in one day: Stripe and Adsmith agree on the plan and on what was charged', async () => {
    const checkout = await api('/api/billing/checkout', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', interval: 'monthly' }),
    });
    const { url } = (await checkout.json()) as { url: string };
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, card_number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await eventually(async () => ((await status()).plan === 'pro' ? true : undefined), 'Pro after Checkout', 20_000);

    for (const plan of ['agency', 'pro', 'agency']) {
      const reply = await changePlan(plan, 'monthly');
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as BillingStatus).plan).toBe(plan);
    }

    const { stripe_customer_id: customer, stripe_subscription_id: subscriptionId } = await planRow();
    const atStripe = await stripe.subscriptions.retrieve(subscriptionId);
    expect(atStripe.items.data[0]!.price.lookup_key).toBe('adsmith_agency_monthly');
    const invoices = (await stripe.invoices.list({ customer })).data;
    const charged = new Map(invoices.filter((i) => i.amount_paid > 0).map((i) => [i.id!, i.amount_paid]));
    // Pro, then up, down (a credit) and up again within minutes: about one month of Agency in all.
    const total = [...charged.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(19_800);
    expect(total).toBeLessThanOrEqual(19_950);

    // Once the (doubled, shuffled) webhooks are in, Adsmith agrees: the same plan, the same payments, once each.
    const announced = await eventually(
      async () => {
        const payments = await announcedPayments();
        const now = await status();
        return payments.size === charged.size && now.plan === 'agency' ? payments : undefined;
      },
      'the payments and the plan to settle',
      30_000,
    );
    expect(announced).toEqual(charged);
    expect(await status()).toMatchObject({ plan: 'agency', interval: 'monthly', subscriptionStatus: 'active' });
  });

  it('a card on file that fails: the plan change is refused with a clear message and nothing changes', async () => {
    const { stripe_customer_id: customer, stripe_subscription_id: subscriptionId } = await planRow();
    const card = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });

    const reply = await changePlan('agency', 'yearly');

    expect(reply.status).toBe(402);
    expect(await reply.json()).toEqual({
      error: {
        code: 'PAYMENT_FAILED',
        message:
          'The payment for Agency (yearly) did not go through, so you are still on Agency (monthly). Update your card in "Manage billing", then try again.',
      },
    });
    expect(await status()).toMatchObject({ plan: 'agency', interval: 'monthly', paymentFailed: false });
    const atStripe = await stripe.subscriptions.retrieve(subscriptionId);
    expect(atStripe.items.data[0]!.price.lookup_key).toBe('adsmith_agency_monthly');
    expect(atStripe.pending_update).not.toBeNull();
  });

  it('a renewal charged to the failing card shows as a failed payment (invoice.payment_failed)', async () => {
    const { stripe_subscription_id: subscriptionId } = await planRow();
    expect((await admin('POST', `/__admin/subscriptions/${subscriptionId}/end-period`, {})).status).toBe(200);
    const failed = await eventually(
      async () => {
        const now = await status();
        return now.paymentFailed ? now : undefined;
      },
      'the failed renewal to show',
      20_000,
    );
    expect(failed).toMatchObject({ plan: 'agency', subscriptionStatus: 'past_due' });
  });

  it('acknowledges signed events for customers it does not know, and events without metadata', async () => {
    const send = (object: Record<string, unknown>, type: string) => {
      const payload = JSON.stringify({
        id: `evt_stranger_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      return api('/api/billing/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_STRIPE.webhookSecret }),
        },
        body: payload,
      });
    };
    const before = await status();
    const replies = await Promise.all([
      send(
        { id: 'sub_stranger', object: 'subscription', customer: 'cus_stranger', metadata: {} },
        'customer.subscription.deleted',
      ),
      send(
        { id: 'in_stranger', object: 'invoice', customer: 'cus_stranger', amount_paid: 100, currency: 'usd' },
        'invoice.paid',
      ),
      send({ id: 'cs_stranger', object: 'checkout.session' }, 'checkout.session.completed'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await status()).toEqual(before);
  });
});
