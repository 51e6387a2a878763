import Stripe from 'stripe';
import { contractTwin } from '../contract-twin';

/** The official client pointed at the stand-in, as lambdas/billing/stripe-client.ts does with STRIPE_API_BASE_URL. */
export function stripeClient(secretKey = contractTwin().stripe.secretKey): Stripe {
  const url = new URL(contractTwin().stripe.url);
  return new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
}

export interface ReceivedWebhook {
  signature: string | null;
  body: string;
}

/** The webhooks the stand-in has sent so far, raw, as the product's route would have received them. */
export async function receivedWebhooks(): Promise<ReceivedWebhook[]> {
  const reply = await fetch(`${contractTwin().stripe.receiver}/received`);
  return (await reply.json()) as ReceivedWebhook[];
}

/** Pays an open Checkout session on the stand-in's hosted page, as a person with a test card would. */
export async function payCheckout(url: string, email: string, card = '4242424242424242'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, card_number: card, expiry: '12 / 34', cvc: '123' }),
  });
}
