import type { CheckoutRequest } from '@shared/schemas/billing';
import { stripeLookupKey } from '@shared/billing';
import { plans } from '@shared/plans';
import { conflict } from '../lib/errors';
import { assertNotAttached, effectivePlan, readPlanRecord } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import type { BillingDeps } from './billing-deps';
import { recordCustomer } from './plan-updates';

/**
 * Starts a Stripe Checkout session for an upgrade from Free. The Stripe
 * customer is created once per user (an idempotency key makes two racing
 * requests get the same one); a paying user changes plan with `changePlan`.
 */
export async function startCheckout(
  user: RequestUser,
  request: CheckoutRequest,
  deps: BillingDeps,
): Promise<{ url: string }> {
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  assertNotAttached(record);
  const current = effectivePlan(record, deps.now?.() ?? new Date()).plan;
  if (current !== 'free') {
    throw conflict(
      current === request.plan
        ? `You are already on ${plans[current].name}.`
        : `You are on ${plans[current].name}: switch plans from the pricing page, or cancel in "Manage billing".`,
    );
  }

  const customerId = record?.stripe_customer_id ?? (await createCustomer(user, deps));
  const lookupKey = stripeLookupKey(request.plan, request.interval);
  const prices = await deps.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = prices.data[0];
  // A deployment whose Stripe account lacks the prices is misconfigured: say which key is missing in the logs.
  if (!price) throw new Error(`No active Stripe price has the lookup key ${lookupKey} (docs/deploying.md)`);

  const metadata = { userId: user.sub, plan: request.plan, interval: request.interval };
  const session = await deps.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    line_items: [{ price: price.id, quantity: 1 }],
    client_reference_id: user.sub,
    metadata,
    subscription_data: { metadata },
    success_url: `${deps.siteUrl}/dashboard?checkout=success#billing`,
    cancel_url: `${deps.siteUrl}/pricing?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} came back without a URL`);
  return { url: session.url };
}

async function createCustomer(user: RequestUser, deps: BillingDeps): Promise<string> {
  const email = await deps.emailOf(user);
  const customer = await deps.stripe.customers.create(
    { ...(email ? { email } : {}), metadata: { userId: user.sub } },
    { idempotencyKey: `adsmith-customer-${user.sub}` },
  );
  await recordCustomer(deps, user.sub, customer.id, email);
  return customer.id;
}
