import type { Context } from 'aws-lambda';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { routes } from '@shared/routes';
import { httpFunction, on } from '../lib/http/http-function';
import type { RequestUser } from '../lib/http/request-user';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { heldQuota } from '../lib/quota/plan-quota';
import { metaGraphCache, metaRuntime } from '../lib/meta-connection/meta-deps';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { tableName } from '../lib/table-name';
import { listAdAccounts, toAdAccount } from './ad-accounts';
import { listCampaignAdSets } from './campaign-adsets';
import { listCampaignsWithMetrics } from './campaigns';
import { connectionStatus, disconnect } from './connection-status';
import { accountInsights, campaignInsights } from './insights-series';
import { openSession, type MetaDeps } from './meta-session';
import { updateCampaign } from './update-campaign';

const deps = (context?: Context): MetaDeps => ({
  ...metaRuntime(),
  cache: metaGraphCache(),
  adAccountQuota: heldQuota(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
    'connectedAdAccounts',
  ),
  ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
});

/** Every Meta route first spends a token of the user's request budget (429 with Retry-After when it is empty). */
const spendBudget = (user: RequestUser) =>
  takeToken(
    { doc: metaRuntime().doc, table: tableName('rateLimitBuckets') },
    `${user.sub}#meta`,
    META_USER_REQUEST_BUCKET,
  );

export const handler = httpFunction([
  on(routes.metaConnection, async ({ user }) => {
    await spendBudget(user);
    return connectionStatus(user, deps());
  }),
  on(routes.metaDisconnect, async ({ user }) => {
    await spendBudget(user);
    return disconnect(user, deps());
  }),
  on(routes.metaAdAccounts, async ({ user }) => {
    await spendBudget(user);
    const session = await openSession(user, deps());
    return { data: (await listAdAccounts(session)).map(toAdAccount) };
  }),
  on(routes.metaCampaigns, async ({ user, params, query, context }) => {
    await spendBudget(user);
    return listCampaignsWithMetrics(await openSession(user, deps(context)), params.id, query);
  }),
  on(routes.metaAccountInsights, async ({ user, params, query, context }) => {
    await spendBudget(user);
    return accountInsights(await openSession(user, deps(context)), params.id, query);
  }),
  on(routes.metaCampaignInsights, async ({ user, params, query, context }) => {
    await spendBudget(user);
    return campaignInsights(await openSession(user, deps(context)), params.id, query);
  }),
  on(routes.metaUpdateCampaign, async ({ user, params, body }) => {
    await spendBudget(user);
    return updateCampaign(await openSession(user, deps()), params.id, body, { userEmail: user.email });
  }),
  on(routes.metaCampaignAdSets, async ({ user, params, context }) => {
    await spendBudget(user);
    return listCampaignAdSets(await openSession(user, deps(context)), params.id);
  }),
]);
