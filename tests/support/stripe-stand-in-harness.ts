import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { stripeLookupKey } from '@shared/billing';
import { startStripeStandIn, type StripeStandIn, type StripeStandInOptions } from '@infra/twin/stripe/server';

/**
 * A Stripe stand-in with a webhook receiver, driven with the official `stripe` client, for the stand-in's own tests.
 * `answer` decides each webhook reply (200 unless told otherwise).
 */
export const SECRET_KEY = 'sk_test_stand_in_harness';
export const WEBHOOK_SECRET = 'whsec_stand_in_harness';

export interface Harness {
  standIn: StripeStandIn;
  stripe: Stripe;
  received: { body: string; signature: string; status: number }[];
  answer: (event: Stripe.Event) => number;
  events(): Stripe.Event[];
  admin(method: string, path: string, body: unknown): Promise<Response>;
  /** A customer paying Pro monthly through the hosted Checkout page with `card`. */
  subscribe(card?: string): Promise<{ customer: string; subscription: Stripe.Subscription }>;
  price(plan: 'pro' | 'agency', interval: 'monthly' | 'yearly'): Promise<Stripe.Price>;
  stop(): Promise<void>;
}

export async function startHarness(options: Partial<StripeStandInOptions> = {}): Promise<Harness> {
  const received: Harness['received'] = [];
  const harness = { received, answer: () => 200 } as unknown as Harness;
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature']);
      const status = harness.answer(JSON.parse(body) as Stripe.Event);
      received.push({ body, signature, status });
      res.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const standIn = await startStripeStandIn({
    port: 0,
    host: '127.0.0.1',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    retryDelaysMs: [],
    ...options,
  });
  const stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: Number(new URL(standIn.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const price = async (plan: 'pro' | 'agency', interval: 'monthly' | 'yearly') =>
    (await stripe.prices.list({ lookup_keys: [stripeLookupKey(plan, interval)] })).data[0]!;
  return Object.assign(harness, {
    standIn,
    stripe,
    events: () =>
      received
        .filter((r) => r.status === 200)
        .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET)),
    admin: (method: string, path: string, body: unknown) =>
      fetch(`${standIn.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    price,
    subscribe: async (card = '4242424242424242') => {
      const customer = await stripe.customers.create({ email: 'payer@example.com' });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: (await price('pro', 'monthly')).id, quantity: 1 }],
        success_url: 'http://site.test/ok',
      });
      const paid = await fetch(session.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'payer@example.com', card_number: card, expiry: '12 / 40', cvc: '123' }),
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
      const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
      await standIn.webhooks.settle();
      received.length = 0;
      return { customer: customer.id, subscription: await stripe.subscriptions.retrieve(id) };
    },
    stop: async () => {
      await standIn.stop();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  });
}
