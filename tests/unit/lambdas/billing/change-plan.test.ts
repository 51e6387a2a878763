import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@shared/tables';
import { createTableInput } from '@infra/twin/dynamodb/provision-tables';
import { readPlanRecord } from '@lambdas/lib/billing/plan-record';
import type { BillingDeps } from '@lambdas/billing/billing-deps';
import { changePlan } from '@lambdas/billing/change-plan';
import { recordCustomer, recordSubscription } from '@lambdas/billing/plan-updates';
import { startHarness, type Harness } from '@tests/support/stripe-stand-in-harness';

/**
 * Plan changes against the Stripe stand-in: each change is its own request at Stripe (never a replay of an earlier
 * one), and a plan is granted only when its proration is paid.
 */
const TABLES = { userPlans: 'unit-plan-change-plans', stripeEvents: 'unit-plan-change-events' };
let dynalite: Server;
let doc: DynamoDBDocumentClient;
let h: Harness;

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
});

afterAll(async () => {
  await h.stop();
  await new Promise<void>((resolve) => dynalite.close(() => resolve()));
});

function deps(stripe: Stripe = h.stripe): BillingDeps {
  return { stripe, doc, tables: TABLES, siteUrl: 'http://site.test', emailOf: async () => undefined };
}

/** A user on Pro monthly, recorded as the product records a completed Checkout. */
async function proUser(sub: string) {
  const { customer, subscription } = await h.subscribe();
  await recordCustomer(deps(), sub, customer, undefined);
  await recordSubscription(deps(), sub, subscription);
  return { user: { sub, username: sub }, customer, subscription };
}

const stripePlan = async (subscriptionId: string) =>
  (await h.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.price.lookup_key;

describe('changePlan', () => {
  it('Pro → Agency → Pro → Agency in one day: every change reaches Stripe, and Stripe and Adsmith agree each time', async () => {
    const { user, subscription } = await proUser('user-abab');
    for (const plan of ['agency', 'pro', 'agency'] as const) {
      const status = await changePlan(user, { plan, interval: 'monthly' }, deps());
      expect(status.plan).toBe(plan);
      expect(await stripePlan(subscription.id)).toBe(`adsmith_${plan}_monthly`);
      expect((await readPlanRecord(doc, TABLES.userPlans, user.sub))?.plan).toBe(plan);
    }
  });

  it('a double click is one change at Stripe', async () => {
    const { user, customer } = await proUser('user-double');
    const retrying = new Stripe('sk_test_stand_in_harness', {
      host: '127.0.0.1',
      port: Number(new URL(h.standIn.url).port),
      protocol: 'http',
      maxNetworkRetries: 2,
    });
    await h.admin('PUT', '/__admin/latency', { ms: 300 });
    try {
      const both = await Promise.allSettled([
        changePlan(user, { plan: 'agency', interval: 'monthly' }, deps(retrying)),
        changePlan(user, { plan: 'agency', interval: 'monthly' }, deps(retrying)),
      ]);
      expect(both.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    } finally {
      await h.admin('PUT', '/__admin/latency', { ms: 0 });
    }
    const updates = (await h.stripe.invoices.list({ customer })).data.filter(
      (i) => i.billing_reason === 'subscription_update',
    );
    expect(updates).toHaveLength(1);
  });

  it('a declined proration changes nothing and says so; the plan is granted only when paid', async () => {
    const { user, customer, subscription } = await proUser('user-declined');
    const card = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await h.stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });

    const error = await changePlan(user, { plan: 'agency', interval: 'monthly' }, deps()).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'PAYMENT_FAILED', statusCode: 402 });
    expect((error as Error).message).toBe(
      'The payment for Agency did not go through, so you are still on Pro. Update your card in "Manage billing", then try again.',
    );
    expect((await readPlanRecord(doc, TABLES.userPlans, user.sub))?.plan).toBe('pro');
    const atStripe = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(atStripe.items.data[0]!.price.lookup_key).toBe('adsmith_pro_monthly');
    expect(atStripe.pending_update?.subscription_items?.[0]?.price.lookup_key).toBe('adsmith_agency_monthly');

    // With a working card the same change, asked again, goes through (a new request, not a replay of the failure).
    const visa = await h.stripe.paymentMethods.attach('pm_card_visa', { customer });
    await h.stripe.customers.update(customer, { invoice_settings: { default_payment_method: visa.id } });
    expect((await changePlan(user, { plan: 'agency', interval: 'monthly' }, deps())).plan).toBe('agency');
    expect(await stripePlan(subscription.id)).toBe('adsmith_agency_monthly');
  });

  it('takes back a pending cancellation after the change, as the portal does', async () => {
    const { user, subscription } = await proUser('user-cancelling');
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await recordSubscription(deps(), user.sub, await h.stripe.subscriptions.retrieve(subscription.id));

    const status = await changePlan(user, { plan: 'agency', interval: 'monthly' }, deps());

    expect(status).toMatchObject({ plan: 'agency', cancelAtPeriodEnd: false });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });
});
