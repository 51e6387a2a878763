import { billingRoutes as routes } from '@shared/function-routes/billing';
import { cognitoClient, cognitoSdk } from '../lib/aws/cognito';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { publishEvent } from '../lib/events';
import { paymentEvent } from '@shared/events/payment';
import { on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { config } from './billing-config';
import { changePlan } from './change-plan';
import { startCheckout } from './checkout';
import { openPortal } from './portal';
import { stripeClient } from './stripe-client';
import { handleStripeWebhook } from './stripe-webhook';

async function emailOf(user: { username: string; email?: string }): Promise<string | undefined> {
  if (user.email) return user.email;
  const [{ AdminGetUserCommand }, cognito] = await Promise.all([cognitoSdk(), cognitoClient()]);
  const reply = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: user.username }),
  );
  return reply.UserAttributes?.find((a) => a.Name === 'email')?.Value;
}

async function deps() {
  const { stripe, webhookSecret } = await stripeClient();
  return {
    stripe,
    webhookSecret,
    doc: dynamoDocumentClient(),
    tables: { userPlans: tableName('userPlans'), stripeEvents: tableName('stripeEvents') },
    siteUrl: config().SITE_URL.replace(/\/$/, ''),
    emailOf,
    publishPayment: (detail: { amount: number; currency: string; customerEmail: string; paymentId: string }) =>
      publishEvent(eventBridgeClient, config().EVENT_BUS_NAME, paymentEvent, detail),
  };
}

// The routes that talk to Stripe: its client (lazy itself), the payer's email and the payment event load with them.
export const checkoutRoute = on(routes.billingCheckout, async ({ user, body }) =>
  startCheckout(user, body, await deps()),
);
export const changePlanRoute = on(routes.billingChangePlan, async ({ user, body }) =>
  changePlan(user, body, await deps()),
);
export const portalRoute = on(routes.billingPortal, async ({ user }) => openPortal(user, await deps()));
export const webhookRoute = on(routes.billingWebhook, async ({ event }) => {
  const raw = event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return handleStripeWebhook(raw, event.headers?.['stripe-signature'], await deps());
});
