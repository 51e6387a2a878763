import {
  BillingRedirectSchema,
  BillingStatusSchema,
  CheckoutRequestSchema,
  KeepAdAccountsSchema,
  UsageSchema,
  WebhookReceiptSchema,
} from '../schemas/billing';
import { route } from '../route-declaration';

/** The routes `billing` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const billingRoutes = {
  // Plans and billing (Stripe).
  billingStatus: route({
    method: 'GET',
    path: '/api/billing',
    fn: 'billing',
    access: 'user',
    response: BillingStatusSchema,
  }),
  billingUsage: route({
    method: 'GET',
    path: '/api/billing/usage',
    fn: 'billing',
    access: 'user',
    response: UsageSchema,
  }),
  billingCheckout: route({
    method: 'POST',
    path: '/api/billing/checkout',
    fn: 'billing',
    access: 'user',
    movesMoney: true,
    workspace: 'owner',
    body: CheckoutRequestSchema,
    response: BillingRedirectSchema,
  }),
  /** Pro ↔ Agency (or monthly ↔ yearly) for a paying user: the Stripe subscription's price changes, prorated. */
  billingChangePlan: route({
    method: 'PUT',
    path: '/api/billing/plan',
    fn: 'billing',
    access: 'user',
    movesMoney: true,
    workspace: 'owner',
    body: CheckoutRequestSchema,
    response: BillingStatusSchema,
  }),
  billingPortal: route({
    method: 'POST',
    path: '/api/billing/portal',
    fn: 'billing',
    access: 'user',
    movesMoney: true,
    workspace: 'owner',
    response: BillingRedirectSchema,
  }),
  /** Stripe calls this; the raw body is checked against Stripe's signature, so it declares no body schema. */
  billingWebhook: route({
    method: 'POST',
    path: '/api/billing/webhook',
    fn: 'billing',
    access: 'public',
    publicBecause:
      'Stripe calls it with no Cognito user; the function acts only on events signed with the endpoint secret (Stripe-Signature) and returns no data',
    response: WebhookReceiptSchema,
  }),
  /** Above the plan's ad-account limit (after a downgrade): keep these accounts, give the others' places back. */
  billingKeepAdAccounts: route({
    method: 'PUT',
    path: '/api/billing/ad-accounts',
    fn: 'billing',
    access: 'user',
    workspace: 'owner',
    body: KeepAdAccountsSchema,
    response: UsageSchema,
  }),
} as const;
