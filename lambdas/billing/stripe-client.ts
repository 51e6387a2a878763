import type Stripe from 'stripe';
import { readSecret } from '../lib/secrets';

/**
 * One Stripe client per container, keyed by the secret's current value. In AWS
 * it talks to api.stripe.com; on the twin STRIPE_API_BASE_URL points it at the
 * Stripe stand-in, so the SDK calls that ship are the ones tested.
 */
let cached: { key: string; client: Stripe } | undefined;

export async function stripeClient(): Promise<{ stripe: Stripe; webhookSecret: string }> {
  const { secretKey, webhookSecret } = await readSecret('stripe');
  if (cached?.key !== secretKey) {
    // stripe-node (~240 KB bundled) is loaded by the first billing request, not at a cold start of the function.
    const { default: StripeClient } = await import('stripe');
    cached = { key: secretKey, client: new StripeClient(secretKey, clientOptions()) };
  }
  return { stripe: cached.client, webhookSecret };
}

function clientOptions(): Stripe.StripeConfig {
  const base = process.env.STRIPE_API_BASE_URL;
  const options: Stripe.StripeConfig = { timeout: 10_000, maxNetworkRetries: 2, appInfo: { name: 'Adsmith' } };
  if (!base) return options;
  const url = new URL(base);
  return {
    ...options,
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}
