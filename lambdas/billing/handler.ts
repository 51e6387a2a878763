import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the plan and usage screens
// need none of the Stripe code; checkout, plan changes, the portal and the webhook bring it.
const plan = () => import('./route-plan');
const stripe = () => import('./route-stripe');

export const handler = httpFunction([
  onFirstUse('GET /api/billing', async () => (await plan()).statusRoute),
  onFirstUse('GET /api/billing/usage', async () => (await plan()).usageRoute),
  onFirstUse('POST /api/billing/checkout', async () => (await stripe()).checkoutRoute),
  onFirstUse('PUT /api/billing/plan', async () => (await stripe()).changePlanRoute),
  onFirstUse('POST /api/billing/portal', async () => (await stripe()).portalRoute),
  onFirstUse('POST /api/billing/webhook', async () => (await stripe()).webhookRoute),
  onFirstUse('PUT /api/billing/ad-accounts', async () => (await plan()).keepAdAccountsRoute),
]);
