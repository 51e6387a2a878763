import path from 'node:path';
import { reservePort } from './listen';
import { LOCAL_STRIPE } from './secrets/local-secret-values';
import type { StripeStandIn } from './stripe/server';
import { STRIPE_LIKE_WEBHOOKS } from './stripe/webhook-delivery';
import { TWIN_HOST } from './twin-ports';

/**
 * The Stripe stand-in (infra/twin/stripe/) as one of the twin's services: it
 * accepts the key the twin puts in the `stripe` secret and signs webhooks with
 * its webhook secret, sending them to the product's own webhook route once the
 * API is up — asynchronously, in any order and sometimes twice, as Stripe does
 * (tests make that certain through `/__admin/webhooks/behaviour`). Customers
 * and subscriptions are kept in the state dir.
 */
export async function startStripeService(
  port: number,
  stateDir: string,
  log: (line: string) => void,
): Promise<StripeStandIn> {
  const free = await reservePort('stripe', port);
  const { startStripeStandIn } = await import('./stripe/server');
  return startStripeStandIn({
    port: free,
    host: TWIN_HOST,
    secretKey: LOCAL_STRIPE.secretKey,
    webhookSecret: LOCAL_STRIPE.webhookSecret,
    stateFile: path.join(stateDir, 'stripe.json'),
    webhookBehaviour: STRIPE_LIKE_WEBHOOKS,
    log,
  });
}
