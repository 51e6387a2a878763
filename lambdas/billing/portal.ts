import { conflict } from '../lib/errors';
import { readPlanRecord } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import type { BillingDeps } from './billing-deps';

/** Opens Stripe's customer portal, where a paying user changes card, cancels or renews. */
export async function openPortal(user: RequestUser, deps: BillingDeps): Promise<{ url: string }> {
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  if (!record?.stripe_customer_id)
    throw conflict('You have no paid plan to manage yet. Choose a plan on the pricing page.');
  const session = await deps.stripe.billingPortal.sessions.create({
    customer: record.stripe_customer_id,
    return_url: `${deps.siteUrl}/dashboard#billing`,
  });
  return { url: session.url };
}
