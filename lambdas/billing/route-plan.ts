import { billingRoutes as routes } from '@shared/function-routes/billing';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { config } from './billing-config';
import { billingStatus } from './billing-status';
import { keepAdAccounts, usageOf } from './usage';

const tablesOnly = () => ({
  doc: dynamoDocumentClient(),
  tables: { userPlans: tableName('userPlans'), stripeEvents: tableName('stripeEvents') },
});

function generationLimitOverride(): { aiGenerationsPerDay?: number } {
  const limit = config().AI_DAILY_GENERATION_LIMIT;
  return limit === undefined ? {} : { aiGenerationsPerDay: limit };
}

// The plan and its usage as stored: none of the Stripe code.
export const statusRoute = on(routes.billingStatus, ({ user }) => billingStatus(user, tablesOnly()));
export const usageRoute = on(routes.billingUsage, ({ user }) =>
  usageOf(user, {
    ...tablesOnly(),
    counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    overrides: generationLimitOverride(),
  }),
);
export const keepAdAccountsRoute = on(routes.billingKeepAdAccounts, ({ user, body }) =>
  keepAdAccounts(user, body, {
    ...tablesOnly(),
    counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    overrides: generationLimitOverride(),
  }),
);
