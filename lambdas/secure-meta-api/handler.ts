import { routes } from '../../shared/routes';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { httpFunction, on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { listAdAccounts, toAdAccount } from './ad-accounts';
import { listCampaignsWithMetrics } from './campaigns';
import { connectionStatus, disconnect } from './connection-status';
import { accountInsights, campaignInsights } from './insights-series';
import { openSession } from './meta-session';
import { updateCampaign } from './update-campaign';

export const handler = httpFunction([
  on(routes.metaConnection, ({ user }) => connectionStatus(user, metaRuntime())),
  on(routes.metaDisconnect, ({ user }) => disconnect(user, metaRuntime())),
  on(routes.metaAdAccounts, async ({ user }) => {
    const session = await openSession(user, metaRuntime());
    return { data: (await listAdAccounts(session)).map(toAdAccount) };
  }),
  on(routes.metaCampaigns, async ({ user, params, query }) =>
    listCampaignsWithMetrics(await openSession(user, metaRuntime()), params.id, query),
  ),
  on(routes.metaAccountInsights, async ({ user, params, query }) =>
    accountInsights(await openSession(user, metaRuntime()), params.id, query),
  ),
  on(routes.metaCampaignInsights, async ({ user, params, query }) =>
    campaignInsights(await openSession(user, metaRuntime()), params.id, query),
  ),
  on(routes.metaUpdateCampaign, async ({ user, params, body }) =>
    updateCampaign(await openSession(user, metaRuntime()), params.id, body, {
      eventBridge: eventBridgeClient(),
      userEmail: user.email,
    }),
  ),
]);
