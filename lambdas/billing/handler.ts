import * as z from 'zod';
import { billingRoutes as routes } from '@shared/function-routes/billing';
import { AiConfigSchema } from '../lib/ai/ai-config';
import { cognitoClient, cognitoSdk } from '../lib/aws/cognito';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { publishEvent } from '../lib/events';
import { httpFunction, on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { billingStatus } from './billing-status';
import { changePlan } from './change-plan';
import { startCheckout } from './checkout';
import { openPortal } from './portal';
import { stripeClient } from './stripe-client';
import { handleStripeWebhook } from './stripe-webhook';
import { keepAdAccounts, usageOf } from './usage';

const config = lazyEnv(
  z.object({
    SITE_URL: z.url(),
    EVENT_BUS_NAME: z.string().min(1),
    USER_POOL_ID: z.string().min(1),
    // The same override the AI functions apply (lambdas/lib/ai/ai-config.ts), so usage reports their limit.
    AI_DAILY_GENERATION_LIMIT: AiConfigSchema.shape.AI_DAILY_GENERATION_LIMIT,
  }),
);

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
      publishEvent(eventBridgeClient, config().EVENT_BUS_NAME, 'payment', detail),
  };
}

const tablesOnly = () => ({
  doc: dynamoDocumentClient(),
  tables: { userPlans: tableName('userPlans'), stripeEvents: tableName('stripeEvents') },
});

function generationLimitOverride(): { aiGenerationsPerDay?: number } {
  const limit = config().AI_DAILY_GENERATION_LIMIT;
  return limit === undefined ? {} : { aiGenerationsPerDay: limit };
}

export const handler = httpFunction([
  on(routes.billingStatus, ({ user }) => billingStatus(user, tablesOnly())),
  on(routes.billingUsage, ({ user }) =>
    usageOf(user, {
      ...tablesOnly(),
      counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      overrides: generationLimitOverride(),
    }),
  ),
  on(routes.billingKeepAdAccounts, ({ user, body }) =>
    keepAdAccounts(user, body, {
      ...tablesOnly(),
      counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      overrides: generationLimitOverride(),
    }),
  ),
  on(routes.billingCheckout, async ({ user, body }) => startCheckout(user, body, await deps())),
  on(routes.billingChangePlan, async ({ user, body }) => changePlan(user, body, await deps())),
  on(routes.billingPortal, async ({ user }) => openPortal(user, await deps())),
  on(routes.billingWebhook, async ({ event }) => {
    const raw = event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    return handleStripeWebhook(raw, event.headers?.['stripe-signature'], await deps());
  }),
]);
