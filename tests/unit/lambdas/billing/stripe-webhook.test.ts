import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tables } from '@shared/tables';
import { createTableInput } from '@infra/twin/dynamodb/provision-tables';
import { handleStripeWebhook, type WebhookDeps } from '@lambdas/billing/stripe-webhook';

const SECRET = 'whsec_unit_tests';
const stripe = new Stripe('sk_test_unit', { maxNetworkRetries: 0 });
const TABLES = { userPlans: 'unit-user-plans', stripeEvents: 'unit-stripe-events' };

let dynalite: Server;
let doc: DynamoDBDocumentClient;

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
});

afterAll(() => new Promise<void>((resolve) => dynalite.close(() => resolve())));

function deps(publishPayment = vi.fn(async () => undefined)): WebhookDeps & { publishPayment: typeof publishPayment } {
  return {
    stripe,
    doc,
    tables: TABLES,
    siteUrl: 'http://site.test',
    webhookSecret: SECRET,
    publishPayment,
    emailOf: async () => undefined,
  };
}

let counter = 0;
function invoicePaidEvent(userId: string) {
  counter += 1;
  return JSON.stringify({
    id: `evt_unit_${counter}`,
    object: 'event',
    type: 'invoice.paid',
    api_version: '2026-10-28.endive',
    created: 1_790_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `in_unit_${counter}`,
        object: 'invoice',
        status: 'paid',
        customer: 'cus_unit',
        customer_email: 'payer@example.com',
        amount_paid: 4900,
        currency: 'usd',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { userId } } },
      },
    },
  });
}

const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

describe('Stripe webhook', () => {
  it('accepts a correctly signed invoice.paid, records the payment and puts one payment event on the bus', async () => {
    const body = invoicePaidEvent('user-paid');
    const d = deps();

    expect(await handleStripeWebhook(body, sign(body), d)).toEqual({ received: true });

    expect(d.publishPayment).toHaveBeenCalledExactlyOnceWith({
      amount: 4900,
      currency: 'USD',
      customerEmail: 'payer@example.com',
      paymentId: expect.stringMatching(/^in_unit_/),
    });
    const row = await doc.send(new GetCommand({ TableName: TABLES.userPlans, Key: { user_id: 'user-paid' } }));
    expect(row.Item?.payment_failed).toBe(false);
  });

  it('handles a redelivered event once: the duplicate is acknowledged and emits nothing', async () => {
    const body = invoicePaidEvent('user-dup');
    const d = deps();

    await handleStripeWebhook(body, sign(body), d);
    const again = await handleStripeWebhook(body, sign(body), d);

    expect(again).toEqual({ received: true, duplicate: true });
    expect(d.publishPayment).toHaveBeenCalledTimes(1);
  });

  it('lets Stripe retry when handling failed: the claim is released', async () => {
    const body = invoicePaidEvent('user-retry');
    const failing = deps(vi.fn(async () => Promise.reject(new Error('bus down'))));
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
    const body = invoicePaidEvent('user-forged');
    const d = deps();

    const error = await handleStripeWebhook(body, signer(body), d).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    expect(d.publishPayment).not.toHaveBeenCalled();
    const row = await doc.send(new GetCommand({ TableName: TABLES.userPlans, Key: { user_id: 'user-forged' } }));
    expect(row.Item).toBeUndefined();
  });

  it('refuses a body that was changed after signing', async () => {
    const body = invoicePaidEvent('user-tampered');
    const signature = sign(body);
    const error = await handleStripeWebhook(body.replace('4900', '1'), signature, deps()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
